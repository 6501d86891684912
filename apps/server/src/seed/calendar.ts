/** UTC day and month arithmetic on epoch seconds, and the store's sales volume over time. */
import type { Random } from "./random.ts";

export const HOUR = 3600;
export const DAY = 86400;
export const WEEK = 7 * DAY;

export function dayOf(seconds: number): number {
	return Math.floor(seconds / DAY);
}

export function dayStart(day: number): number {
	return day * DAY;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
	return (day + 4) % 7;
}

/** Epoch seconds of the first second of the UTC month holding the time. */
export function monthStartOf(seconds: number): number {
	const date = new Date(seconds * 1000);
	return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}

/** The same day of month, `months` earlier (clamped by Date's own overflow rules). */
export function monthsBefore(seconds: number, months: number): number {
	const date = new Date(seconds * 1000);
	date.setUTCMonth(date.getUTCMonth() - months);
	return Math.floor(date.getTime() / 1000);
}

/** Sales by hour of the UTC day for a US store: quiet in the American night. */
const HOUR_WEIGHTS = [
	9, 8, 6, 4, 3, 2, 1.5, 1.5, 2, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9, 9.5, 10, 10, 10, 10, 10, 9.5,
];
const HOUR_CUMULATIVE = HOUR_WEIGHTS.reduce<number[]>((acc, w) => {
	acc.push((acc.at(-1) ?? 0) + w);
	return acc;
}, []);
const HOUR_TOTAL = HOUR_CUMULATIVE.at(-1) ?? 1;

/** A second of the day, following the store's daily rhythm. */
export function secondOfDay(random: Random): number {
	const target = random.next() * HOUR_TOTAL;
	let hour = 0;
	while (hour < 23 && (HOUR_CUMULATIVE[hour] ?? 0) <= target) hour++;
	return hour * HOUR + Math.floor(random.next() * HOUR);
}

/**
 * How many ordinary charges each day gets: volume grows over the store's life, dips at the
 * weekend, peaks in late November and December, and today only counts the hours gone by.
 */
export function planDailyVolume(
	random: Random,
	firstDay: number,
	nowSeconds: number,
	total: number,
): Int32Array {
	const today = dayOf(nowSeconds);
	const length = today - firstDay + 1;
	const weights = new Float64Array(length);
	let sum = 0;
	for (let i = 0; i < length; i++) {
		const day = firstDay + i;
		const progress = length > 1 ? i / (length - 1) : 1;
		const weekday = weekdayOf(day);
		const weekly = weekday === 0 || weekday === 6 ? 0.82 : weekday === 1 ? 1.06 : 1;
		const month = new Date(dayStart(day) * 1000).getUTCMonth();
		const dayOfMonth = new Date(dayStart(day) * 1000).getUTCDate();
		const seasonal = month === 10 && dayOfMonth >= 20 ? 1.45 : month === 11 && dayOfMonth <= 22 ? 1.3 : 1;
		const noise = 0.85 + random.next() * 0.3;
		const fraction = day === today ? (nowSeconds - dayStart(day)) / DAY : 1;
		const weight = (0.22 + 0.78 * progress ** 1.4) * weekly * seasonal * noise * fraction;
		weights[i] = weight;
		sum += weight;
	}
	const counts = new Int32Array(length);
	for (let i = 0; i < length; i++) {
		const exact = ((weights[i] ?? 0) / sum) * total;
		const whole = Math.floor(exact);
		counts[i] = whole + (random.next() < exact - whole ? 1 : 0);
	}
	return counts;
}
