/**
 * Dates of list filters and exports (DESIGN §5): time is stored as UTC epoch seconds; a date a
 * merchant types in a filter is read in the user's time zone (user_timezone), and exports show
 * times in the store's time zone. The server and the admin use these functions, so a filter
 * means the same instant on both sides.
 *
 * Filter rules, as a merchant reads them (each bound is a whole day unless a time is given):
 * - before D: strictly before the first second of D (D itself is excluded);
 * - after D: strictly after the last second of D (D itself is excluded);
 * - between A and B: from the first second of A through the last second of B (both included).
 * With a time ("YYYY-MM-DD HH:mm:ss") the bound is that exact second, excluded for before and
 * after, included for between.
 */

export interface LocalDateTime {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	/** False for a bare "YYYY-MM-DD": the bound then covers the whole day. */
	hasTime: boolean;
}

/** A half-open range of epoch seconds: from <= t < until; a missing side is unbounded. */
export interface EpochRange {
	from?: number;
	until?: number;
}

export const FILTER_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const OFFSET_PATTERN = /^([+-])(\d{2}):?(\d{2})$/;
const DAY_SECONDS = 86_400;

/** "2026-11-15" or "2026-11-15 08:30:00" (a "T" separator and missing seconds are accepted). */
export function parseFilterDate(text: string): LocalDateTime | null {
	const match = FILTER_DATE_PATTERN.exec(text.trim());
	if (!match) return null;
	const [, y, mo, d, h, mi, s] = match;
	const local: LocalDateTime = {
		year: Number(y),
		month: Number(mo),
		day: Number(d),
		hour: Number(h ?? 0),
		minute: Number(mi ?? 0),
		second: Number(s ?? 0),
		hasTime: h !== undefined,
	};
	// Round-trip through Date.UTC to refuse 2026-02-30 and 25:00.
	const utc = new Date(
		Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second),
	);
	if (
		utc.getUTCFullYear() !== local.year ||
		utc.getUTCMonth() !== local.month - 1 ||
		utc.getUTCDate() !== local.day ||
		utc.getUTCHours() !== local.hour ||
		utc.getUTCMinutes() !== local.minute
	) {
		return null;
	}
	return local;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(zone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat("en-US", {
			timeZone: zone,
			hourCycle: "h23",
			year: "numeric",
			month: "2-digit",
			day: "2-digit",
			hour: "2-digit",
			minute: "2-digit",
			second: "2-digit",
		});
		formatters.set(zone, formatter);
	}
	return formatter;
}

function fixedOffsetSeconds(zone: string): number | null {
	if (zone === "UTC" || zone === "Z" || zone === "GMT") return 0;
	const match = OFFSET_PATTERN.exec(zone);
	if (!match) return null;
	const [, sign, hours, minutes] = match;
	const seconds = Number(hours) * 3600 + Number(minutes) * 60;
	if (Number(hours) > 14 || Number(minutes) > 59) return null;
	return sign === "-" ? -seconds : seconds;
}

/** A fixed offset ("+02:00", "-0530", "UTC") or an IANA zone the runtime knows ("Europe/Paris"). */
export function isValidTimeZone(zone: string): boolean {
	if (fixedOffsetSeconds(zone) !== null) return true;
	if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
	try {
		formatterFor(zone);
		return true;
	} catch {
		return false;
	}
}

/** The zone's offset from UTC, in seconds, at a given instant (DST-aware for IANA zones). */
export function zoneOffsetAt(zone: string, epochSeconds: number): number {
	const fixed = fixedOffsetSeconds(zone);
	if (fixed !== null) return fixed;
	const parts = formatterFor(zone).formatToParts(new Date(epochSeconds * 1000));
	const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
	const asUtc = Date.UTC(
		part("year"),
		part("month") - 1,
		part("day"),
		part("hour"),
		part("minute"),
		part("second"),
	);
	return Math.round(asUtc / 1000) - epochSeconds;
}

/**
 * The instant a wall-clock time in a zone names. A time skipped by a DST change is read with the
 * offset before the change (so it lands just after the gap); a time that happens twice takes
 * the first of the two instants.
 */
export function zonedToEpoch(local: LocalDateTime, zone: string): number {
	const wall =
		Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second) / 1000;
	// Offsets a day either side bracket any single change near this wall time.
	const before = wall - zoneOffsetAt(zone, wall - DAY_SECONDS);
	const after = wall - zoneOffsetAt(zone, wall + DAY_SECONDS);
	const valid = [before, after].filter((t) => t + zoneOffsetAt(zone, t) === wall);
	if (valid.length === 0) return before;
	return Math.min(...valid);
}

function startOfDay(local: LocalDateTime): LocalDateTime {
	return { ...local, hour: 0, minute: 0, second: 0, hasTime: false };
}

function nextDay(local: LocalDateTime): LocalDateTime {
	const date = new Date(Date.UTC(local.year, local.month - 1, local.day + 1));
	return {
		year: date.getUTCFullYear(),
		month: date.getUTCMonth() + 1,
		day: date.getUTCDate(),
		hour: 0,
		minute: 0,
		second: 0,
		hasTime: false,
	};
}

/** First second of the bound (a day's midnight, or the exact time given). */
function boundStart(local: LocalDateTime, zone: string): number {
	return zonedToEpoch(local.hasTime ? local : startOfDay(local), zone);
}

/** First second after the bound (the next midnight, or the given second plus one). */
function boundEnd(local: LocalDateTime, zone: string): number {
	return local.hasTime ? zonedToEpoch(local, zone) + 1 : zonedToEpoch(nextDay(local), zone);
}

export type DateRule =
	| { rule: "before"; value: string }
	| { rule: "after"; value: string }
	| { rule: "between"; value: readonly [string, string] };

function parseOrThrow(text: string): LocalDateTime {
	const local = parseFilterDate(text);
	if (!local) throw new RangeError(`Not a filter date: ${text}`);
	return local;
}

/** The range of epoch seconds a date rule selects, read in the given zone (rules above). */
export function dateRuleRange(rule: DateRule, zone: string): EpochRange {
	switch (rule.rule) {
		case "before": {
			const local = parseOrThrow(rule.value);
			return { until: local.hasTime ? zonedToEpoch(local, zone) : boundStart(local, zone) };
		}
		case "after":
			return { from: boundEnd(parseOrThrow(rule.value), zone) };
		case "between": {
			const [a, b] = sortDatesChronologically(rule.value);
			return { from: boundStart(parseOrThrow(a), zone), until: boundEnd(parseOrThrow(b), zone) };
		}
	}
}

/** Comparable key of a filter date: a bare day sorts as its midnight. */
function chronologicalKey(text: string): string {
	const local = parseFilterDate(text);
	if (!local) return text;
	const pad = (n: number, width = 2) => String(n).padStart(width, "0");
	return `${pad(local.year, 4)}${pad(local.month)}${pad(local.day)}${pad(local.hour)}${pad(local.minute)}${pad(local.second)}`;
}

/** Spec 2 §5: date-between values are sorted chronologically. */
export function sortDatesChronologically(values: readonly [string, string]): [string, string] {
	const [a, b] = values;
	return chronologicalKey(a) <= chronologicalKey(b) ? [a, b] : [b, a];
}

/** "YYYY-MM-DD HH:mm:ss" of an instant in a zone: the one shape of times in exports and e-mails. */
export function formatInTimeZone(epochSeconds: number, zone: string): string {
	const shifted = new Date((epochSeconds + zoneOffsetAt(zone, epochSeconds)) * 1000);
	return shifted.toISOString().slice(0, 19).replace("T", " ");
}

/** The calendar day ("YYYY-MM-DD") of an instant in a zone, e.g. for export file names. */
export function dayInTimeZone(epochSeconds: number, zone: string): string {
	return formatInTimeZone(epochSeconds, zone).slice(0, 10);
}

export const SECONDS_PER_DAY = DAY_SECONDS;
