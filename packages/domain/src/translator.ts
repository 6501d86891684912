/**
 * What a rule that writes text for people takes to write it in their language: the translation
 * functions of @wordpress/i18n under their names, so a call reads as it does in the admin
 * (`t.__("Won", "paydesk")`) and is extracted into the catalogue like one. The admin passes
 * @wordpress/i18n's own functions, the server a translator per locale (apps/server/src/i18n).
 * The text is the English msgid, exactly as the spec words it, and the domain always "paydesk"
 * (the extraction check, scripts/i18n-extract.mjs, fails a call that passes anything else).
 */
export interface Translator {
	__(text: string, domain: string): string;
	_x(text: string, context: string, domain: string): string;
	_n(single: string, plural: string, number: number, domain: string): string;
	_nx(single: string, plural: string, number: number, context: string, domain: string): string;
}

/** The texts as written: English, with English's plural rule. */
export const englishTranslator: Translator = {
	__: (text) => text,
	_x: (text) => text,
	_n: (single, plural, number) => (number === 1 ? single : plural),
	_nx: (single, plural, number) => (number === 1 ? single : plural),
};

/**
 * A translated text with its placeholders filled, as @wordpress/i18n's sprintf fills them, for
 * the rules that build sentences: `%s` and `%d` take the arguments in turn, `%1$s` and `%2$d` by
 * position (so a language can reorder them), `%%` is a percent sign. `%d` writes the number as
 * an integer; a caller that wants it grouped passes it formatted, through `%s`.
 */
export function sprintf(format: string, ...args: ReadonlyArray<string | number>): string {
	let next = 0;
	return format.replace(
		/%(?:(\d+)\$)?([sd%])/g,
		(placeholder, position: string | undefined, kind: string) => {
			if (kind === "%") return "%";
			const value = args[position ? Number(position) - 1 : next++];
			if (value === undefined) return placeholder;
			return kind === "d" ? String(Math.trunc(Number(value))) : String(value);
		},
	);
}
