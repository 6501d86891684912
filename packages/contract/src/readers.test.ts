/** The card readers list (spec 2 "Card readers"): at most 10 readers a page, 10 when not asked. */
import { describe, expect, it } from "vitest";
import { listReaders } from "./readers.ts";

describe("the card readers list", () => {
	it("reads 10 readers unless asked for fewer, and never more", () => {
		const query = listReaders.query;
		expect(query?.parse({})).toEqual({ limit: 10 });
		expect(query?.parse({ limit: "3" })).toEqual({ limit: 3 });
		expect(query?.safeParse({ limit: "11" }).success).toBe(false);
	});
});
