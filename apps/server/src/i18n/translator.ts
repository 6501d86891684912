/**
 * The server's texts in a user's language: a translator per locale, made from the language's
 * catalogue (languages/paydesk-<locale>.po, read with gettext-parser) by @wordpress/i18n, as
 * the admin does in the browser, so both show a string the same way. A locale with no catalogue
 * reads its language's (see catalogueLocaleFor), else English. Each catalogue is read once.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
	type Catalogue,
	catalogueLocaleFor,
	type LocaleData,
	localeDataOf,
} from "@paydesk/domain/locale-data";
import type { Translator } from "@paydesk/domain/translator";
import { createI18n, sprintf } from "@wordpress/i18n";
import { po } from "gettext-parser";
import { SERVER_DIR } from "../server-dir.ts";

export const TEXT_DOMAIN = "paydesk";
/** The repository's languages folder, from the sources (tsx) and from the compiled server alike. */
export const LANGUAGES_DIR = path.resolve(SERVER_DIR, "../../languages");
const ENGLISH = "en_US";

export interface ServerTranslator extends Translator {
	/** The catalogue's locale ("de_DE" for a de_CH user), en_US for the English texts. */
	readonly locale: string;
	/** @wordpress/i18n's sprintf, for the placeholders of a translated text (%s, %d, %1$s…). */
	sprintf(format: string, ...args: Array<string | number>): string;
}

/** A translator over locale data (null: the English texts). */
export function createTranslator(data: LocaleData | null, locale: string): ServerTranslator {
	// createI18n's functions are closures over their instance, so they are handed on as they are
	// (calls that forward a caller's text would themselves fail the extraction check).
	const { __, _x, _n, _nx } = createI18n<string>(data ?? undefined, TEXT_DOMAIN);
	return {
		locale,
		__,
		_x,
		_n,
		_nx,
		// @wordpress/i18n types the arguments from a literal format; a translated text is a string.
		sprintf: (format, ...args) => sprintf(format, ...(args as [])),
	};
}

/** The locales of the catalogues in a languages folder (paydesk-fr_FR.po → fr_FR). */
export function shippedLocales(dir: string): string[] {
	const pattern = new RegExp(`^${TEXT_DOMAIN}-(.+)\\.po$`);
	return readdirSync(dir)
		.map((file) => pattern.exec(file)?.[1])
		.filter((locale): locale is string => locale !== undefined)
		.sort();
}

export function readLocaleData(dir: string, locale: string): LocaleData {
	const catalogue = po.parse(readFileSync(path.join(dir, `${TEXT_DOMAIN}-${locale}.po`))) as Catalogue;
	return localeDataOf(catalogue, TEXT_DOMAIN);
}

/** Translators of one languages folder, each made on first use. */
export function translatorsOf(dir: string): (locale: string) => ServerTranslator {
	let shipped: string[] | null = null;
	const made = new Map<string, ServerTranslator>();
	return (locale) => {
		shipped ??= shippedLocales(dir);
		const catalogue = catalogueLocaleFor(locale, shipped) ?? ENGLISH;
		let translator = made.get(catalogue);
		if (!translator) {
			translator = createTranslator(catalogue === ENGLISH ? null : readLocaleData(dir, catalogue), catalogue);
			made.set(catalogue, translator);
		}
		return translator;
	};
}

/** The translator of a locale ("fr_FR", "de_CH"…), from the shipped catalogues. */
export const translatorFor = translatorsOf(LANGUAGES_DIR);
