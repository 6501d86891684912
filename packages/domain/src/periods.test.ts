import { describe, expect, it } from "vitest";
import {
	formatUtcOffset,
	PERIOD_PRESETS,
	periodLabels,
	periodRange,
	periodRangeLabel,
	storedPeriod,
} from "./periods.ts";
import { englishTranslator as t } from "./translator.ts";

const today = { year: 2026, month: 11, day: 15 };
const created = { year: 2025, month: 3, day: 9 };
const range = (preset: Parameters<typeof periodRange>[0], day = today) => periodRange(preset, day, created);

describe("payment activity period presets (spec 1 §3, §9)", () => {
	it("offers nine presets, each with a display label, and last_7_days is the default", () => {
		expect(PERIOD_PRESETS).toHaveLength(9);
		expect(Object.keys(periodLabels(t))).toEqual([...PERIOD_PRESETS]);
	});

	it("formats ranges as year-month-day 'T' hour:minute:second, ending with the last second of today", () => {
		expect(range("today")).toEqual({
			preset: "today",
			start: "2026-11-15T00:00:00",
			end: "2026-11-15T23:59:59",
		});
		for (const preset of PERIOD_PRESETS) {
			expect(range(preset).start).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
			expect(range(preset).end).toBe("2026-11-15T23:59:59");
		}
	});

	it("counts today as the last day of the 'last N' presets", () => {
		expect(range("last_7_days").start).toBe("2026-11-09T00:00:00");
		expect(range("last_4_weeks").start).toBe("2026-10-19T00:00:00");
		expect(range("last_3_months").start).toBe("2026-08-16T00:00:00");
		expect(range("last_12_months").start).toBe("2025-11-16T00:00:00");
	});

	it("clamps month arithmetic to the shorter month (31 May less three months)", () => {
		expect(range("last_3_months", { year: 2026, month: 5, day: 31 }).start).toBe("2026-03-01T00:00:00");
		expect(range("last_3_months", { year: 2024, month: 5, day: 31 }).start).toBe("2024-03-01T00:00:00");
	});

	it("starts the to-date presets on the first day of the month, quarter and year", () => {
		expect(range("month_to_date").start).toBe("2026-11-01T00:00:00");
		expect(range("quarter_to_date").start).toBe("2026-10-01T00:00:00");
		expect(range("quarter_to_date", { year: 2026, month: 3, day: 31 }).start).toBe("2026-01-01T00:00:00");
		expect(range("year_to_date").start).toBe("2026-01-01T00:00:00");
	});

	it("starts all_time at the account creation date", () => {
		expect(range("all_time").start).toBe("2025-03-09T00:00:00");
	});

	it("sends the user's UTC offset as +HH:MM", () => {
		expect(formatUtcOffset(60)).toBe("+01:00");
		expect(formatUtcOffset(-330)).toBe("-05:30");
		expect(formatUtcOffset(0)).toBe("+00:00");
	});

	it("labels a range in the store's date format, one date for a single day", () => {
		expect(periodRangeLabel(range("last_7_days"), "F j, Y")).toBe("November 9, 2026 – November 15, 2026");
		expect(periodRangeLabel(range("last_7_days"), "d/m/Y")).toBe("09/11/2026 – 15/11/2026");
		expect(periodRangeLabel(range("year_to_date"), "Y-m-d")).toBe("2026-01-01 – 2026-11-15");
		expect(periodRangeLabel(range("all_time"), "D, M j, Y")).toBe("Sun, Mar 9, 2025 – Sun, Nov 15, 2026");
		expect(periodRangeLabel(range("today"), "j M Y")).toBe("15 Nov 2026");
	});

	it("keeps the preset for the session, falling back to the default for anything unknown", () => {
		expect(storedPeriod("all_time")).toBe("all_time");
		expect(storedPeriod("yesterday")).toBe("last_7_days");
		expect(storedPeriod(null)).toBe("last_7_days");
	});
});
