/** Amounts and dates as the store shows them: its language, formats and time zone. */
import { formatDate, toEpochSeconds } from "@paydesk/domain/dates";
import { formatAmount } from "@paydesk/domain/money";
import { getSettings } from "../app/settings.ts";

export function formatMoney(amount: number, currency: string, options: { code?: boolean } = {}): string {
	return formatAmount(amount, currency, { locale: getSettings().locale.code, code: options.code });
}

/** "March 5, 2026" (the store's date format, in its time zone). */
export function formatStoreDate(value: string | number): string {
	const settings = getSettings();
	return formatDate(settings.dateFormat, toEpochSeconds(value), settings.timezone);
}

/** "March 5, 2026 / 2:07 pm". */
export function formatStoreDateTime(value: string | number): string {
	const settings = getSettings();
	const seconds = toEpochSeconds(value);
	return `${formatDate(settings.dateFormat, seconds, settings.timezone)} / ${formatDate(settings.timeFormat, seconds, settings.timezone)}`;
}
