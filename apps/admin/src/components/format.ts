/** Amounts and dates as the store shows them: its language, formats and time zone. */
import { formatDate, toEpochSeconds } from "@paydesk/domain/dates";
import { formatAmount, formatCount } from "@paydesk/domain/money";
import { getSettings } from "../app/settings.ts";

export function formatMoney(amount: number, currency: string, options: { code?: boolean } = {}): string {
	return formatAmount(amount, currency, { locale: getSettings().locale.code, code: options.code });
}

/** A count as the page language groups it: "12,345", "12 345" in French (spec 1 §1). */
export function formatNumber(count: number): string {
	return formatCount(count, getSettings().locale.code);
}

/** A date or time in one of the store's PHP-style formats, its time zone and the page language. */
export function formatStoreTime(format: string, value: string | number): string {
	const settings = getSettings();
	return formatDate(format, toEpochSeconds(value), settings.timezone, settings.locale.code);
}

/** "March 5, 2026" (the store's date format, in its time zone); "5 mars 2026" in French. */
export function formatStoreDate(value: string | number): string {
	return formatStoreTime(getSettings().dateFormat, value);
}

/** "March 5, 2026 / 2:07 pm". */
export function formatStoreDateTime(value: string | number): string {
	const settings = getSettings();
	return `${formatStoreTime(settings.dateFormat, value)} / ${formatStoreTime(settings.timeFormat, value)}`;
}
