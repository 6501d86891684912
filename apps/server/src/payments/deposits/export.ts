/** The payouts export: its columns and rows, handed to the shared export machinery. */
import { type DepositSortedQuery, depositExports, type depositQueries } from "@paydesk/contract/deposits";
import type { CsvColumn } from "@paydesk/domain/csv";
import { formatInTimeZone } from "@paydesk/domain/dates";
import { formatPlainAmount } from "@paydesk/domain/money";
import { payoutStatusLabel, payoutTypeLabel } from "@paydesk/domain/payouts";
import type { PayoutsTable } from "../../db/schema.ts";
import type { ExportContext, ExportDefinition } from "../../exports/definition.ts";
import { filterTimeZone } from "../../lists/time-zones.ts";
import { exportReadyTitle } from "../../notifications/texts.ts";
import { payoutBatches } from "./queries.ts";

export function payoutColumns(context: ExportContext): readonly CsvColumn<PayoutsTable>[] {
	const { t } = context;
	return [
		{ header: t.__("Payout ID", "paydesk"), value: (p) => p.id },
		{ header: t.__("Date", "paydesk"), value: (p) => formatInTimeZone(p.date, context.storeTimeZone) },
		{ header: t.__("Type", "paydesk"), value: (p) => payoutTypeLabel(p.type, t) },
		{ header: t.__("Amount", "paydesk"), value: (p) => formatPlainAmount(p.amount, p.currency) },
		{ header: t.__("Fee", "paydesk"), value: (p) => formatPlainAmount(p.fee, p.currency) },
		{ header: t.__("Currency", "paydesk"), value: (p) => p.currency.toUpperCase() },
		{ header: t.__("Status", "paydesk"), value: (p) => payoutStatusLabel(p, t) },
		{ header: t.__("Bank account", "paydesk"), value: (p) => p.bank_account },
		{ header: t.__("Bank reference ID", "paydesk"), value: (p) => p.bank_reference_key ?? "" },
		{ header: t.__("Failure code", "paydesk"), value: (p) => p.failure_code ?? "" },
	];
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
