import { describe, expect, it } from "vitest";
import { dayPart } from "./greeting.ts";

describe("greeting: morning 5:00 to 11:59, afternoon 12:00 to 16:59, evening otherwise", () => {
	it("chooses the part of the day by the hour", () => {
		expect(dayPart(4)).toBe("evening");
		expect(dayPart(5)).toBe("morning");
		expect(dayPart(11)).toBe("morning");
		expect(dayPart(12)).toBe("afternoon");
		expect(dayPart(16)).toBe("afternoon");
		expect(dayPart(17)).toBe("evening");
	});
});
