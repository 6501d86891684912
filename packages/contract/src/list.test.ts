import { describe, expect, it } from "vitest";
import { z } from "zod";
import { depositQueries } from "./deposits.ts";
import { dateRulesOf, defineListQuery, someOf } from "./list.ts";

describe("the shared list query (spec 1 §9, spec 2 §5)", () => {
	it("defaults to page 1, 25 per page, the list's default sort and match all", () => {
		expect(depositQueries.paged.parse({})).toEqual({
			page: 1,
			pagesize: 25,
			sort: "date",
			direction: "desc",
			match: "all",
		});
	});

	it("caps pagesize at 100 and refuses unknown sort keys and directions", () => {
		expect(depositQueries.paged.safeParse({ pagesize: "101" }).success).toBe(false);
		expect(depositQueries.paged.safeParse({ pagesize: "100" }).success).toBe(true);
		expect(depositQueries.paged.safeParse({ sort: "status" }).success).toBe(false);
		expect(depositQueries.paged.safeParse({ direction: "up" }).success).toBe(false);
	});

	it("sorts date_between chronologically and accepts dates with a time", () => {
		const query = depositQueries.filters.parse({ date_between: ["2026-11-10 10:00:00", "2026-11-01"] });
		expect(query.date_between).toEqual(["2026-11-01", "2026-11-10 10:00:00"]);
		expect(depositQueries.filters.safeParse({ date_between: ["2026-11-01"] }).success).toBe(false);
		expect(depositQueries.filters.safeParse({ date_after: "11/01/2026" }).success).toBe(false);
	});

	it("lower-cases the currency filter and checks user_timezone", () => {
		expect(depositQueries.filters.parse({ store_currency_is: "EUR" }).store_currency_is).toBe("eur");
		expect(depositQueries.filters.safeParse({ user_timezone: "-05:00" }).success).toBe(true);
		expect(depositQueries.filters.safeParse({ user_timezone: "Atlantis/Capital" }).success).toBe(false);
	});

	it("reads its own output again unchanged (export jobs re-parse the stored query)", () => {
		const once = depositQueries.sorted.parse({
			sort: "amount",
			direction: "asc",
			match: "any",
			date_between: ["2026-11-10", "2026-11-01"],
			store_currency_is: "USD",
			status_is_not: "failed",
			user_timezone: "Europe/Paris",
		});
		expect(depositQueries.sorted.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
	});

	it("lets a list declare its own sort keys and filters; someOf takes one value or several", () => {
		const queries = defineListQuery({
			sort: ["created", "amount"] as const,
			defaultSort: "created",
			defaultDirection: "asc",
			filters: { type_is_in: someOf(["charge", "refund"] as const) },
		});
		expect(queries.sorted.parse({ type_is_in: "charge" })).toEqual({
			sort: "created",
			direction: "asc",
			type_is_in: ["charge"],
		});
		expect(queries.paged.parse({ type_is_in: ["charge", "refund"] }).type_is_in).toEqual([
			"charge",
			"refund",
		]);
		expect(queries.filters.safeParse({ type_is_in: ["charge", "nope"] }).success).toBe(false);
		expect(queries.filters).toBeInstanceOf(z.ZodObject);
	});
});

describe("filters in use", () => {
	it("turns date fields into rules", () => {
		expect(dateRulesOf({ date_before: "2026-11-01", date_between: ["2026-10-01", "2026-10-02"] })).toEqual([
			{ rule: "before", value: "2026-11-01" },
			{ rule: "between", value: ["2026-10-01", "2026-10-02"] },
		]);
	});
});
