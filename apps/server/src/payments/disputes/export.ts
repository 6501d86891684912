/** The disputes export: its columns and rows, handed to the shared export machinery. */
import { type DisputeSortedQuery, disputeExports, type disputeQueries } from "@paydesk/contract/disputes";
import type { CsvColumn } from "@paydesk/domain/csv";
import { formatInTimeZone } from "@paydesk/domain/dates";
import { disputeReasonLabel } from "@paydesk/domain/disputes/reasons";
import { disputeStatusLabel } from "@paydesk/domain/disputes/statuses";
import { formatPlainAmount } from "@paydesk/domain/money";
import type { ExportContext, ExportDefinition } from "../../exports/definition.ts";
import { filterTimeZone } from "../../lists/time-zones.ts";
import { exportReadyTitle } from "../../notifications/texts.ts";
import { type DisputeRow, disputeBatches } from "./queries.ts";

export function disputeColumns(context: ExportContext): readonly CsvColumn<DisputeRow>[] {
	const { t } = context;
	return [
		{ header: t.__("Dispute ID", "paydesk"), value: (d) => d.id },
		{ header: t.__("Charge ID", "paydesk"), value: (d) => d.charge_id },
		{ header: t.__("Amount", "paydesk"), value: (d) => formatPlainAmount(d.amount, d.currency) },
		{ header: t.__("Currency", "paydesk"), value: (d) => d.currency.toUpperCase() },
		{ header: t.__("Status", "paydesk"), value: (d) => disputeStatusLabel(d.status, t) },
		{ header: t.__("Reason", "paydesk"), value: (d) => disputeReasonLabel(d.reason, t) },
		{ header: t.__("Source", "paydesk"), value: (d) => d.source },
		{ header: t.__("Order #", "paydesk"), value: (d) => d.order_number ?? "" },
		{ header: t.__("Customer", "paydesk"), value: (d) => d.customer_name },
		{ header: t.__("Email", "paydesk"), value: (d) => d.customer_email },
		{ header: t.__("Country", "paydesk"), value: (d) => d.customer_country },
		{
			header: t.__("Disputed on", "paydesk"),
			value: (d) => formatInTimeZone(d.created, context.storeTimeZone),
		},
		{
			header: t.__("Respond by", "paydesk"),
			value: (d) => formatInTimeZone(d.due_by, context.storeTimeZone),
		},
	];
}

export const disputeExport: ExportDefinition<typeof disputeQueries.sorted, DisputeRow> = {
	routes: disputeExports,
	noun: "disputes",
	columns: disputeColumns,
	mailTexts: (t, rowCount) => ({
		subject: exportReadyTitle(t, "disputes"),
		/* translators: 1: how many disputes, 2: the store's name. */
		ready: t._n(
			"The export of %1$s dispute you requested from %2$s is ready:",
			"The export of %1$s disputes you requested from %2$s is ready:",
			rowCount,
			"paydesk",
		),
	}),
	async *rows(db, accountId, query: DisputeSortedQuery) {
		const timeZone = await filterTimeZone(db.kysely, accountId, query);
		yield* disputeBatches(db.kysely, accountId, query, timeZone);
	},
};
