/**
 * The payouts export: the list's declared export columns in its order (payout-list.ts), each
 * given its cell here, and the rows, handed to the shared export machinery.
 */
import { type DepositSortedQuery, depositExports, type depositQueries } from "@paydesk/contract/deposits";
import { exportLabel } from "@paydesk/contract/list-fields";
import { type PayoutExportColumn, payoutList } from "@paydesk/contract/payout-list";
import type { CsvColumn } from "@paydesk/domain/csv";
import { formatInTimeZone } from "@paydesk/domain/dates";
import { formatPlainAmount } from "@paydesk/domain/money";
import { payoutStatusLabel, payoutTypeLabel } from "@paydesk/domain/payouts";
import type { PayoutsTable } from "../../db/schema.ts";
import type { ExportContext, ExportDefinition } from "../../exports/definition.ts";
import { filterTimeZone } from "../../lists/time-zones.ts";
import { exportReadyTitle } from "../../notifications/texts.ts";
import { payoutBatches } from "./queries.ts";

type ExportCell = (payout: PayoutsTable) => string;

function exportCells(context: ExportContext): Readonly<Record<PayoutExportColumn, ExportCell>> {
	const { t } = context;
	return {
		id: (p) => p.id,
		date: (p) => formatInTimeZone(p.date, context.storeTimeZone),
		type: (p) => payoutTypeLabel(p.type, t),
		amount: (p) => formatPlainAmount(p.amount, p.currency),
		fee: (p) => formatPlainAmount(p.fee, p.currency),
		currency: (p) => p.currency.toUpperCase(),
		status: (p) => payoutStatusLabel(p, t),
		bank_account: (p) => p.bank_account,
		bank_reference_key: (p) => p.bank_reference_key ?? "",
		failure_code: (p) => p.failure_code ?? "",
	};
}

export function payoutColumns(context: ExportContext): readonly CsvColumn<PayoutsTable>[] {
	const cells = exportCells(context);
	return payoutList.exportColumns.map((name) => ({
		header: exportLabel(payoutList.fields[name])(context.t),
		value: cells[name],
	}));
}

export const payoutExport: ExportDefinition<typeof depositQueries.sorted, PayoutsTable> = {
	routes: depositExports,
	noun: "payouts",
	columns: payoutColumns,
	mailTexts: (t, rowCount) => ({
		subject: exportReadyTitle(t, "deposits"),
		/* translators: 1: how many payouts, 2: the store's name. */
		ready: t._n(
			"The export of %1$s payout you requested from %2$s is ready:",
			"The export of %1$s payouts you requested from %2$s is ready:",
			rowCount,
			"paydesk",
		),
	}),
	async *rows(db, accountId, query: DepositSortedQuery) {
		const timeZone = await filterTimeZone(db.kysely, accountId, query);
		yield* payoutBatches(db.kysely, accountId, query, timeZone);
	},
};
