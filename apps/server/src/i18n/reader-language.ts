/**
 * Who reads a text the server writes, and so in which language and formats: a user reads in
 * their own language (user meta `locale`), else the site's (WPLANG), else English, as the admin
 * shows them; what has no user reader (an address that is nobody's account) reads the site's.
 * Dates follow the store's formats (date_format, time_format) and time zone whatever the language.
 */
import { formatDate } from "@paydesk/domain/dates";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { effectiveLocale, readSiteSettings, readUserLocale } from "../wp/site-settings.ts";
import { type ServerTranslator, translatorFor } from "./translator.ts";

/** The store's ways of writing dates, in its own settings. */
export interface StoreFormats {
	dateFormat: string;
	timeFormat: string;
	timeZone: string;
}

/** A reader's language, its translator and the store's formats. */
export interface Reader extends StoreFormats {
	/** The WordPress locale the reader asked for ("fr_CA"), whatever catalogue it reads. */
	locale: string;
	t: ServerTranslator;
}

export async function readStoreFormats(db: Kysely<Database>, accountId: string): Promise<StoreFormats> {
	const site = await readSiteSettings(db, accountId);
	return { dateFormat: site.date_format, timeFormat: site.time_format, timeZone: site.timezone };
}

/** A reader in a known locale (an export job keeps the one it was asked in). */
export async function readerIn(db: Kysely<Database>, accountId: string, locale: string): Promise<Reader> {
	return { ...(await readStoreFormats(db, accountId)), locale, t: translatorFor(locale) };
}

/** A user as a reader; userId null for a reader who is no user: the site's language. */
export async function readerOf(
	db: Kysely<Database>,
	accountId: string,
	userId: number | null,
): Promise<Reader> {
	const [formats, own] = await Promise.all([
		readSiteSettings(db, accountId),
		userId === null ? Promise.resolve("") : readUserLocale(db, accountId, userId),
	]);
	const locale = effectiveLocale(own, formats.language);
	return {
		dateFormat: formats.date_format,
		timeFormat: formats.time_format,
		timeZone: formats.timezone,
		locale,
		t: translatorFor(locale),
	};
}

/** A day in the store's date format, the reader's language and the store's time zone (or `zone`). */
export function readerDate(reader: Reader, epochSeconds: number, zone = reader.timeZone): string {
	return formatDate(reader.dateFormat, epochSeconds, zone, reader.locale);
}

/** An instant in the store's date and time formats, the reader's language and the store's zone. */
export function readerDateTime(reader: Reader, epochSeconds: number): string {
	return formatDate(
		`${reader.dateFormat} ${reader.timeFormat}`,
		epochSeconds,
		reader.timeZone,
		reader.locale,
	);
}
