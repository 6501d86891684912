import { describe, expect, it } from "vitest";
import {
	dateRuleRange,
	fixedOffsetSeconds,
	formatDate,
	formatInTimeZone,
	isValidTimeZone,
	parseFilterDate,
	sortDatesChronologically,
	toEpochSeconds,
	weekdayName,
	zonedParts,
	zonedToEpoch,
} from "./dates.ts";

const utc = (text: string) => Date.parse(text) / 1000;

describe("filter dates are 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'", () => {
	it("reads a bare day and a day with a time", () => {
		expect(parseFilterDate("2026-11-15")).toMatchObject({ year: 2026, month: 11, day: 15, hasTime: false });
		expect(parseFilterDate("2026-11-15 08:30:05")).toMatchObject({
			hour: 8,
			minute: 30,
			second: 5,
			hasTime: true,
		});
		expect(parseFilterDate("2026-11-15T08:30")).toMatchObject({ hour: 8, minute: 30, second: 0 });
	});
	it("refuses impossible or malformed dates", () => {
		for (const bad of ["2026-02-30", "2026-13-01", "2026-11-15 25:00:00", "15/11/2026", "", "2026-11-15x"]) {
			expect(parseFilterDate(bad)).toBeNull();
		}
	});
});

describe("user_timezone is a UTC offset or an IANA zone", () => {
	it("accepts offsets and known zones, refuses the rest", () => {
		for (const zone of ["+02:00", "-05:30", "+0000", "UTC", "Europe/Paris", "America/New_York"]) {
			expect(isValidTimeZone(zone), zone).toBe(true);
		}
		for (const zone of ["Mars/Olympus", "+25:00", "'; drop table", ""])
			expect(isValidTimeZone(zone), zone).toBe(false);
	});
	it("reads a wall time in a fixed offset and in a DST zone", () => {
		const local = parseFilterDate("2026-07-01 12:00:00")!;
		expect(zonedToEpoch(local, "+02:00")).toBe(utc("2026-07-01T10:00:00Z"));
		expect(zonedToEpoch(local, "Europe/Paris")).toBe(utc("2026-07-01T10:00:00Z"));
		expect(zonedToEpoch(parseFilterDate("2026-01-01 12:00:00")!, "Europe/Paris")).toBe(
			utc("2026-01-01T11:00:00Z"),
		);
	});
	it("reads a time skipped by the spring change just after the gap, and a repeated one as its first", () => {
		expect(zonedToEpoch(parseFilterDate("2026-03-29 02:30:00")!, "Europe/Paris")).toBe(
			utc("2026-03-29T01:30:00Z"),
		);
		expect(zonedToEpoch(parseFilterDate("2026-10-25 02:30:00")!, "Europe/Paris")).toBe(
			utc("2026-10-25T00:30:00Z"),
		);
	});
});

describe("date rules select what a merchant means", () => {
	it("before a day excludes that day", () => {
		expect(dateRuleRange({ rule: "before", value: "2026-11-10" }, "UTC")).toEqual({
			until: utc("2026-11-10T00:00:00Z"),
		});
	});
	it("after a day excludes that day", () => {
		expect(dateRuleRange({ rule: "after", value: "2026-11-10" }, "UTC")).toEqual({
			from: utc("2026-11-11T00:00:00Z"),
		});
	});
	it("between two days includes both, whole", () => {
		expect(dateRuleRange({ rule: "between", value: ["2026-11-01", "2026-11-10"] }, "UTC")).toEqual({
			from: utc("2026-11-01T00:00:00Z"),
			until: utc("2026-11-11T00:00:00Z"),
		});
	});
	it("a time given is that exact second", () => {
		expect(dateRuleRange({ rule: "after", value: "2026-11-10 12:00:00" }, "UTC")).toEqual({
			from: utc("2026-11-10T12:00:01Z"),
		});
		expect(
			dateRuleRange({ rule: "between", value: ["2026-11-10 08:00:00", "2026-11-10 09:00:00"] }, "UTC"),
		).toEqual({ from: utc("2026-11-10T08:00:00Z"), until: utc("2026-11-10T09:00:01Z") });
	});
	it("days are read in the user's time zone", () => {
		expect(dateRuleRange({ rule: "between", value: ["2026-11-10", "2026-11-10"] }, "+02:00")).toEqual({
			from: utc("2026-11-09T22:00:00Z"),
			until: utc("2026-11-10T22:00:00Z"),
		});
	});
	it("date-between values are sorted chronologically (spec 2 §5)", () => {
		expect(sortDatesChronologically(["2026-11-10", "2026-11-01"])).toEqual(["2026-11-01", "2026-11-10"]);
		expect(sortDatesChronologically(["2026-11-01 10:00:00", "2026-11-01"])).toEqual([
			"2026-11-01",
			"2026-11-01 10:00:00",
		]);
		expect(dateRuleRange({ rule: "between", value: ["2026-11-10", "2026-11-01"] }, "UTC").from).toBe(
			utc("2026-11-01T00:00:00Z"),
		);
	});
});

describe("times in exports are 'YYYY-MM-DD HH:mm:ss' in the store's time zone", () => {
	it("formats in UTC, an offset and an IANA zone", () => {
		const t = utc("2026-11-15T23:30:00Z");
		expect(formatInTimeZone(t, "UTC")).toBe("2026-11-15 23:30:00");
		expect(formatInTimeZone(t, "+02:00")).toBe("2026-11-16 01:30:00");
		expect(formatInTimeZone(t, "America/New_York")).toBe("2026-11-15 18:30:00");
	});
});

// 2026-03-05 14:07:09 UTC
const SHOWN = Date.UTC(2026, 2, 5, 14, 7, 9) / 1000;

describe("dates are shown in the store's format and time zone", () => {
	it("formats the store's default date and time formats", () => {
		expect(formatDate("F j, Y", SHOWN, "UTC")).toBe("March 5, 2026");
		expect(formatDate("g:i a", SHOWN, "UTC")).toBe("2:07 pm");
		expect(formatDate("Y-m-d H:i:s", SHOWN, "UTC")).toBe("2026-03-05 14:07:09");
	});
	it("moves the instant into an IANA time zone, across the date line", () => {
		expect(formatDate("Y-m-d H:i", SHOWN, "Pacific/Auckland")).toBe("2026-03-06 03:07");
		expect(formatDate("Y-m-d H:i T", SHOWN, "America/New_York")).toBe("2026-03-05 09:07 -05:00");
	});
	it("accepts fixed offsets", () => {
		expect(fixedOffsetSeconds("+05:30")).toBe(19_800);
		expect(fixedOffsetSeconds("-0800")).toBe(-28_800);
		expect(fixedOffsetSeconds("UTC+2")).toBe(7_200);
		expect(fixedOffsetSeconds("Europe/Paris")).toBeNull();
		expect(formatDate("H:i", SHOWN, "+05:30")).toBe("19:37");
	});
	it("reads WordPress's manual offsets, which keep half and quarter hours as decimal hours", () => {
		expect(fixedOffsetSeconds("UTC+5.5")).toBe(19_800);
		expect(fixedOffsetSeconds("UTC+5.75")).toBe(20_700);
		expect(fixedOffsetSeconds("UTC-9.5")).toBe(-34_200);
		expect(fixedOffsetSeconds("UTC+12.75")).toBe(45_900);
		expect(fixedOffsetSeconds("UTC+0")).toBe(0);
		expect(fixedOffsetSeconds("UTC-0.5")).toBe(-1_800);
		expect(fixedOffsetSeconds("UTC+14")).toBe(50_400);
		expect(fixedOffsetSeconds("UTC+5.33"), "not a whole number of minutes").toBeNull();
		expect(fixedOffsetSeconds("UTC+15")).toBeNull();
		expect(isValidTimeZone("UTC+5.5")).toBe(true);
		expect(formatDate("H:i", SHOWN, "UTC+5.5")).toBe("19:37");
	});
	it("knows weekdays, ordinal suffixes and escapes", () => {
		expect(formatDate("l jS \\o\\f F", SHOWN, "UTC")).toBe("Thursday 5th of March");
		expect(zonedParts(SHOWN, "UTC").weekday).toBe(4);
	});
	it("reads ISO strings with or without a zone as UTC", () => {
		expect(toEpochSeconds("2026-03-05T14:07:09Z")).toBe(SHOWN);
		expect(toEpochSeconds("2026-03-05 14:07:09")).toBe(SHOWN);
		expect(toEpochSeconds(SHOWN)).toBe(SHOWN);
	});
});

describe("dates in the reader's language", () => {
	const NOV_23 = Date.UTC(2026, 10, 23, 9, 30) / 1000;
	it("names months and days in French and German, as WordPress's translations write them", () => {
		expect(formatDate("j F Y", NOV_23, "Europe/Paris", "fr_FR")).toBe("23 novembre 2026");
		expect(formatDate("l j F Y", NOV_23, "Europe/Berlin", "de_DE")).toBe("Montag 23 November 2026");
		expect(formatDate("j. F Y", NOV_23, "Europe/Zurich", "de_CH")).toBe("23. November 2026");
		expect(formatDate("F j, Y", NOV_23, "UTC")).toBe("November 23, 2026");
	});
	it("keeps English for a locale the runtime does not know", () => {
		expect(formatDate("F", NOV_23, "UTC", "not a locale")).toBe("November");
	});
	it("names a stored weekday as the language writes it in a sentence", () => {
		expect(weekdayName("monday", "fr_FR")).toBe("lundi");
		expect(weekdayName("friday", "de_DE")).toBe("Freitag");
		expect(weekdayName("wednesday")).toBe("Wednesday");
		expect(weekdayName("someday", "fr_FR")).toBe("someday");
	});
	it("follows the zone across a DST change: the same wall time, a different offset", () => {
		// Paris leaves summer time on 2026-10-25 at 03:00 (UTC+2 → UTC+1).
		const beforeChange = Date.UTC(2026, 9, 25, 0, 30) / 1000;
		const afterChange = Date.UTC(2026, 9, 25, 1, 30) / 1000;
		expect(formatDate("Y-m-d H:i P", beforeChange, "Europe/Paris", "fr_FR")).toBe("2026-10-25 02:30 +02:00");
		expect(formatDate("Y-m-d H:i P", afterChange, "Europe/Paris", "fr_FR")).toBe("2026-10-25 02:30 +01:00");
		// New York enters summer time on 2026-03-08 at 02:00 (UTC−5 → UTC−4).
		expect(formatDate("l H:i", Date.UTC(2026, 2, 8, 6, 59) / 1000, "America/New_York", "de_DE")).toBe(
			"Sonntag 01:59",
		);
		expect(formatDate("l H:i", Date.UTC(2026, 2, 8, 7, 0) / 1000, "America/New_York", "de_DE")).toBe(
			"Sonntag 03:00",
		);
	});
});
