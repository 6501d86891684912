/**
 * The payouts list (spec 2 "Payouts list", §7), declared once: the table's columns with their
 * headings and visibility, the sorts, the advanced filters and the export's columns. The
 * contract's filter parameters (deposits.ts), the server's filter SQL and export
 * (payments/deposits/) and the admin's table and filters (features/payouts/) derive from it.
 */
import { PAYOUT_STATUSES } from "@paydesk/domain/payouts";
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
	id: { label: (t) => t.__("Payout ID", "paydesk"), export: true },
	date: {
		label: (t) => t.__("Date", "paydesk"),
		column: "required",
		sort: true,
		export: true,
		filter: { kind: "date" },
	},
	type: { label: (t) => t.__("Type", "paydesk"), column: "shown", export: true },
	amount: { label: (t) => t.__("Amount", "paydesk"), column: "required", sort: true, export: true },
	fee: { label: (t) => t.__("Fee", "paydesk"), export: true },
	currency: { label: (t) => t.__("Currency", "paydesk"), export: true },
	status: {
		label: (t) => t.__("Status", "paydesk"),
		column: "shown",
		export: true,
		filter: { kind: "value", rules: ["is", "is_not"], value: z.enum(PAYOUT_STATUSES) },
	},
	bank_account: {
		label: (t) => t.__("Bank account", "paydesk"),
		column: "shown",
		columnKey: "bankAccount",
		export: true,
	},
	bank_reference_key: {
		label: (t) => t.__("Bank reference ID", "paydesk"),
		column: "shown",
		columnKey: "bankReferenceId",
		export: true,
	},
	failure_code: { label: (t) => t.__("Failure code", "paydesk"), export: true },
} as const satisfies Record<string, ListField<void>>;

export const payoutList = defineListFields<void>()(fields, ["date", "status"]);

type PayoutFields = typeof payoutList.fields;
export type PayoutColumn = ColumnField<PayoutFields>;
export type PayoutExportColumn = ExportField<PayoutFields>;
export type PayoutRuleField = ValueFilterField<PayoutFields>;
