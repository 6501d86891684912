/**
 * The simulator's final table: how many payments ended in each outcome, the rate achieved and
 * the latency of the intake calls.
 */
import { formatDuration } from "./schedule.ts";

/** The outcomes a payment can end in, in the table's order; declines and errors follow by code. */
export const OUTCOMES = {
	succeeded: "succeeded",
	manualCapture: "requires_capture (manual capture)",
	review: "requires_capture (held for review)",
	confirmed: "requires_action → confirmed",
	authenticationFailed: "requires_action → authentication failed",
	blocked: "canceled (blocked by rule)",
} as const;

export const declinedOutcome = (declineCode: string) => `declined: ${declineCode}`;
export const errorOutcome = (reason: string) => `error: ${reason}`;
export const isErrorOutcome = (outcome: string) => outcome.startsWith("error: ");

export interface SimulationResult {
	/** Payments sent, whatever their outcome. */
	total: number;
	outcomes: Map<string, number>;
	/** Payments that ended in an error (an unexpected answer, or no answer after the retries). */
	errors: number;
	elapsedMs: number;
	/** Each POST /payment_intents attempt, in milliseconds. */
	intakeMs: number[];
	/** Each POST /payment_intents/{id}/confirm attempt, in milliseconds. */
	confirmMs: number[];
	/** Attempts repeated after a network failure or a 5xx, with the same Idempotency-Key. */
	retries: number;
	/** Payments sent again in the store currency after the store refused their currency. */
	currencyFallbacks: number;
	/** The first few error messages, to say what went wrong. */
	errorSamples: string[];
}

/** The p-th percentile (0–100) by the nearest-rank method; 0 for no values. */
export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return 0;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.ceil((p / 100) * sorted.length);
	return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** The outcomes in the table's order: the fixed ones, then declines and errors by count. */
export function orderedOutcomes(outcomes: ReadonlyMap<string, number>): [string, number][] {
	const fixed: string[] = Object.values(OUTCOMES);
	const rest = [...outcomes].filter(([name]) => !fixed.includes(name));
	const byCount = (a: [string, number], b: [string, number]) => b[1] - a[1] || a[0].localeCompare(b[0]);
	return [
		...fixed.flatMap((name): [string, number][] => {
			const count = outcomes.get(name) ?? 0;
			return count > 0 ? [[name, count]] : [];
		}),
		...rest.filter(([name]) => !isErrorOutcome(name)).sort(byCount),
		...rest.filter(([name]) => isErrorOutcome(name)).sort(byCount),
	];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function latencyLine(label: string, values: readonly number[]): string {
	return `${label} (${values.length} call${values.length === 1 ? "" : "s"}): p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  p99 ${ms(percentile(values, 99))}`;
}

/** The table and the figures under it, as printed at the end of a run. */
export function formatSummary(result: SimulationResult): string {
	const rows = orderedOutcomes(result.outcomes);
	const width = Math.max(7, ...rows.map(([name]) => name.length));
	const share = (count: number) => `${((100 * count) / Math.max(1, result.total)).toFixed(1)}%`;
	const line = (name: string, count: string, percent: string) =>
		`${name.padEnd(width)}  ${count.padStart(7)}  ${percent.padStart(6)}`;
	const seconds = result.elapsedMs / 1_000;
	const lines = [
		line("Outcome", "Count", "Share"),
		"-".repeat(width + 17),
		...rows.map(([name, count]) => line(name, count.toLocaleString("en-US"), share(count))),
		"-".repeat(width + 17),
		line("total", result.total.toLocaleString("en-US"), share(result.total)),
		"",
		`Payments/s: ${(result.total / Math.max(seconds, 0.001)).toFixed(2)} (${result.total.toLocaleString("en-US")} in ${formatDuration(result.elapsedMs)})`,
		latencyLine("Intake latency, POST /payment_intents", result.intakeMs),
	];
	if (result.confirmMs.length > 0)
		lines.push(latencyLine("Confirm latency, POST …/confirm", result.confirmMs));
	lines.push(
		`Retries (same Idempotency-Key): ${result.retries}; currency fallbacks: ${result.currencyFallbacks}; errors: ${result.errors}`,
	);
	for (const sample of result.errorSamples) lines.push(`  ${sample}`);
	return lines.join("\n");
}
