// npm run i18n:update: brings each language's catalogue (languages/paydesk-<locale>.po) in step
// with the template languages/paydesk.pot, as gettext's msgmerge does without fuzzy matching:
// a string still in the template keeps its translation (and its translator's comment), a new
// one arrives with an empty msgstr, and one no longer in the template is dropped. References,
// extracted comments and the order come from the template; the headers from LANGUAGES.
//
//   node scripts/i18n-update.mjs
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
	catalogueHeaders,
	entriesOf,
	LANGUAGES,
	POT_FILE,
	poFileOf,
	ROOT,
	readCatalogue,
	writeCatalogue,
} from "./i18n/catalogue-files.mjs";

const KEPT_HEADERS = ["Last-Translator", "PO-Revision-Date"];

function pluralCount(headers) {
	const match = /nplurals\s*=\s*(\d+)/.exec(headers["Plural-Forms"] ?? "");
	return match ? Number(match[1]) : 2;
}

/**
 * The catalogue of a language for the template: its headers, every template string, with the
 * translation of `previous` (a catalogue of the same language, or null) where it has one.
 */
export function mergeCatalogue(template, previous, headers) {
	const nplurals = pluralCount(headers);
	const kept = Object.fromEntries(
		KEPT_HEADERS.filter((name) => previous?.headers[name]).map((name) => [name, previous.headers[name]]),
	);
	const translations = { "": { "": { msgid: "", msgstr: [""] } } };
	let translated = 0;
	for (const { context, entry } of entriesOf(template)) {
		const old = previous?.translations[context]?.[entry.msgid];
		const samePlural = old && (old.msgid_plural ?? null) === (entry.msgid_plural ?? null);
		const size = entry.msgid_plural ? nplurals : 1;
		const msgstr = Array.from({ length: size }, (_, i) => (samePlural ? (old.msgstr[i] ?? "") : ""));
		if (msgstr.some((text) => text !== "")) translated += 1;
		const comments = { ...entry.comments };
		if (samePlural && old.comments?.translator) comments.translator = old.comments.translator;
		translations[context] ??= {};
		translations[context][entry.msgid] = { ...entry, msgstr, comments };
	}
	let dropped = 0;
	for (const { context, entry } of previous ? entriesOf(previous) : [])
		if (!template.translations[context]?.[entry.msgid] && entry.msgstr.some(Boolean)) dropped += 1;
	return {
		catalogue: { charset: "utf-8", headers: { ...headers, ...kept }, translations },
		translated,
		dropped,
	};
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const template = readCatalogue(POT_FILE);
	for (const locale of Object.keys(LANGUAGES)) {
		const file = poFileOf(locale);
		const previous = existsSync(file) ? readCatalogue(file) : null;
		const { catalogue, translated, dropped } = mergeCatalogue(template, previous, catalogueHeaders(locale));
		writeCatalogue(file, catalogue);
		const total = [...entriesOf(catalogue)].length;
		console.log(
			`${path.relative(ROOT, file)}: ${translated} of ${total} strings translated${dropped ? `, ${dropped} translations of strings no longer used dropped` : ""}`,
		);
	}
}
