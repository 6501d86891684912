/**
 * The one date engine of the project (DESIGN §5): time is stored as UTC epoch seconds; a date a
 * merchant types in a filter is read in the user's time zone (user_timezone); lists, details,
 * timelines, exports, e-mails and documents show dates with the store's PHP-style formats
 * (dateFormat "F j, Y", timeFormat "g:i a" …) in the store's time zone, with month and day names
 * in the reader's language. The server and the admin use these functions, so a filter means the
 * same instant on both sides and a date reads the same everywhere.
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
	/** 1–12 */
	month: number;
	day: number;
	/** 0–23 */
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
/** "+02:00", "-0530", "UTC+2", and WordPress's manual offsets in decimal hours ("UTC+5.5", "UTC+5.75"). */
const OFFSET_PATTERN = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2})|\.(\d{1,2}))?$/;
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

/**
 * The seconds of a fixed offset ("+02:00", "-0530", "+5", "UTC+2", "GMT-03:30", "UTC"), or null
 * when the zone is not one (an IANA name). WordPress keeps a manual offset as "UTC+2", and one of
 * a half or three quarters of an hour in decimal hours: "UTC+5.5" is +05:30, "UTC+5.75" +05:45.
 */
export function fixedOffsetSeconds(zone: string): number | null {
	const text = zone.trim();
	if (text === "UTC" || text === "Z" || text === "GMT") return 0;
	const match = OFFSET_PATTERN.exec(text);
	if (!match) return null;
	const [, sign, hours, clockMinutes, fraction] = match;
	// A decimal fraction of an hour must be whole minutes: .5 is 30, .75 is 45, .33 is none.
	const fractionMinutes = fraction === undefined ? 0 : (Number(fraction.padEnd(2, "0")) * 60) / 100;
	if (!Number.isInteger(fractionMinutes)) return null;
	const minutes = clockMinutes === undefined ? fractionMinutes : Number(clockMinutes);
	if (Number(hours) > 14 || minutes > 59) return null;
	const seconds = Number(hours) * 3600 + minutes * 60;
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

/** Calendar parts of an instant in a zone (IANA name, "UTC", or a fixed offset). */
export interface ZonedParts extends Omit<LocalDateTime, "hasTime"> {
	/** 0 = Sunday */
	weekday: number;
	/** Offset from UTC in minutes, e.g. 120 for UTC+2. */
	offsetMinutes: number;
}

export function zonedParts(epochSeconds: number, zone = "UTC"): ZonedParts {
	const offset = zoneOffsetAt(zone, epochSeconds);
	const shifted = new Date((epochSeconds + offset) * 1000);
	return {
		year: shifted.getUTCFullYear(),
		month: shifted.getUTCMonth() + 1,
		day: shifted.getUTCDate(),
		hour: shifted.getUTCHours(),
		minute: shifted.getUTCMinutes(),
		second: shifted.getUTCSeconds(),
		weekday: shifted.getUTCDay(),
		offsetMinutes: Math.round(offset / 60),
	};
}

/** A WordPress locale ("fr_FR", "de_CH") as a BCP 47 tag for Intl ("fr-FR"); English by default. */
export function languageTag(locale: string | undefined): string {
	const tag = (locale ?? "").replace(/_/g, "-");
	try {
		return Intl.getCanonicalLocales(tag)[0] ?? "en-US";
	} catch {
		return "en-US";
	}
}

interface CalendarNames {
	months: string[];
	shortMonths: string[];
	days: string[];
	shortDays: string[];
}

const calendarNames = new Map<string, CalendarNames>();

/**
 * Month and weekday names in a language, as the language writes them inside a date ("novembre",
 * "Montag"): from Intl, so every language the runtime knows has them, none kept here.
 */
function namesFor(tag: string): CalendarNames {
	let names = calendarNames.get(tag);
	if (!names) {
		const name = (options: Intl.DateTimeFormatOptions, date: Date) =>
			new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }).format(date);
		// A day inside a date (the "day month" form) gives the genitive some languages use there.
		const monthIn = (month: number, style: "long" | "short") => {
			const date = new Date(Date.UTC(2001, month, 15));
			const part = new Intl.DateTimeFormat(tag, { day: "numeric", month: style, timeZone: "UTC" })
				.formatToParts(date)
				.find((p) => p.type === "month");
			return part?.value ?? name({ month: style }, date);
		};
		// 2001-01-07 was a Sunday.
		const dayOf = (weekday: number, style: "long" | "short") =>
			name({ weekday: style }, new Date(Date.UTC(2001, 0, 7 + weekday)));
		const twelve = Array.from({ length: 12 }, (_, month) => month);
		const seven = Array.from({ length: 7 }, (_, day) => day);
		names = {
			months: twelve.map((month) => monthIn(month, "long")),
			shortMonths: twelve.map((month) => monthIn(month, "short")),
			days: seven.map((day) => dayOf(day, "long")),
			shortDays: seven.map((day) => dayOf(day, "short")),
		};
		calendarNames.set(tag, names);
	}
	return names;
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/**
 * A weekday stored by its English name ("monday", as the payout schedule keeps it) in a language,
 * as the language writes it in a sentence: "Monday", "lundi", "Montag". An unknown name as stored.
 */
export function weekdayName(weekday: string, locale?: string): string {
	const index = WEEKDAYS.indexOf(weekday.toLowerCase());
	return index === -1 ? weekday : (namesFor(languageTag(locale)).days[index] ?? weekday);
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

function ordinalSuffix(day: number): string {
	if (day % 100 >= 11 && day % 100 <= 13) return "th";
	return ["th", "st", "nd", "rd"][day % 10] ?? "th";
}

function offsetText(minutes: number, colon: boolean): string {
	const sign = minutes < 0 ? "-" : "+";
	const absolute = Math.abs(minutes);
	return `${sign}${pad(Math.floor(absolute / 60))}${colon ? ":" : ""}${pad(absolute % 60)}`;
}

/**
 * Formats epoch seconds with a PHP date() format in a zone, month and day names in the given
 * WordPress locale (English when none). As WordPress's date_i18n, the English ordinal suffix (S)
 * and am/pm stay as they are.
 */
export function formatDate(format: string, epochSeconds: number, zone = "UTC", locale?: string): string {
	const p = zonedParts(epochSeconds, zone);
	const names = namesFor(languageTag(locale));
	const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
	let out = "";
	for (let i = 0; i < format.length; i++) {
		const token = format[i] ?? "";
		switch (token) {
			case "d":
				out += pad(p.day);
				break;
			case "D":
				out += names.shortDays[p.weekday] ?? "";
				break;
			case "j":
				out += String(p.day);
				break;
			case "l":
				out += names.days[p.weekday] ?? "";
				break;
			case "N":
				out += String(p.weekday === 0 ? 7 : p.weekday);
				break;
			case "S":
				out += ordinalSuffix(p.day);
				break;
			case "w":
				out += String(p.weekday);
				break;
			case "F":
				out += names.months[p.month - 1] ?? "";
				break;
			case "M":
				out += names.shortMonths[p.month - 1] ?? "";
				break;
			case "m":
				out += pad(p.month);
				break;
			case "n":
				out += String(p.month);
				break;
			case "t":
				out += String(new Date(Date.UTC(p.year, p.month, 0)).getUTCDate());
				break;
			case "Y":
				out += String(p.year);
				break;
			case "y":
				out += pad(p.year % 100);
				break;
			case "a":
				out += p.hour < 12 ? "am" : "pm";
				break;
			case "A":
				out += p.hour < 12 ? "AM" : "PM";
				break;
			case "g":
				out += String(hour12);
				break;
			case "G":
				out += String(p.hour);
				break;
			case "h":
				out += pad(hour12);
				break;
			case "H":
				out += pad(p.hour);
				break;
			case "i":
				out += pad(p.minute);
				break;
			case "s":
				out += pad(p.second);
				break;
			case "P":
				out += offsetText(p.offsetMinutes, true);
				break;
			case "O":
				out += offsetText(p.offsetMinutes, false);
				break;
			case "T":
				out += p.offsetMinutes === 0 ? "UTC" : offsetText(p.offsetMinutes, true);
				break;
			case "e":
				out += zone;
				break;
			case "U":
				out += String(epochSeconds);
				break;
			case "c":
				out += `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offsetText(p.offsetMinutes, true)}`;
				break;
			case "\\":
				i++;
				out += format[i] ?? "";
				break;
			default:
				out += token;
		}
	}
	return out;
}

/** Epoch seconds of an ISO string or a number of seconds, as the API's dates arrive. */
export function toEpochSeconds(value: string | number): number {
	if (typeof value === "number") return value;
	const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`);
	return Math.floor(ms / 1000);
}
