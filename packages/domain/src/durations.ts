/**
 * Durations as the command line and the clock write them: "30s", "10m", "2h", "7d", "1w",
 * combinations such as "1h30m", "500ms", or a bare number of seconds. One reader for the
 * simulator's --over and the test clock's advance.
 */
const UNIT_MS: Readonly<Record<string, number>> = {
	ms: 1,
	s: 1_000,
	m: 60_000,
	h: 3_600_000,
	d: 86_400_000,
	w: 604_800_000,
};

/** The duration in milliseconds, or null when the text is not one. */
export function parseDurationMs(text: string): number | null {
	const input = text.trim().toLowerCase();
	if (/^\d+(\.\d+)?$/.test(input)) return Math.round(Number(input) * 1_000);
	if (!/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/.test(input)) return null;
	let total = 0;
	for (const [, value = "0", unit = "s"] of input.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g))
		total += Number(value) * (UNIT_MS[unit] ?? 0);
	return Math.round(total);
}

/** The duration in whole seconds, or null. */
export function parseDurationSeconds(text: string): number | null {
	const ms = parseDurationMs(text);
	return ms === null ? null : Math.round(ms / 1_000);
}
