/**
 * When each simulated payment leaves: `--over` spreads the payments evenly over a duration
 * (payment i at i/n of it), and 0 sends them as fast as the concurrency allows.
 */

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * A duration as the command line writes it, in milliseconds: "30s", "10m", "2h", "1h30m",
 * "500ms", or "0" (as fast as possible); a bare number is seconds. Null when it is not one.
 */
export function parseDuration(text: string): number | null {
	const input = text.trim().toLowerCase();
	if (/^\d+(\.\d+)?$/.test(input)) return Math.round(Number(input) * 1_000);
	if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(input)) return null;
	let total = 0;
	for (const [, value = "0", unit = "s"] of input.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
		total += Number(value) * (UNIT_MS[unit] ?? 0);
	return Math.round(total);
}

/** "10m 0s", "1h 5m", "12.3s": a duration for people. */
export function formatDuration(ms: number): string {
	if (ms < 60_000) return `${(ms / 1_000).toFixed(1)}s`;
	const seconds = Math.round(ms / 1_000);
	const hours = Math.floor(seconds / 3_600);
	const minutes = Math.floor((seconds % 3_600) / 60);
	return hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m ${seconds % 60}s`;
}

/** Milliseconds after the start at which payment `index` of `count` is due. */
export function dueOffsetMs(index: number, count: number, overMs: number): number {
	if (overMs <= 0 || !Number.isFinite(count) || count <= 0) return 0;
	return (index * overMs) / count;
}
