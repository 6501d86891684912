// Where the catalogues live and how they are written: languages/paydesk.pot, the template that
// `npm run i18n:extract` makes from the sources, and languages/paydesk-<locale>.po, one per
// language, which `npm run i18n:update` keeps in step with it and translators fill in.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { po } from "gettext-parser";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const LANGUAGES_DIR = path.join(ROOT, "languages");
export const POT_FILE = path.join(LANGUAGES_DIR, "paydesk.pot");
export const poFileOf = (locale) => path.join(LANGUAGES_DIR, `paydesk-${locale}.po`);

/** The languages Paydesk ships, with gettext's plural rule of each (as WordPress's own catalogues). */
export const LANGUAGES = {
	fr_FR: { team: "French (France)", pluralForms: "nplurals=2; plural=(n > 1);" },
	de_DE: { team: "German", pluralForms: "nplurals=2; plural=(n != 1);" },
};

const PROJECT = `Paydesk ${JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).version}`;

/** The template's headers. No creation date: the file changes only when its strings do. */
export function templateHeaders() {
	return {
		"Project-Id-Version": PROJECT,
		"Report-Msgid-Bugs-To": "",
		"Last-Translator": "FULL NAME <EMAIL@ADDRESS>",
		"Language-Team": "LANGUAGE <LL@li.org>",
		"MIME-Version": "1.0",
		"Content-Type": "text/plain; charset=UTF-8",
		"Content-Transfer-Encoding": "8bit",
		"X-Generator": "@wordpress/babel-plugin-makepot",
		"X-Domain": "paydesk",
	};
}

export function catalogueHeaders(locale) {
	const { team, pluralForms } = LANGUAGES[locale];
	return {
		"Project-Id-Version": PROJECT,
		"Report-Msgid-Bugs-To": "",
		"Language-Team": team,
		Language: locale,
		"MIME-Version": "1.0",
		"Content-Type": "text/plain; charset=UTF-8",
		"Content-Transfer-Encoding": "8bit",
		"Plural-Forms": pluralForms,
		"X-Domain": "paydesk",
	};
}

function firstReference(entry) {
	const [file = "", line = "0"] = (entry.comments?.reference ?? "").split("\n")[0].split(/:(?=\d+$)/);
	return { file, line: Number(line) };
}

/** Entries in the order of their first use in the sources: file by file, line by line. */
export function bySourceOrder(a, b) {
	const left = firstReference(a);
	const right = firstReference(b);
	if (left.file !== right.file) return left.file < right.file ? -1 : 1;
	if (left.line !== right.line) return left.line - right.line;
	const key = (entry) => `${entry.msgctxt ?? ""}\u0004${entry.msgid}`;
	return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

export function readCatalogue(file) {
	return po.parse(readFileSync(file));
}

export function writeCatalogue(file, catalogue) {
	writeFileSync(file, po.compile(catalogue, { sort: bySourceOrder }));
}

/** Each entry of a catalogue but its header, with its context ("" when it has none). */
export function* entriesOf(catalogue) {
	for (const [context, entries] of Object.entries(catalogue.translations))
		for (const [msgid, entry] of Object.entries(entries)) if (msgid !== "") yield { context, entry };
}
