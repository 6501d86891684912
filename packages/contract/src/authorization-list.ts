/**
 * The uncaptured tab's list of authorizations (spec 2 "Uncaptured tab", §3 Authorization),
 * declared once: the table's columns with their headings and visibility, and the sorts. The
 * contract's sort parameter (authorizations.ts) and the admin's table
 * (features/transactions/authorization-columns.tsx) derive from it. It has no filters and no
 * export.
 */
import { type ColumnField, defineListFields, type ListField, type SortField } from "./list-fields.ts";

/** The fields in the table's order. */
const fields = {
	created: { label: (t) => t.__("Authorized on", "paydesk"), column: "required", sort: true },
	/** Sorting by the deadline is sorting by creation: it is always seven days later. */
	capture_by: { label: (t) => t.__("Capture by", "paydesk"), column: "required", sort: true },
	order: { label: (t) => t.__("Order #", "paydesk"), column: "required" },
	risk_level: { label: (t) => t.__("Risk level", "paydesk"), column: "shown" },
	amount: { label: (t) => t.__("Amount", "paydesk"), column: "required", sort: true },
	customer_name: { label: (t) => t.__("Customer", "paydesk"), column: "shown" },
	customer_email: { label: (t) => t.__("Email", "paydesk"), column: "hidden" },
	customer_country: { label: (t) => t.__("Country", "paydesk"), column: "hidden" },
	action: { label: (t) => t.__("Action", "paydesk"), column: "required" },
} as const satisfies Record<string, ListField<void>>;

export const authorizationList = defineListFields<void>()(fields, []);

type AuthorizationFields = typeof authorizationList.fields;
export type AuthorizationColumn = ColumnField<AuthorizationFields>;
export type AuthorizationSortField = SortField<AuthorizationFields>;
