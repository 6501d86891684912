/**
 * The summary's table: percentiles by nearest rank, every outcome counted once in a fixed
 * order (declines and errors after, by count), and the run's rate and latencies under it.
 */
import { describe, expect, it } from "vitest";
import { createProgressBar, progressLine } from "./progress.ts";
import {
	declinedOutcome,
	errorOutcome,
	formatSummary,
	OUTCOMES,
	orderedOutcomes,
	percentile,
	type SimulationResult,
} from "./summary.ts";

const oneToHundred = Array.from({ length: 100 }, (_, i) => 100 - i);

describe("percentiles of the intake latency", () => {
	it("take the nearest rank of the sorted values", () => {
		expect(percentile(oneToHundred, 50)).toBe(50);
		expect(percentile(oneToHundred, 95)).toBe(95);
		expect(percentile(oneToHundred, 99)).toBe(99);
		expect(percentile(oneToHundred, 100)).toBe(100);
		expect(percentile(oneToHundred, 0)).toBe(1);
	});

	it("of few values give a value that was measured", () => {
		expect(percentile([7], 99)).toBe(7);
		expect(percentile([3, 1, 2], 50)).toBe(2);
		expect(percentile([10, 20], 95)).toBe(20);
		expect(percentile([], 50)).toBe(0);
	});
});

const result = (outcomes: [string, number][]): SimulationResult => ({
	total: outcomes.reduce((sum, [, count]) => sum + count, 0),
	outcomes: new Map(outcomes),
	errors: outcomes.filter(([name]) => name.startsWith("error")).reduce((sum, [, count]) => sum + count, 0),
	elapsedMs: 10_000,
	intakeMs: oneToHundred,
	confirmMs: [40, 60],
	retries: 1,
	currencyFallbacks: 0,
	errorSamples: ["POST /payment_intents: HTTP 500"],
});

describe("the outcome table", () => {
	const run = result([
		[errorOutcome("HTTP 500"), 1],
		[declinedOutcome("generic_decline"), 3],
		[OUTCOMES.blocked, 2],
		[declinedOutcome("insufficient_funds"), 5],
		[OUTCOMES.succeeded, 80],
		[OUTCOMES.manualCapture, 9],
	]);

	it("lists the fixed outcomes first, then declines and errors by count", () => {
		expect(orderedOutcomes(run.outcomes).map(([name]) => name)).toEqual([
			"succeeded",
			"requires_capture (manual capture)",
			"canceled (blocked by rule)",
			"declined: insufficient_funds",
			"declined: generic_decline",
			"error: HTTP 500",
		]);
	});

	it("prints counts and shares that add up to the total, the rate and the latencies", () => {
		const text = formatSummary(run);
		expect(text).toMatch(/succeeded\s+80\s+80\.0%/);
		expect(text).toMatch(/total\s+100\s+100\.0%/);
		expect(text).toContain("Payments/s: 10.00 (100 in 10.0s)");
		expect(text).toContain("p50 50.0 ms  p95 95.0 ms  p99 99.0 ms");
		expect(text).toContain("Confirm latency");
		expect(text).toContain("errors: 1");
		expect(text).toContain("POST /payment_intents: HTTP 500");
	});
});

describe("the progress bar", () => {
	it("writes a line at every tenth of the run when stderr is not a terminal", () => {
		const lines: string[] = [];
		const bar = createProgressBar(50, { write: (text: string) => lines.push(text) });
		for (let done = 1; done <= 50; done++) bar.update({ done, errors: 0, elapsedMs: done * 100 });
		bar.finish({ done: 50, errors: 0, elapsedMs: 5_000 });
		expect(lines).toHaveLength(10);
		expect(lines[0]).toContain(" 5/50   10%");
		expect(lines.at(-1)).toContain("50/50  100%  10.0/s  0 errors");
	});

	it("redraws one line in place on a terminal", () => {
		const writes: string[] = [];
		const bar = createProgressBar(10, {
			write: (text: string) => writes.push(text),
			isTTY: true,
			columns: 80,
		});
		bar.update({ done: 1, errors: 0, elapsedMs: 1_000 });
		bar.update({ done: 2, errors: 0, elapsedMs: 1_050 });
		bar.update({ done: 3, errors: 1, elapsedMs: 1_200 });
		bar.finish({ done: 10, errors: 1, elapsedMs: 2_000 });
		expect(writes.filter((text) => text.startsWith("\r"))).toHaveLength(3);
		expect(writes.at(-1)).toBe("\n");
		expect(progressLine(10, { done: 3, errors: 1, elapsedMs: 1_000 })).toBe(
			"[#######.................]   3/10   30%  3.0/s  1 error",
		);
	});
});
