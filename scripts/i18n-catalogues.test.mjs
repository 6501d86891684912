// The shipped catalogues are complete: every string of the template
// (languages/paydesk.pot, `npm run i18n:extract`) has a translation in each language of
// LANGUAGES, in all its plural forms, with the same placeholders, so no text of a French or a
// German store falls back to English. A new string fails here until it is translated.
import { describe, expect, it } from "vitest";
import { entriesOf, LANGUAGES, POT_FILE, poFileOf, readCatalogue } from "./i18n/catalogue-files.mjs";

const template = readCatalogue(POT_FILE);
const PLACEHOLDER = /%(?:\d+\$)?[sd]/g;
const placeholders = (text) => [...new Set(text.match(PLACEHOLDER) ?? [])].sort();
const label = (context, msgid) => (context ? `${context} | ${msgid}` : msgid);

describe.each(Object.keys(LANGUAGES))("the %s catalogue", (locale) => {
	const catalogue = readCatalogue(poFileOf(locale));

	it("translates every string of the template, in every plural form", () => {
		const untranslated = [...entriesOf(template)]
			.filter(({ context, entry }) => {
				const translated = catalogue.translations[context]?.[entry.msgid];
				const forms = entry.msgid_plural ? 2 : 1;
				return !translated || translated.msgstr.length < forms || !translated.msgstr.every(Boolean);
			})
			.map(({ context, entry }) => label(context, entry.msgid));
		expect(untranslated, `run npm run i18n:update and translate these in ${poFileOf(locale)}`).toEqual([]);
	});

	it("keeps the placeholders of each string (%s, %d, %1$s…) in its translation", () => {
		const broken = [...entriesOf(catalogue)]
			.filter(({ entry }) =>
				entry.msgstr.some(
					(text, form) =>
						text !== "" &&
						placeholders(text).join() !==
							placeholders(form > 0 && entry.msgid_plural ? entry.msgid_plural : entry.msgid).join(),
				),
			)
			.map(({ context, entry }) => label(context, entry.msgid));
		expect(broken).toEqual([]);
	});
});
