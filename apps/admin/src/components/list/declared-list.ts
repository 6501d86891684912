/**
 * A list's table columns and filter panel, read from its declaration (packages/contract
 * *-list.ts, list-fields.ts): headings, order, visibility, sorting, filter names and rules are the
 * declaration's; a screen gives each column its cell and each value filter its choices by field
 * name, through a `Record` over the declared names, so a field declared without them fails the
 * type check.
 */
import {
	type ColumnField,
	type FilterField as DeclaredFilter,
	filterLabel,
	type ListField,
	type ValueFilterField,
} from "@paydesk/contract/list-fields";
import { translator } from "../translator.ts";
import type { Column } from "./data-table.tsx";
import { type FilterField, type FilterOption, panelRules } from "./list-query.ts";

interface Declaration<F extends Record<string, ListField<C>>, C> {
	fields: F;
	filterOrder: readonly DeclaredFilter<F>[];
	columns: (context: C) => ColumnField<F>[];
	columnKey: (name: ColumnField<F>) => string;
}

/** What a screen gives a declared column: its cell, and whether it reads as a number. */
export type DeclaredCell<Row> = Pick<Column<Row>, "cell" | "numeric">;

/** The table's columns in a context, in the declaration's order, each with its cell. */
export function declaredColumns<F extends Record<string, ListField<C>>, C, Row>(
	list: Declaration<F, C>,
	context: C,
	cells: Readonly<Record<ColumnField<F>, DeclaredCell<Row>>>,
): Column<Row>[] {
	return list.columns(context).map((name) => {
		const field = list.fields[name] as ListField<C>;
		return {
			key: list.columnKey(name),
			label: field.label(translator),
			sortable: field.sort === true,
			required: field.column === "required",
			hiddenByDefault: field.column === "hidden",
			...cells[name],
		};
	});
}

/**
 * The filter panel's filters in the declaration's order: a date filter writes the date_* rules
 * every list shares, a value filter its declared rules with the given choices.
 */
export function declaredFilters<F extends Record<string, ListField<C>>, C>(
	list: Declaration<F, C>,
	choices: Readonly<Record<ValueFilterField<F>, readonly FilterOption[]>>,
): FilterField[] {
	return list.filterOrder.map((name): FilterField => {
		const field = list.fields[name] as ListField<C>;
		const label = filterLabel(field as ListField<never>)(translator);
		if (field.filter?.kind !== "value") return { key: "date", kind: "date", label };
		return {
			key: name,
			kind: "select",
			label,
			rules: panelRules(field.filter.rules),
			options: (choices as Readonly<Record<string, readonly FilterOption[]>>)[name] ?? [],
		};
	});
}
