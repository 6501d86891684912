import { describe, expect, it } from "vitest";
import { type FilterField, hasActiveFilters, readPaging, readRules, rulesToQuery } from "./list-query.ts";

const defaults = { orderby: "date", order: "desc" as const, sortable: ["date", "amount"] };
const fields: FilterField[] = [
	{ key: "date", kind: "date", label: "Date" },
	{ key: "status", kind: "select", label: "Status", options: [{ value: "paid", label: "Completed" }] },
];

describe("paging defaults: page 1 and 25 per page when values are not numeric", () => {
	it("falls back on non-numeric values", () => {
		expect(readPaging({ paged: "abc", per_page: "x1" }, defaults)).toEqual({
			paged: 1,
			perPage: 25,
			orderby: "date",
			order: "desc",
		});
	});
	it("keeps valid values and caps per_page", () => {
		expect(readPaging({ paged: "3", per_page: "500", orderby: "amount", order: "asc" }, defaults)).toEqual({
			paged: 3,
			perPage: 100,
			orderby: "amount",
			order: "asc",
		});
	});
	it("ignores an unknown sort key", () => {
		expect(readPaging({ orderby: "secret" }, defaults).orderby).toBe("date");
	});
});

describe("filter rules in the URL", () => {
	it("reads is / is not rules and sorts between dates chronologically", () => {
		expect(readRules({ status_is_not: "paid", date_between: ["2026-02-01", "2026-01-01"] }, fields)).toEqual([
			{ key: "date", rule: "between", value: ["2026-01-01", "2026-02-01"] },
			{ key: "status", rule: "is_not", value: ["paid"] },
		]);
	});
	it("writes rules back, clearing the old ones and returning to page 1", () => {
		const patch = rulesToQuery(
			fields,
			[{ key: "date", rule: "between", value: ["2026-03-01", "2026-01-01"] }],
			"all",
		);
		expect(patch).toMatchObject({
			date_between: ["2026-01-01", "2026-03-01"],
			status_is: undefined,
			paged: undefined,
		});
	});
	it("knows whether the list is filtered", () => {
		expect(hasActiveFilters({ paged: "2" }, fields)).toBe(false);
		expect(hasActiveFilters({ status_is: "paid" }, fields)).toBe(true);
		expect(hasActiveFilters({ store_currency_is: "eur" }, fields, ["store_currency_is"])).toBe(true);
	});
});
