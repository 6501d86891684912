/** --over reads a duration as people write it, and spreads the payments evenly over it. */
import { describe, expect, it } from "vitest";
import { dueOffsetMs, formatDuration, parseDuration } from "./schedule.ts";

describe("--over", () => {
	it("reads seconds, minutes, hours and their combinations", () => {
		expect(parseDuration("30s")).toBe(30_000);
		expect(parseDuration("10m")).toBe(600_000);
		expect(parseDuration("2h")).toBe(7_200_000);
		expect(parseDuration("1h30m")).toBe(5_400_000);
		expect(parseDuration("500ms")).toBe(500);
		expect(parseDuration("1.5m")).toBe(90_000);
		expect(parseDuration(" 10M ")).toBe(600_000);
	});

	it("0 means as fast as possible, and a bare number is seconds", () => {
		expect(parseDuration("0")).toBe(0);
		expect(parseDuration("45")).toBe(45_000);
	});

	it("refuses what is not a duration", () => {
		for (const text of ["", "ten minutes", "10 m", "-5s", "10d", "m", "1h-30m"])
			expect(parseDuration(text)).toBeNull();
	});

	it("payment i of n is due at i/n of the duration; with 0 every payment is due at once", () => {
		expect(dueOffsetMs(0, 500, 600_000)).toBe(0);
		expect(dueOffsetMs(250, 500, 600_000)).toBe(300_000);
		expect(dueOffsetMs(499, 500, 600_000)).toBe(598_800);
		expect(dueOffsetMs(499, 500, 0)).toBe(0);
		expect(dueOffsetMs(10, Number.POSITIVE_INFINITY, 600_000)).toBe(0);
	});

	it("durations print for people", () => {
		expect(formatDuration(12_345)).toBe("12.3s");
		expect(formatDuration(600_000)).toBe("10m 0s");
		expect(formatDuration(7_500_000)).toBe("2h 5m");
	});
});
