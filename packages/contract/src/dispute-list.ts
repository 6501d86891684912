/**
 * The disputes list (spec 3 §2.2, §7), declared once: the table's columns with their headings and
 * visibility, the sorts, the advanced filters and the export's columns. The contract's filter
 * parameters (disputes.ts), the server's filter SQL and export (payments/disputes/) and the
 * admin's table and filters (features/disputes/) derive from it.
 */
import { DISPUTE_STATUSES } from "@paydesk/domain/disputes/statuses";
import { z } from "zod";
import {
	type ColumnField,
	defineListFields,
	type ExportField,
	type ListField,
	type ValueFilterField,
} from "./list-fields.ts";

/** The fields in the table's order, the export's own columns where the table has none. */
const fields = {
	dispute_id: { label: (t) => t.__("Dispute ID", "paydesk"), export: true },
	charge_id: { label: (t) => t.__("Charge ID", "paydesk"), export: true },
	amount: { label: (t) => t.__("Amount", "paydesk"), column: "required", sort: true, export: true },
	currency: { label: (t) => t.__("Currency", "paydesk"), column: "hidden", export: true },
	status: {
		label: (t) => t.__("Status", "paydesk"),
		column: "shown",
		export: true,
		filter: { kind: "value", rules: ["is", "is_not"], value: z.enum(DISPUTE_STATUSES) },
	},
	reason: { label: (t) => t.__("Reason", "paydesk"), column: "shown", export: true },
	source: { label: (t) => t.__("Source", "paydesk"), column: "shown", export: true },
	order: { label: (t) => t.__("Order #", "paydesk"), column: "shown", export: true },
	customer_name: {
		label: (t) => t.__("Customer", "paydesk"),
		column: "shown",
		columnKey: "customerName",
		export: true,
	},
	customer_email: {
		label: (t) => t.__("Email", "paydesk"),
		column: "hidden",
		columnKey: "customerEmail",
		export: true,
	},
	customer_country: {
		label: (t) => t.__("Country", "paydesk"),
		column: "hidden",
		columnKey: "customerCountry",
		export: true,
	},
	/** The date rules (date_before, date_after, date_between) read the dispute's creation. */
	created: {
		label: (t) => t.__("Disputed on", "paydesk"),
		column: "hidden",
		sort: true,
		export: true,
		filter: { kind: "date" },
	},
	due_by: {
		label: (t) => t.__("Respond by", "paydesk"),
		column: "shown",
		columnKey: "dueBy",
		sort: true,
		export: true,
	},
	action: { label: (t) => t.__("Action", "paydesk"), column: "required" },
} as const satisfies Record<string, ListField<void>>;

export const disputeList = defineListFields<void>()(fields, ["created", "status"]);

type DisputeFields = typeof disputeList.fields;
export type DisputeColumn = ColumnField<DisputeFields>;
export type DisputeExportColumn = ExportField<DisputeFields>;
export type DisputeRuleField = ValueFilterField<DisputeFields>;
