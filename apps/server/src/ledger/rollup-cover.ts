/**
 * How a range of seconds is read from transaction_rollups: the coarsest whole periods (360,
 * then 30, then 1 UTC days) that fit inside it, and the ledger for the partial UTC days at its
 * ends (a merchant's day starts at their own midnight, a rollup day at UTC midnight). An open
 * end (no date_before, no date_after) reaches as far as the rollups go. The transactions
 * summary and the payment activity report both read this way.
 */
import type { EpochRange } from "@paydesk/domain/dates";
import { DAY_SECONDS, ROLLUP_SPANS } from "./rollups.ts";

export interface PeriodRange {
	span: number;
	from?: number;
	until?: number;
}

/** The coarsest periods covering whole days [from, until), finer ones at the ends. */
function coverDays(from: number | undefined, until: number | undefined, level: number): PeriodRange[] {
	const span = ROLLUP_SPANS[level] ?? 1;
	const range = (a: number | undefined, b: number | undefined): PeriodRange => ({
		span,
		...(a === undefined ? {} : { from: a }),
		...(b === undefined ? {} : { until: b }),
	});
	if (level === 0)
		return from === undefined || until === undefined || from < until ? [range(from, until)] : [];
	const start = from === undefined ? undefined : Math.ceil(from / span) * span;
	const end = until === undefined ? undefined : Math.floor(until / span) * span;
	if (start !== undefined && end !== undefined && start >= end) return coverDays(from, until, level - 1);
	const periods = [range(start, end)];
	if (from !== undefined && start !== undefined && from < start)
		periods.push(...coverDays(from, start, level - 1));
	if (until !== undefined && end !== undefined && end < until)
		periods.push(...coverDays(end, until, level - 1));
	return periods;
}

/** How a range of seconds is read: rollup periods for whole UTC days, the ledger for the rest. */
export function rollupCover(range: EpochRange): { periods: PeriodRange[]; edges: EpochRange[] } {
	const fromDay = range.from === undefined ? undefined : Math.ceil(range.from / DAY_SECONDS);
	const untilDay = range.until === undefined ? undefined : Math.floor(range.until / DAY_SECONDS);
	if (fromDay !== undefined && untilDay !== undefined && fromDay >= untilDay) {
		return { periods: [], edges: range.from! < range.until! ? [range] : [] };
	}
	const edges: EpochRange[] = [];
	if (fromDay !== undefined && range.from! < fromDay * DAY_SECONDS) {
		edges.push({ from: range.from!, until: fromDay * DAY_SECONDS });
	}
	if (untilDay !== undefined && untilDay * DAY_SECONDS < range.until!) {
		edges.push({ from: untilDay * DAY_SECONDS, until: range.until! });
	}
	return { periods: coverDays(fromDay, untilDay, ROLLUP_SPANS.length - 1), edges };
}
