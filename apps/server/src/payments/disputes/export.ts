/** The disputes export: its columns and rows, handed to the shared export machinery. */
import { type DisputeSortedQuery, disputeExports, type disputeQueries } from "@paydesk/contract/disputes";
import type { CsvColumn } from "@paydesk/domain/csv";
import { formatInTimeZone } from "@paydesk/domain/dates";
import { disputeReasonLabel } from "@paydesk/domain/disputes/reasons";
import { disputeStatusLabel } from "@paydesk/domain/disputes/statuses";
import { formatPlainAmount } from "@paydesk/domain/money";
import type { ExportContext, ExportDefinition } from "../exports/definition.ts";
import { filterTimeZone } from "../exports/time-zones.ts";
import { type DisputeRow, disputeBatches } from "./queries.ts";

export function disputeColumns(context: ExportContext): readonly CsvColumn<DisputeRow>[] {
	return [
		{ header: "Dispute ID", value: (d) => d.id },
		{ header: "Charge ID", value: (d) => d.charge_id },
		{ header: "Amount", value: (d) => formatPlainAmount(d.amount, d.currency) },
		{ header: "Currency", value: (d) => d.currency.toUpperCase() },
		{ header: "Status", value: (d) => disputeStatusLabel(d.status) },
		{ header: "Reason", value: (d) => disputeReasonLabel(d.reason) },
		{ header: "Source", value: (d) => d.source },
		{ header: "Order #", value: (d) => d.order_number ?? "" },
		{ header: "Customer", value: (d) => d.customer_name },
		{ header: "Email", value: (d) => d.customer_email },
		{ header: "Country", value: (d) => d.customer_country },
		{ header: "Disputed on", value: (d) => formatInTimeZone(d.created, context.storeTimeZone) },
		{ header: "Respond by", value: (d) => formatInTimeZone(d.due_by, context.storeTimeZone) },
	];
}

export const disputeExport: ExportDefinition<typeof disputeQueries.sorted, DisputeRow> = {
	routes: disputeExports,
	noun: "disputes",
	columns: disputeColumns,
	async *rows(db, accountId, query: DisputeSortedQuery) {
		const timeZone = await filterTimeZone(db.kysely, accountId, query);
		yield* disputeBatches(db.kysely, accountId, query, timeZone);
	},
};
