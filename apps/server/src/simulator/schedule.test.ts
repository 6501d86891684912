/** --over reads a duration as people write it, and spreads the payments evenly over it. */
import { describe, expect, it } from "vitest";
import { dueOffsetMs, formatDuration } from "./schedule.ts";

describe("--over", () => {
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
