/**
 * The disputes export: the list's declared export columns in its order (dispute-list.ts), each
 * given its cell here, and the rows, handed to the shared export machinery.
 */
import { type DisputeExportColumn, disputeList } from "@paydesk/contract/dispute-list";
import { type DisputeSortedQuery, disputeExports, type disputeQueries } from "@paydesk/contract/disputes";
import { exportLabel } from "@paydesk/contract/list-fields";
import type { CsvColumn } from "@paydesk/domain/csv";
import { formatInTimeZone } from "@paydesk/domain/dates";
import { disputeReasonLabel } from "@paydesk/domain/disputes/reasons";
import { disputeStatusLabel } from "@paydesk/domain/disputes/statuses";
import { formatPlainAmount } from "@paydesk/domain/money";
import type { ExportContext, ExportDefinition } from "../../exports/definition.ts";
import { filterTimeZone } from "../../lists/time-zones.ts";
import { exportReadyTitle } from "../../notifications/texts.ts";
import { type DisputeRow, disputeBatches } from "./queries.ts";

type ExportCell = (dispute: DisputeRow) => string;

function exportCells(context: ExportContext): Readonly<Record<DisputeExportColumn, ExportCell>> {
	const { t } = context;
	return {
		dispute_id: (d) => d.id,
		charge_id: (d) => d.charge_id,
		amount: (d) => formatPlainAmount(d.amount, d.currency),
		currency: (d) => d.currency.toUpperCase(),
		status: (d) => disputeStatusLabel(d.status, t),
		reason: (d) => disputeReasonLabel(d.reason, t),
		source: (d) => d.source,
		order: (d) => d.order_number ?? "",
		customer_name: (d) => d.customer_name,
		customer_email: (d) => d.customer_email,
		customer_country: (d) => d.customer_country,
		created: (d) => formatInTimeZone(d.created, context.storeTimeZone),
		due_by: (d) => formatInTimeZone(d.due_by, context.storeTimeZone),
	};
}

export function disputeColumns(context: ExportContext): readonly CsvColumn<DisputeRow>[] {
	const cells = exportCells(context);
	return disputeList.exportColumns.map((name) => ({
		header: exportLabel(disputeList.fields[name])(context.t),
		value: cells[name],
	}));
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
