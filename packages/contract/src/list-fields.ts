/**
 * A list's fields, declared once (DESIGN §2): for each field its label, whether and how the
 * table shows it, its sort key, its filter rules, its export column and whether rollups are keyed
 * by it. The declaration is pure data, read by both sides: the contract derives the list's filter
 * parameters from it, the server adds SQL and export cells by field name, the admin adds cells and
 * filter choices by field name, each through a `Record` over the field names of one kind, so a
 * field declared without its SQL or its cell fails the type check.
 *
 * Labels are translation calls (`(t) => t.__("Channel", "paydesk")`) so that the admin, with
 * @wordpress/i18n, and the server, with the user's translator, read the same catalogue entry.
 */
import type { Translator } from "@paydesk/domain/translator";
import { z } from "zod";

export type Label = (t: Translator) => string;

/**
 * A value rule, and the URL parameter it writes: `<field>_is`, `<field>_is_not`, or
 * `<field>_is_in` (one value or several; links write it, the filter panel does not offer it).
 */
export type ValueRule = "is" | "is_not" | "is_in";

/** The date rules before / after / between, whose parameters every list shares (list.ts). */
export interface DateFilter {
	kind: "date";
	/** The filter's name where it differs from the field's label. */
	label?: Label;
}

export interface ValueFilter {
	kind: "value";
	rules: readonly ValueRule[];
	/** One value as a rule takes it (required: the rule's parameter itself is optional). */
	value: z.ZodType;
	/** The filter's name where it differs from the field's label. */
	label?: Label;
}

/** A column's default visibility: always shown, shown until hidden, or hidden until shown. */
export type Visibility = "required" | "shown" | "hidden";

export interface ListField<Context> {
	label: Label;
	/** The table's column of the field and its default visibility; none when the table has no such column. */
	column?: Visibility;
	/**
	 * The admin's key of the column where it is not the field's name: the URL's orderby and the
	 * user's hidden-columns preference were written with it, and both must keep reading.
	 */
	columnKey?: string;
	/** Whether the table has the column in this context (every context when absent). */
	shownIn?: (context: Context) => boolean;
	/** The field is a sort key of the list, under its own name. */
	sort?: true;
	/** The export's column of the field, headed by its label or by a wording of its own. */
	export?: true | Label;
	filter?: DateFilter | ValueFilter;
	/** The rollups and value counts are keyed by the field (its ledger column of the same name). */
	dimension?: true;
}

type NamesWhere<F, Shape> = { [K in keyof F]: F[K] extends Shape ? K : never }[keyof F] & string;

export type ColumnField<F> = NamesWhere<F, { column: Visibility }>;
export type SortField<F> = NamesWhere<F, { sort: true }>;
export type ExportField<F> = NamesWhere<F, { export: true | Label }>;
export type FilterField<F> = NamesWhere<F, { filter: DateFilter | ValueFilter }>;
export type ValueFilterField<F> = NamesWhere<F, { filter: { kind: "value" } }>;
export type DimensionField<F> = NamesWhere<F, { dimension: true }>;

/** One value or several (`a_is_in[]=x&a_is_in[]=y`, or a single `a_is_in=x`), as a list. */
export function manyOf<V extends z.ZodType>(value: V) {
	return z
		.union([value, z.array(value)])
		.transform((values) => (Array.isArray(values) ? values : [values]) as z.output<V>[])
		.optional();
}

type RuleSchema<V extends z.ZodType, R extends ValueRule> = R extends "is_in"
	? ReturnType<typeof manyOf<V>>
	: z.ZodOptional<V>;

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (
	intersection: infer I,
) => void
	? I
	: never;

/** The query parameters of a list's value rules, each typed by its field's value. */
export type RuleParams<F> = UnionToIntersection<
	{
		[K in keyof F & string]: F[K] extends {
			filter: {
				kind: "value";
				rules: readonly (infer R extends ValueRule)[];
				value: infer V extends z.ZodType;
			};
		}
			? { [P in R as `${K}_${P}`]: RuleSchema<V, P> }
			: never;
	}[keyof F & string]
>;

const namesWhere = <F extends object>(fields: F, keep: (field: F[keyof F]) => boolean) =>
	(Object.keys(fields) as (keyof F & string)[]).filter((name) => keep(fields[name]));

/** Names a declaration lists in an order of its own, and those it must list: the same set. */
function checkOrder(what: string, order: readonly string[], expected: readonly string[]) {
	const missing = expected.filter((name) => !order.includes(name));
	if (missing.length > 0) throw new Error(`${what} missing: ${missing.join(", ")}`);
}

/**
 * What a list's declaration gives both sides. `fields` is in the table's column order, and in
 * the export's unless `exportOrder` names the export's columns in an order of their own;
 * `filterOrder` names the filters in the order the filter panel offers them.
 */
export function defineListFields<Context>() {
	return <const F extends Record<string, ListField<Context>>>(
		fields: F,
		filterOrder: readonly FilterField<NoInfer<F>>[],
		exportOrder?: readonly ExportField<NoInfer<F>>[],
	) => {
		const filtered = namesWhere(fields, (field) => field.filter !== undefined);
		checkOrder("filters in filterOrder", filterOrder, filtered);
		const exported = namesWhere(fields, (field) => field.export !== undefined) as ExportField<F>[];
		if (exportOrder) checkOrder("export columns in exportOrder", exportOrder, exported);
		const shape: Record<string, z.ZodType> = {};
		const ruleParams = filterOrder.flatMap((name) => {
			const filter: ListField<Context>["filter"] = fields[name]?.filter;
			if (filter?.kind !== "value") return [];
			return filter.rules.map((rule) => {
				const param = `${name}_${rule}`;
				shape[param] = rule === "is_in" ? manyOf(filter.value) : filter.value.optional();
				return { param, field: name as string as ValueFilterField<F>, rule };
			});
		});
		const sorts = namesWhere(fields, (field) => field.sort === true) as [SortField<F>, ...SortField<F>[]];
		const keyOf = (name: keyof F & string): string => fields[name]?.columnKey ?? name;
		return {
			fields,
			filterOrder,
			/** The table's columns in a context, in order. */
			columns: (context: Context) =>
				namesWhere(
					fields,
					(field) => field.column !== undefined && (field.shownIn?.(context) ?? true),
				) as ColumnField<F>[],
			/** The sort keys, in column order. */
			sorts,
			/** The admin's keys of the sorted columns (the URL's orderby), in column order. */
			sortColumnKeys: sorts.map(keyOf),
			/** The sort key a column key of the admin's URL names, if any. */
			sortOfColumnKey: (key: string): SortField<F> | undefined => sorts.find((name) => keyOf(name) === key),
			/** The export's columns, in order. */
			exportColumns: exportOrder ?? exported,
			/** The admin's key of a column (its field's name unless declared otherwise). */
			columnKey: (name: ColumnField<F>): string => keyOf(name),
			/** The columns rollups and value counts are keyed by. */
			dimensions: namesWhere(fields, (field) => field.dimension === true) as DimensionField<F>[],
			/** Every value rule's parameter, in the filter panel's order. */
			ruleParams,
			/** The value rules' query parameters (zod), for the list's query (list.ts defineListQuery). */
			ruleParamsShape: shape as RuleParams<F>,
		};
	};
}

/** The heading of a field's export column. */
export function exportLabel(field: ListField<never>): Label {
	return typeof field.export === "function" ? field.export : field.label;
}

/** The name of a field's filter. */
export function filterLabel(field: ListField<never>): Label {
	return field.filter?.label ?? field.label;
}
