import { describe, expect, it } from "vitest";
import { formatDate, parseOffset, toEpochSeconds, zonedParts } from "./date-format.ts";

// 2026-03-05 14:07:09 UTC
const T = Date.UTC(2026, 2, 5, 14, 7, 9) / 1000;

describe("dates are shown in the store's format and time zone", () => {
	it("formats the store's default date and time formats", () => {
		expect(formatDate("F j, Y", T, "UTC")).toBe("March 5, 2026");
		expect(formatDate("g:i a", T, "UTC")).toBe("2:07 pm");
		expect(formatDate("Y-m-d H:i:s", T, "UTC")).toBe("2026-03-05 14:07:09");
	});
	it("moves the instant into an IANA time zone, across the date line", () => {
		expect(formatDate("Y-m-d H:i", T, "Pacific/Auckland")).toBe("2026-03-06 03:07");
		expect(formatDate("Y-m-d H:i T", T, "America/New_York")).toBe("2026-03-05 09:07 -05:00");
	});
	it("accepts fixed offsets", () => {
		expect(parseOffset("+05:30")).toBe(330);
		expect(parseOffset("-0800")).toBe(-480);
		expect(parseOffset("Europe/Paris")).toBeNull();
		expect(formatDate("H:i", T, "+05:30")).toBe("19:37");
	});
	it("knows weekdays, ordinal suffixes and escapes", () => {
		expect(formatDate("l jS \\o\\f F", T, "UTC")).toBe("Thursday 5th of March");
		expect(zonedParts(T, "UTC").weekday).toBe(4);
	});
	it("reads ISO strings with or without a zone as UTC", () => {
		expect(toEpochSeconds("2026-03-05T14:07:09Z")).toBe(T);
		expect(toEpochSeconds("2026-03-05 14:07:09")).toBe(T);
		expect(toEpochSeconds(T)).toBe(T);
	});
});
