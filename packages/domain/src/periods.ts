/**
 * Payment activity period presets (spec 1 §3, §9): nine presets, each with a start, an end and a
 * display label; last_7_days is the default and all_time starts on the day the account was
 * created. A range is sent as date_start and date_end, 'YYYY-MM-DDTHH:mm:ss' in the user's own
 * time, plus the user's UTC offset, so the server reads the same days the merchant sees.
 *
 * Where the spec is silent: every preset ends with the last second of today, and the "last N"
 * presets count today as their last day (last_7_days is today and the six days before it), so a
 * sale made this morning already shows in the default period.
 */
import { formatDate } from "./dates.ts";
import type { Translator } from "./translator.ts";

export const PERIOD_PRESETS = [
	"today",
	"last_7_days",
	"last_4_weeks",
	"last_3_months",
	"last_12_months",
	"month_to_date",
	"quarter_to_date",
	"year_to_date",
	"all_time",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const DEFAULT_PERIOD: PeriodPreset = "last_7_days";

export function periodLabels(t: Translator): Readonly<Record<PeriodPreset, string>> {
	return {
		today: t.__("Today", "paydesk"),
		last_7_days: t.__("Last 7 days", "paydesk"),
		last_4_weeks: t.__("Last 4 weeks", "paydesk"),
		last_3_months: t.__("Last 3 months", "paydesk"),
		last_12_months: t.__("Last 12 months", "paydesk"),
		month_to_date: t.__("Month to date", "paydesk"),
		quarter_to_date: t.__("Quarter to date", "paydesk"),
		year_to_date: t.__("Year to date", "paydesk"),
		all_time: t.__("All time", "paydesk"),
	};
}

/** The session storage key the chosen preset lives under for the browser session. */
export const PERIOD_STORAGE_KEY = "paydesk_payment_activity_period";

export function isPeriodPreset(value: unknown): value is PeriodPreset {
	return typeof value === "string" && (PERIOD_PRESETS as readonly string[]).includes(value);
}

/** A calendar day in the user's time. */
export interface CalendarDay {
	year: number;
	/** 1–12 */
	month: number;
	day: number;
}

export interface PeriodRange {
	preset: PeriodPreset;
	/** 'YYYY-MM-DDTHH:mm:ss', the first second of the period. */
	start: string;
	/** 'YYYY-MM-DDTHH:mm:ss', the last second of the period. */
	end: string;
}

/** Day arithmetic through UTC dates, so month lengths and leap years come out right. */
function shift(day: CalendarDay, change: { days?: number; months?: number }): CalendarDay {
	const months = change.months ?? 0;
	// Clamp to the target month's length: 31 May minus 3 months is 28/29 February, not 3 March.
	const targetMonthLength = new Date(Date.UTC(day.year, day.month - 1 + months + 1, 0)).getUTCDate();
	const date = new Date(
		Date.UTC(day.year, day.month - 1 + months, Math.min(day.day, targetMonthLength) + (change.days ?? 0)),
	);
	return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** 'YYYY-MM-DDTHH:mm:ss' of a day at a time. */
export function formatRangeDateTime(day: CalendarDay, time: "start" | "end"): string {
	return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}T${time === "start" ? "00:00:00" : "23:59:59"}`;
}

/** The first day of each preset; every preset ends on `today`. */
function firstDay(preset: PeriodPreset, today: CalendarDay, accountCreated: CalendarDay): CalendarDay {
	switch (preset) {
		case "today":
			return today;
		case "last_7_days":
			return shift(today, { days: -6 });
		case "last_4_weeks":
			return shift(today, { days: -27 });
		case "last_3_months":
			return shift(shift(today, { months: -3 }), { days: 1 });
		case "last_12_months":
			return shift(shift(today, { months: -12 }), { days: 1 });
		case "month_to_date":
			return { ...today, day: 1 };
		case "quarter_to_date":
			return { year: today.year, month: Math.floor((today.month - 1) / 3) * 3 + 1, day: 1 };
		case "year_to_date":
			return { year: today.year, month: 1, day: 1 };
		case "all_time":
			return accountCreated;
	}
}

export function periodRange(
	preset: PeriodPreset,
	today: CalendarDay,
	accountCreated: CalendarDay,
): PeriodRange {
	return {
		preset,
		start: formatRangeDateTime(firstDay(preset, today, accountCreated), "start"),
		end: formatRangeDateTime(today, "end"),
	};
}

/** The calendar day of a range's 'YYYY-MM-DDTHH:mm:ss' start or end. */
function rangeDay(value: string): CalendarDay {
	const [year, month, day] = value.slice(0, 10).split("-").map(Number);
	return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
}

/**
 * The range as the merchant reads it, in the store's PHP-style date format: "November 9, 2026 –
 * November 15, 2026" with "F j, Y", or one date when the range is a single day. The range's
 * dates are already the user's days, so they are formatted as they are, with no time zone shift.
 */
export function periodRangeLabel(
	range: Pick<PeriodRange, "start" | "end">,
	dateFormat: string,
	locale?: string,
): string {
	const label = (value: string) => {
		const day = rangeDay(value);
		return formatDate(dateFormat, Date.UTC(day.year, day.month - 1, day.day) / 1000, "UTC", locale);
	};
	const start = label(range.start);
	const end = label(range.end);
	return start === end ? start : `${start} – ${end}`;
}

/** The calendar day of a JavaScript date in the runtime's (the user's) time zone. */
export function localCalendarDay(date: Date): CalendarDay {
	return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** A UTC offset in minutes east of UTC as '+HH:MM' (the timezone the report query carries). */
export function formatUtcOffset(minutesEast: number): string {
	const sign = minutesEast < 0 ? "-" : "+";
	const absolute = Math.abs(Math.trunc(minutesEast));
	return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** The preset kept for the session, or the default when none (or something unknown) is kept. */
export function storedPeriod(value: string | null | undefined): PeriodPreset {
	return isPeriodPreset(value) ? value : DEFAULT_PERIOD;
}
