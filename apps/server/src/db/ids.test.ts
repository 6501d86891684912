import { describe, expect, it } from "vitest";
import { newId, newOrderedId } from "./ids.ts";

describe("ids", () => {
	it("newId is the prefix and 24 random base62 characters", () => {
		expect(newId("ch")).toMatch(/^ch_[0-9A-Za-z]{24}$/);
		expect(new Set(Array.from({ length: 1000 }, () => newId("ch"))).size).toBe(1000);
	});

	it("newOrderedId sorts as it was made, also within one millisecond, in any collation", () => {
		const made = Array.from({ length: 2000 }, () => newOrderedId("ntf"));
		expect(new Set(made).size).toBe(made.length);
		// Byte order and a natural-language collation agree: the sorting part has no capitals.
		expect([...made].sort()).toEqual(made);
		expect([...made].sort((a, b) => a.slice(0, 17).localeCompare(b.slice(0, 17), "en"))).toEqual(made);
	});
});
