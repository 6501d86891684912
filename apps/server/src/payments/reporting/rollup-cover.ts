/**
 * How a range of seconds is read from transaction_rollups: the coarsest whole periods (360, then
 * 30, then 1 UTC days) that fit inside it, and the ledger for the partial UTC days at its ends
 * (a merchant's day starts at their own midnight, a rollup day at UTC midnight). All time over
 * 18 months is then a couple of 360-day rows per key, some 30-day and day rows at the ends, and
 * two partial days of ledger, whatever the store's size.
 */
import { DAY_SECONDS, ROLLUP_SPANS } from "../../processor/rollups.ts";

/** Periods of one span whose first day is in [from, until) (UTC day numbers). */
export interface SpanRange {
	span: number;
	from: number;
	until: number;
}

/** A range of epoch seconds, from <= t < until. */
export interface SecondsRange {
	from: number;
	until: number;
}

function coverDays(from: number, until: number, level: number): SpanRange[] {
	if (from >= until) return [];
	const span = ROLLUP_SPANS[level] ?? 1;
	if (level === 0) return [{ span, from, until }];
	const start = Math.ceil(from / span) * span;
	const end = Math.floor(until / span) * span;
	if (start >= end) return coverDays(from, until, level - 1);
	return [
		...coverDays(from, start, level - 1),
		{ span, from: start, until: end },
		...coverDays(end, until, level - 1),
	];
}

export function rollupCover(range: SecondsRange): { periods: SpanRange[]; edges: SecondsRange[] } {
	const firstDay = Math.ceil(range.from / DAY_SECONDS);
	const endDay = Math.floor(range.until / DAY_SECONDS);
	if (firstDay >= endDay) return { periods: [], edges: range.from < range.until ? [range] : [] };
	const edges: SecondsRange[] = [];
	if (range.from < firstDay * DAY_SECONDS) edges.push({ from: range.from, until: firstDay * DAY_SECONDS });
	if (endDay * DAY_SECONDS < range.until) edges.push({ from: endDay * DAY_SECONDS, until: range.until });
	return { periods: coverDays(firstDay, endDay, ROLLUP_SPANS.length - 1), edges };
}
