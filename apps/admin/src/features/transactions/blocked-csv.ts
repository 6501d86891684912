/**
 * The blocked transactions CSV, built in the browser from the blocked-download answer (spec 2
 * §7): the list's declared export columns in its order (packages/contract fraud-outcome-list.ts),
 * with the same cells as the server's exports — plain major-unit amounts beside their currency,
 * times in the store's time zone as "YYYY-MM-DD HH:mm:ss", a UTF-8 BOM for spreadsheets.
 */
import { type FraudOutcomeExportColumn, fraudOutcomeList } from "@paydesk/contract/fraud-outcome-list";
import type { BlockedTransaction } from "@paydesk/contract/fraud-outcomes";
import { exportLabel } from "@paydesk/contract/list-fields";
import { CSV_BOM, type CsvColumn, csvHeader, csvRecord } from "@paydesk/domain/csv";
import { formatDate, toEpochSeconds } from "@paydesk/domain/dates";
import { formatPlainAmount } from "@paydesk/domain/money";
import { fraudOutcomeStatusLabel } from "@paydesk/domain/transactions";
import { translator } from "../../components/translator.ts";

const CSV_TIME_FORMAT = "Y-m-d H:i:s";

type CsvCell = (row: BlockedTransaction) => string;

function csvCells(timeZone: string): Readonly<Record<FraudOutcomeExportColumn, CsvCell>> {
	return {
		payment_intent: (row) => row.payment_intent.id,
		date: (row) => formatDate(CSV_TIME_FORMAT, toEpochSeconds(row.created), timeZone),
		order: (row) => (row.order_id === null ? "" : String(row.order_id)),
		customer_name: (row) => row.customer_name,
		amount: (row) => formatPlainAmount(row.amount, row.currency),
		currency: (row) => row.currency.toUpperCase(),
		status: (row) => fraudOutcomeStatusLabel(row.status, translator),
	};
}

export function blockedCsvColumns(timeZone: string): CsvColumn<BlockedTransaction>[] {
	const cells = csvCells(timeZone);
	return fraudOutcomeList.exportColumns.map((name) => ({
		header: exportLabel(fraudOutcomeList.fields[name])(translator),
		value: cells[name],
	}));
}

export function blockedCsv(rows: readonly BlockedTransaction[], timeZone: string): string {
	const columns = blockedCsvColumns(timeZone);
	return CSV_BOM + csvHeader(columns) + rows.map((row) => csvRecord(columns, row)).join("");
}

/** blocked-transactions-2026-11-22.csv (the store's date). */
export function blockedCsvName(nowSeconds: number, timeZone: string): string {
	return `blocked-transactions-${formatDate("Y-m-d", nowSeconds, timeZone)}.csv`;
}
