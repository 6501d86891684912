/**
 * The blocked transactions CSV, built in the browser from the blocked-download answer (spec 2
 * §7): the same cells as the server's exports — plain major-unit amounts beside their currency,
 * times in the store's time zone as "YYYY-MM-DD HH:mm:ss", a UTF-8 BOM for spreadsheets.
 */
import type { BlockedTransaction } from "@paydesk/contract/fraud-outcomes";
import { CSV_BOM, type CsvColumn, csvHeader, csvRecord } from "@paydesk/domain/csv";
import { formatDate, toEpochSeconds } from "@paydesk/domain/dates";
import { formatPlainAmount } from "@paydesk/domain/money";
import { fraudOutcomeStatusLabel } from "@paydesk/domain/transactions";
import { __ } from "@wordpress/i18n";
import { translator } from "../../components/translator.ts";

const CSV_TIME_FORMAT = "Y-m-d H:i:s";

export function blockedCsvColumns(timeZone: string): CsvColumn<BlockedTransaction>[] {
	return [
		{ header: __("Payment ID", "paydesk"), value: (row) => row.payment_intent.id },
		{
			header: __("Date / Time", "paydesk"),
			value: (row) => formatDate(CSV_TIME_FORMAT, toEpochSeconds(row.created), timeZone),
		},
		{ header: __("Order #", "paydesk"), value: (row) => (row.order_id === null ? "" : String(row.order_id)) },
		{ header: __("Customer", "paydesk"), value: (row) => row.customer_name },
		{ header: __("Amount", "paydesk"), value: (row) => formatPlainAmount(row.amount, row.currency) },
		{ header: __("Currency", "paydesk"), value: (row) => row.currency.toUpperCase() },
		{ header: __("Status", "paydesk"), value: (row) => fraudOutcomeStatusLabel(row.status, translator) },
	];
}

export function blockedCsv(rows: readonly BlockedTransaction[], timeZone: string): string {
	const columns = blockedCsvColumns(timeZone);
	return CSV_BOM + csvHeader(columns) + rows.map((row) => csvRecord(columns, row)).join("");
}

/** blocked-transactions-2026-11-22.csv (the store's date). */
export function blockedCsvName(nowSeconds: number, timeZone: string): string {
	return `blocked-transactions-${formatDate("Y-m-d", nowSeconds, timeZone)}.csv`;
}
