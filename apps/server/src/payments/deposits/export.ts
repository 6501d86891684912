/** The payouts export: its columns and rows, handed to the shared export machinery. */
import { type DepositSortedQuery, depositExports, type depositQueries } from "@paydesk/contract/deposits";
import type { CsvColumn } from "@paydesk/domain/csv";
import { formatInTimeZone } from "@paydesk/domain/dates";
import { formatPlainAmount } from "@paydesk/domain/money";
import { payoutStatusLabel, payoutTypeLabel } from "@paydesk/domain/payouts";
import type { PayoutsTable } from "../../db/schema.ts";
import type { ExportContext, ExportDefinition } from "../exports/definition.ts";
import { filterTimeZone } from "../exports/time-zones.ts";
import { payoutBatches } from "./queries.ts";

export function payoutColumns(context: ExportContext): readonly CsvColumn<PayoutsTable>[] {
	return [
		{ header: "Payout ID", value: (p) => p.id },
		{ header: "Date", value: (p) => formatInTimeZone(p.date, context.storeTimeZone) },
		{ header: "Type", value: (p) => payoutTypeLabel(p.type) },
		{ header: "Amount", value: (p) => formatPlainAmount(p.amount, p.currency) },
		{ header: "Fee", value: (p) => formatPlainAmount(p.fee, p.currency) },
		{ header: "Currency", value: (p) => p.currency.toUpperCase() },
		{ header: "Status", value: (p) => payoutStatusLabel(p) },
		{ header: "Bank account", value: (p) => p.bank_account },
		{ header: "Bank reference ID", value: (p) => p.bank_reference_key ?? "" },
		{ header: "Failure code", value: (p) => p.failure_code ?? "" },
	];
}

export const payoutExport: ExportDefinition<typeof depositQueries.sorted, PayoutsTable> = {
	routes: depositExports,
	noun: "payouts",
	columns: payoutColumns,
	async *rows(db, accountId, query: DepositSortedQuery) {
		const timeZone = await filterTimeZone(db.kysely, accountId, query);
		yield* payoutBatches(db.kysely, accountId, query, timeZone);
	},
};
