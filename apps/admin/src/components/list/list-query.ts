/**
 * List state lives in the URL (spec 1 §9, spec 2 §5): paged, per_page, orderby, order, filter,
 * match, and `<field>_is` / `<field>_is_not` / date_before / date_after / date_between rules.
 * Non-numeric paging falls back to page 1 and 25 per page.
 */
import { sortDatesChronologically } from "@paydesk/domain/dates";
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from "@paydesk/domain/ui";
import type { Query } from "../../app/router.tsx";

export type SortOrder = "asc" | "desc";

export interface Paging {
	paged: number;
	perPage: number;
	orderby: string;
	order: SortOrder;
}

export const PER_PAGE_CHOICES = [25, 50, 75, 100] as const;

const single = (value: string | string[] | undefined): string | undefined =>
	Array.isArray(value) ? value[0] : value;

function positiveInt(value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
	if (!value || !/^\d+$/.test(value)) return fallback;
	const number = Number(value);
	return number >= 1 ? Math.min(number, max) : fallback;
}

export function readPaging(
	query: Query,
	defaults: { orderby: string; order: SortOrder; sortable: readonly string[] },
): Paging {
	const orderby = single(query.orderby);
	const order = single(query.order);
	return {
		paged: positiveInt(single(query.paged), DEFAULT_PAGE),
		perPage: positiveInt(single(query.per_page), DEFAULT_PER_PAGE, 100),
		orderby: orderby && defaults.sortable.includes(orderby) ? orderby : defaults.orderby,
		order: order === "asc" || order === "desc" ? order : defaults.order,
	};
}

export type DateRule = "before" | "after" | "between";
export type ValueRule = "is" | "is_not";

/** The rules of a declared filter that the filter panel offers (`<field>_is_in` is written by links). */
export function panelRules(rules: readonly string[]): ValueRule[] {
	return rules.filter((rule): rule is ValueRule => rule === "is" || rule === "is_not");
}

export interface FilterOption {
	value: string;
	label: string;
}

export type FilterField =
	| { key: string; kind: "date"; label: string }
	| {
			key: string;
			kind: "select";
			label: string;
			options: readonly FilterOption[];
			rules?: readonly ValueRule[];
	  };

export interface ActiveRule {
	key: string;
	rule: DateRule | ValueRule;
	/** One value; two for "between". */
	value: string[];
}

const DATE_RULES: readonly DateRule[] = ["before", "after", "between"];

/** The URL parameter of a rule: date_between, status_is_not … */
export function paramOf(field: FilterField, rule: DateRule | ValueRule): string {
	return `${field.key}_${rule}`;
}

/** Between dates are kept in chronological order (spec 2 §5), as the API reads them. */
export function sortBetween(values: readonly string[]): string[] {
	const [from = "", to = ""] = values;
	return values.length === 2 ? sortDatesChronologically([from, to]) : [...values];
}

export function readRules(query: Query, fields: readonly FilterField[]): ActiveRule[] {
	const rules: ActiveRule[] = [];
	for (const field of fields) {
		const candidates = field.kind === "date" ? DATE_RULES : (field.rules ?? ["is", "is_not"]);
		for (const rule of candidates) {
			const raw = query[paramOf(field, rule)];
			if (raw === undefined || raw === "") continue;
			const value = Array.isArray(raw) ? raw.filter(Boolean) : [raw];
			if (rule === "between" && value.length !== 2) continue;
			rules.push({ key: field.key, rule, value: rule === "between" ? sortBetween(value) : value });
		}
	}
	return rules;
}

export function readMatch(query: Query): "all" | "any" {
	return single(query.match) === "any" ? "any" : "all";
}

/** The URL patch that replaces every rule of these fields with `rules` (and goes to page 1). */
export function rulesToQuery(
	fields: readonly FilterField[],
	rules: readonly ActiveRule[],
	match: "all" | "any",
): Record<string, string | string[] | undefined> {
	const patch: Record<string, string | string[] | undefined> = {
		paged: undefined,
		match: rules.length > 1 ? match : undefined,
	};
	for (const field of fields) {
		const candidates = field.kind === "date" ? DATE_RULES : (field.rules ?? ["is", "is_not"]);
		for (const rule of candidates) patch[paramOf(field, rule)] = undefined;
	}
	for (const active of rules) {
		const field = fields.find((candidate) => candidate.key === active.key);
		if (!field || active.value.every((value) => !value)) continue;
		patch[paramOf(field, active.rule)] =
			active.rule === "between" ? sortBetween(active.value) : active.value[0];
	}
	return patch;
}

/** Whether any filter narrows the list (the export confirmations ask only without one). */
export function hasActiveFilters(
	query: Query,
	fields: readonly FilterField[],
	extraKeys: readonly string[] = [],
): boolean {
	return (
		readRules(query, fields).length > 0 ||
		extraKeys.some((key) => query[key] !== undefined && query[key] !== "")
	);
}
