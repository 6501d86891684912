/**
 * The documents list (spec 1 §2.4), declared once: the table's columns with their headings and
 * visibility, the sort and the advanced filters. The contract's filter parameters
 * (documents.ts), the server's filter SQL (payments/documents/) and the admin's table and filters
 * (features/documents/) derive from it. Documents have no export.
 */
import { DOCUMENT_TYPES } from "@paydesk/domain/documents";
import { z } from "zod";
import { type ColumnField, defineListFields, type ListField, type ValueFilterField } from "./list-fields.ts";

/** The fields in the table's order: Date, Type, Description, Download. */
const fields = {
	date: {
		label: (t) => t.__("Date", "paydesk"),
		column: "required",
		sort: true,
		filter: { kind: "date" },
	},
	type: {
		label: (t) => t.__("Type", "paydesk"),
		column: "shown",
		filter: { kind: "value", rules: ["is", "is_not"], value: z.enum(DOCUMENT_TYPES) },
	},
	description: { label: (t) => t.__("Description", "paydesk"), column: "shown" },
	download: { label: (t) => t.__("Download", "paydesk"), column: "required" },
} as const satisfies Record<string, ListField<void>>;

export const documentList = defineListFields<void>()(fields, ["date", "type"]);

type DocumentFields = typeof documentList.fields;
export type DocumentColumn = ColumnField<DocumentFields>;
export type DocumentRuleField = ValueFilterField<DocumentFields>;
