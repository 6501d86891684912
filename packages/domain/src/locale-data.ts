/**
 * From a language's gettext catalogue to what @wordpress/i18n loads (`setLocaleData`, Jed's
 * shape), and which catalogue a user's locale reads. Both the admin's build and the server use
 * these, so a locale shows the same texts on every surface.
 */

/** One entry of a catalogue as gettext-parser reads a .po file. */
export interface CatalogueEntry {
	msgid: string;
	msgctxt?: string;
	msgid_plural?: string;
	msgstr: string[];
}

export interface Catalogue {
	headers: Record<string, string>;
	/** Entries by context ("" for none), then by msgid; the header is the entry with msgid "". */
	translations: Record<string, Record<string, CatalogueEntry>>;
}

// A type, not an interface, so that it fits @wordpress/i18n's metadata type and its index signature.
export type LocaleMetadata = {
	domain: string;
	lang: string;
	plural_forms: string;
};

/** Jed's shape: the metadata under "", each translation under its key (see localeDataKey). */
export type LocaleData = Record<string, LocaleMetadata | string[]>;

/** How Jed keys a string: its msgid, after its context and U+0004 when it has one. */
export function localeDataKey(msgid: string, context = ""): string {
	return context ? `${context}\u0004${msgid}` : msgid;
}

/**
 * The locale data of a catalogue for a text domain. A string that is not translated, or only in
 * some of its plural forms, is left out: @wordpress/i18n then shows the English text rather than
 * an empty one.
 */
export function localeDataOf(catalogue: Catalogue, domain: string): LocaleData {
	const data: LocaleData = {
		"": {
			domain,
			lang: catalogue.headers.Language ?? "",
			plural_forms: catalogue.headers["Plural-Forms"] ?? "nplurals=2; plural=(n != 1);",
		},
	};
	for (const [context, entries] of Object.entries(catalogue.translations)) {
		for (const entry of Object.values(entries)) {
			if (entry.msgid === "") continue;
			const forms = entry.msgid_plural ? entry.msgstr : entry.msgstr.slice(0, 1);
			if (forms.length === 0 || forms.some((text) => text === "")) continue;
			data[localeDataKey(entry.msgid, context)] = forms;
		}
	}
	return data;
}

/**
 * The catalogue a locale reads among those shipped, or null for the English texts: its own,
 * else the one of its language (WordPress ships de_CH, de_AT, fr_CA, fr_BE… separately; until
 * Paydesk does, de_CH reads de_DE and fr_CA fr_FR, close enough to beat English), preferring the
 * language's home country (de_DE over de_AT).
 */
export function catalogueLocaleFor(locale: string, shipped: readonly string[]): string | null {
	if (shipped.includes(locale)) return locale;
	const language = locale.split(/[_-]/)[0]?.toLowerCase() ?? "";
	if (!language || language === "en") return null;
	const home = `${language}_${language.toUpperCase()}`;
	if (shipped.includes(home)) return home;
	return shipped.find((candidate) => candidate.split("_")[0] === language) ?? null;
}
