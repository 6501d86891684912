/**
 * The list query every list shares (spec 1 §9, spec 2 §5/§7): page and pagesize, sort and
 * direction, match (all | any) and the shared filter fields. A list builds its own query from
 * these pieces with `defineListQuery`, naming its sort keys and its own filter fields.
 *
 * Filter semantics, the same for every list:
 * - dates are "YYYY-MM-DD" or "YYYY-MM-DD HH:mm:ss", read in user_timezone (a fixed offset such
 *   as "+02:00" or an IANA zone such as "Europe/Paris"; the store's time zone when absent);
 *   before/after exclude the day given, between includes both days (packages/domain/dates);
 * - date_between is two dates, sorted chronologically whatever order they come in;
 * - the advanced rules (dates and every `<field>_is` / `<field>_is_not`) are combined with AND
 *   when match is "all" (the default) and with OR when it is "any"; store_currency_is and
 *   search always narrow the list (they are not advanced rules).
 */
import {
	type DateRule,
	isValidTimeZone,
	parseFilterDate,
	sortDatesChronologically,
} from "@paydesk/domain/dates";
import { z } from "zod";
import { currencyCode, queryInt } from "./common.ts";
import { manyOf } from "./list-fields.ts";

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const filterDate = z.string().refine((value) => parseFilterDate(value) !== null, {
	error: "must be a date as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss",
});

/** Two dates in any order, answered in chronological order (spec 2 §5). */
export const dateBetween = z
	.array(filterDate)
	.length(2, { error: "must hold two dates" })
	.transform((values) => sortDatesChronologically([values[0] ?? "", values[1] ?? ""]));

export const timeZoneParam = z.string().refine(isValidTimeZone, {
	error: 'must be a UTC offset such as "+02:00" or a time zone name such as "Europe/Paris"',
});

export const matchParam = z.enum(["all", "any"]).default("all");

/** The filter fields every list shares. */
export const sharedFilterFields = {
	match: matchParam,
	date_before: filterDate.optional(),
	date_after: filterDate.optional(),
	date_between: dateBetween.optional(),
	store_currency_is: currencyCode.optional(),
	user_timezone: timeZoneParam.optional(),
};

/** One value of a fixed set, as an `<field>_is` / `<field>_is_not` rule takes it. */
export function oneOf<const V extends readonly [string, ...string[]]>(values: V) {
	return z.enum(values).optional();
}

/** One or several values (`type_is_in[]=a&type_is_in[]=b` or a single `type_is_in=a`), as a list. */
export function someOf<const V extends readonly [string, ...string[]]>(values: V) {
	return manyOf(z.enum(values));
}

export const pagingFields = {
	page: queryInt(1, 1_000_000).default(1),
	pagesize: queryInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** Parameters of a filter query that say how to read it, not what to keep. */
const NOT_FILTER_PARAMS = new Set(["user_timezone"]);

/**
 * The three query schemas of a list: `paged` for the list itself, `sorted` for exports (every
 * matching row in the list's order), `filters` for its summary. Also what the admin reads from
 * here rather than repeating it: `filterParams`, every URL parameter that narrows the list, and
 * `defaultOrder`, the list's sort when the URL names none.
 */
export function defineListQuery<
	const S extends readonly [string, ...string[]],
	F extends z.ZodRawShape,
>(spec: { sort: S; defaultSort: S[number]; defaultDirection: SortDirection; filters: F }) {
	const sortFields = {
		sort: z.enum(spec.sort).default(spec.defaultSort as never),
		direction: z.enum(SORT_DIRECTIONS).default(spec.defaultDirection),
	};
	return {
		filters: z.object(spec.filters),
		sorted: z.object({ ...sortFields, ...spec.filters }),
		paged: z.object({ ...pagingFields, ...sortFields, ...spec.filters }),
		filterParams: Object.keys(spec.filters).filter((name) => !NOT_FILTER_PARAMS.has(name)) as Extract<
			keyof F,
			string
		>[],
		defaultOrder: { orderby: spec.defaultSort, order: spec.defaultDirection },
	};
}

/** The answer of every list: one page of rows and how many match in all. */
export function listResponse<T extends z.ZodType>(item: T) {
	return z.object({ data: z.array(item), total_count: z.number().int() });
}

/** The date rules a query holds, for `dateRuleRange` in packages/domain/dates. */
export function dateRulesOf(query: {
	date_before?: string | undefined;
	date_after?: string | undefined;
	date_between?: readonly [string, string] | readonly string[] | undefined;
}): DateRule[] {
	const rules: DateRule[] = [];
	if (query.date_before) rules.push({ rule: "before", value: query.date_before });
	if (query.date_after) rules.push({ rule: "after", value: query.date_after });
	const [from, to] = query.date_between ?? [];
	if (from && to) rules.push({ rule: "between", value: [from, to] });
	return rules;
}
