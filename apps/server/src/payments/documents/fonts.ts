/**
 * The fonts documents are written in, so that any name prints: Noto Sans (Latin with
 * its extensions, Greek, Cyrillic, ₹ and the other currency signs) and, for what it lacks,
 * Noto Sans JP (kana and 12,700 kanji: Japanese names and most Chinese ones), each in regular
 * and bold. They are static TrueType files read from their npm packages (SIL Open Font License
 * 1.1), so the compiled server finds them as the sources do, and nothing is fetched at run
 * time; a PDF embeds only the glyphs it uses. TrueType, because fontkit subsets its outlines
 * soundly, where its CFF (the OpenType CJK fonts) and variable-font subsets are broken.
 *
 * A text is cut into runs, each to be drawn with the first font that has its characters.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { create, type Font } from "fontkit";

export type FontFace = "regular" | "bold";

const FAMILIES = [
	{
		package: "@expo-google-fonts/noto-sans",
		regular: "400Regular/NotoSans_400Regular.ttf",
		bold: "700Bold/NotoSans_700Bold.ttf",
	},
	{
		package: "@expo-google-fonts/noto-sans-jp",
		regular: "400Regular/NotoSansJP_400Regular.ttf",
		bold: "700Bold/NotoSansJP_700Bold.ttf",
	},
] as const;

/** One font file: its bytes (for the PDF writer) and its fontkit font (to measure and choose). */
export interface DocumentFont {
	/** A name unique among the fonts, e.g. "noto-sans-jp-bold". */
	key: string;
	bytes: Buffer;
	font: Font;
}

/** Where an npm package lies, from the sources and from the compiled server alike. */
function packageDir(name: string): string {
	return path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
}

/**
 * fontkit keeps each glyph with the characters of its first request, and its subsetter asks for
 * the parts of a composite glyph (the "u" and the dieresis of "ü") with none. Since the fonts
 * live as long as the process, one document with "Müller" would leave every later document's
 * "u" with no Unicode in its map: printed, but gone from search and copy. A glyph asked for with
 * its characters gets them back.
 */
function keepCharacters(font: Font): Font {
	const getGlyph = font.getGlyph.bind(font);
	font.getGlyph = (id, characters = []) => {
		const glyph = getGlyph(id, characters);
		if (glyph && glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
		return glyph;
	};
	return font;
}

let loaded: Record<FontFace, DocumentFont[]> | null = null;

/** The fonts of each face, in the order they are tried; read once, on first use. */
export function documentFonts(): Record<FontFace, DocumentFont[]> {
	if (!loaded) {
		const open = (face: FontFace) =>
			FAMILIES.map((family) => {
				const bytes = readFileSync(path.join(packageDir(family.package), family[face]));
				const font = create(bytes);
				if (!("layout" in font)) throw new Error(`${family.package} ${face}: not a single font`);
				return { key: `${family.package.split("/")[1]}-${face}`, bytes, font: keepCharacters(font) };
			});
		loaded = { regular: open("regular"), bold: open("bold") };
	}
	return loaded;
}

/** A piece of text drawn with one font. */
export interface TextRun {
	text: string;
	font: DocumentFont;
}

/**
 * Characters that go with the run they are in rather than choosing a font: spaces, combining
 * marks (accents, variation selectors) and format characters (joiners).
 */
const FOLLOWS = /[\s\p{M}\p{Cf}]/u;

/**
 * The runs of a text: each character with the first font that has it (a character no font has
 * stays in the first, which shows its "missing glyph" box), spaces and combining marks with the
 * character before them.
 */
export function fontRuns(text: string, face: FontFace = "regular"): TextRun[] {
	const fonts = documentFonts()[face];
	const runs: TextRun[] = [];
	for (const char of text) {
		const last = runs.at(-1);
		const font =
			last && FOLLOWS.test(char)
				? last.font
				: (fonts.find((candidate) => candidate.font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) ??
					fonts[0]);
		if (!font) throw new Error("No document font");
		if (last && last.font === font) last.text += char;
		else runs.push({ text: char, font });
	}
	return runs;
}

/** The width of a run in points at a size, as fontkit lays it out (kerning included). */
export function runWidth(run: TextRun, size: number): number {
	return (run.font.font.layout(run.text).advanceWidth / run.font.font.unitsPerEm) * size;
}

/** The width of a text in points, as the reader will lay it out. */
export function textWidth(text: string, size: number, face: FontFace = "regular"): number {
	return fontRuns(text, face).reduce((width, run) => width + runWidth(run, size), 0);
}
