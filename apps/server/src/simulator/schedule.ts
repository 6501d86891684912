/**
 * When each simulated payment leaves: `--over` spreads the payments evenly over a duration
 * (payment i at i/n of it), and 0 sends them as fast as the concurrency allows.
 */

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
