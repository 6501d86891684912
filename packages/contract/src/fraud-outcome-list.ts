/**
 * The blocked tab's list of fraud outcomes (spec 2 "Blocked tab", §3 Blocked transaction, §7),
 * declared once: the table's columns with their headings and visibility, the sorts and the
 * export's columns, which the admin writes to a CSV file from the download's rows. The contract's
 * sort parameter (fraud-outcomes.ts) and the admin's table and CSV (features/transactions/
 * blocked-*) derive from it. Its status and search are fixed by the tab, not advanced filters.
 */
import {
	type ColumnField,
	defineListFields,
	type ExportField,
	type ListField,
	type SortField,
} from "./list-fields.ts";

/** The fields in the table's order; the export's order is its own (below). */
const fields = {
	/** The outcome's creation time. */
	date: {
		label: (t) => t.__("Date / Time", "paydesk"),
		column: "required",
		sort: true,
		export: true,
	},
	amount: { label: (t) => t.__("Amount", "paydesk"), column: "required", sort: true, export: true },
	order: { label: (t) => t.__("Order #", "paydesk"), column: "required", export: true },
	customer_name: { label: (t) => t.__("Customer", "paydesk"), column: "shown", export: true },
	status: { label: (t) => t.__("Status", "paydesk"), column: "shown", export: true },
	payment_intent: { label: (t) => t.__("Payment ID", "paydesk"), column: "hidden", export: true },
	currency: { label: (t) => t.__("Currency", "paydesk"), export: true },
} as const satisfies Record<string, ListField<void>>;

/** The export leads with the payment's id and gives the amount beside its currency. */
export const fraudOutcomeList = defineListFields<void>()(
	fields,
	[],
	["payment_intent", "date", "order", "customer_name", "amount", "currency", "status"],
);

type FraudOutcomeFields = typeof fraudOutcomeList.fields;
export type FraudOutcomeColumn = ColumnField<FraudOutcomeFields>;
export type FraudOutcomeExportColumn = ExportField<FraudOutcomeFields>;
export type FraudOutcomeSortField = SortField<FraudOutcomeFields>;
