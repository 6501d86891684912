import { describe, expect, it } from "vitest";
import { parseDurationMs, parseDurationSeconds } from "./durations.ts";

describe("durations as people write them (simulate --over, clock advance)", () => {
	it("reads seconds, minutes, hours, days, weeks and their combinations", () => {
		expect(parseDurationMs("30s")).toBe(30_000);
		expect(parseDurationMs("10m")).toBe(600_000);
		expect(parseDurationMs("2h")).toBe(7_200_000);
		expect(parseDurationMs("1h30m")).toBe(5_400_000);
		expect(parseDurationMs("500ms")).toBe(500);
		expect(parseDurationMs("1.5m")).toBe(90_000);
		expect(parseDurationMs(" 10M ")).toBe(600_000);
		expect(parseDurationSeconds("7d")).toBe(604_800);
		expect(parseDurationSeconds("1w")).toBe(604_800);
	});

	it("0 is nothing, and a bare number is seconds", () => {
		expect(parseDurationMs("0")).toBe(0);
		expect(parseDurationSeconds("45")).toBe(45);
	});

	it("refuses what is not a duration", () => {
		for (const text of ["", "ten minutes", "10 m", "-5s", "10y", "m", "1h-30m", "soon"])
			expect(parseDurationMs(text)).toBeNull();
	});
});
