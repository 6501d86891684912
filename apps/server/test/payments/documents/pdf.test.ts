/**
 * Documents in any script, for stores that sell abroad: a PDF's texts are drawn with embedded subsets of the
 * document fonts, so a name in Polish, Russian, Greek or Japanese, or a rupee amount, prints on
 * paper and comes back from the reader's text extraction as it was written.
 */
import { describe, expect, it } from "vitest";
import { fontRuns, textWidth } from "../../../src/payments/documents/fonts.ts";
import { A4, type PdfText, wrapText, writePdf } from "../../../src/payments/documents/pdf.ts";
import { pdfFonts, pdfInk, pdfText } from "../../support/pdf-tools.ts";

const created = new Date("2026-11-15T15:00:00Z");

function page(texts: PdfText[]): Promise<Buffer> {
	return writePdf(
		{ ...A4, texts, rules: [{ x1: 50, y1: 690, x2: 545, y2: 690 }] },
		{ title: "Tax invoice (sample)", author: "Partner", created },
	);
}

const SAMPLES = ["Łódź", "東京", "₹1,234.56", "Иван Петров", "Ελληνικά", "Friedrichstraße", "€9.00 EUR"];

describe("the PDF writer", () => {
	it("writes a PDF 1.4 file that ends with %%EOF", async () => {
		const pdf = (await page([{ x: 50, y: 780, size: 22, text: "Tax invoice", face: "bold" }])).toString(
			"latin1",
		);
		expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
		expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
	});

	it("gives back each script's text through text extraction (pdftotext)", async () => {
		const pdf = await page([
			{ x: 50, y: 780, size: 12, text: `${SAMPLES.slice(0, 4).join(", ")}` },
			{ x: 545, y: 750, size: 12, text: SAMPLES.slice(4).join(" "), align: "right", face: "bold" },
		]);
		const text = pdfText(pdf);
		for (const sample of SAMPLES) expect(text).toContain(sample);
		expect(text).toContain("Łódź, 東京, ₹1,234.56, Иван Петров");
	});

	it("keeps a later document's plain letters searchable after one drew them inside accented ones", async () => {
		// "ü" and "á" are composites of "u" and "a": the first document's subset reads those parts.
		await page([{ x: 50, y: 780, size: 12, text: "Zoë Müller, Székesfehérvár, Ñuñoa" }]);
		const text = pdfText(
			await page([{ x: 50, y: 780, size: 12, text: "Invoice number Muller Szekesfehervar" }]),
		);
		expect(text).toContain("Invoice number Muller Szekesfehervar");
	});

	it("embeds only subsets of the fonts it draws with, each with its Unicode map", async () => {
		const pdf = await page([
			{ x: 50, y: 780, size: 12, text: "Łódź 東京" },
			{ x: 50, y: 760, size: 12, text: "Иван 東京", face: "bold" },
		]);
		const fonts = pdfFonts(pdf);
		expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual([
			"NotoSans-Bold",
			"NotoSans-Regular",
			"NotoSansJP-Bold",
			"NotoSansJP-Regular",
		]);
		for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true, unicodeMap: true });
		// Subsets: the whole Japanese font is 5 MB.
		expect(pdf.length).toBeLessThan(100_000);
	});

	it.each(["Łódź", "東京", "₹", "Иван", "Ελληνικά"])(
		"draws the glyphs of %s, not only their text",
		async (sample) => {
			const blank = await page([]);
			const drawn = await page([{ x: 50, y: 500, size: 200, text: sample }]);
			expect(pdfInk(drawn)).toBeGreaterThan(pdfInk(blank) + 0.005);
		},
	);
});

describe("texts are measured in the fonts they are drawn with", () => {
	it("draws each character with the first font that has it, spaces staying in their run", () => {
		expect(fontRuns("Łódź 東京 ₹5").map((run) => [run.text, run.font.key])).toEqual([
			["Łódź ", "noto-sans-regular"],
			["東京 ", "noto-sans-jp-regular"],
			["₹5", "noto-sans-regular"],
		]);
	});

	it("a kanji is one em wide; bold is wider than regular", () => {
		expect(textWidth("東京", 10)).toBeCloseTo(20);
		expect(textWidth("Invoice", 10, "bold")).toBeGreaterThan(textWidth("Invoice", 10));
	});

	it("wraps addresses at spaces, a line no wider than asked", () => {
		const lines = wrapText("1 Example Quay Dublin 2 Ireland", 60, 10);
		expect(lines.join(" ")).toBe("1 Example Quay Dublin 2 Ireland");
		expect(lines.length).toBeGreaterThan(1);
		for (const line of lines.filter((line) => line.includes(" ")))
			expect(textWidth(line, 10)).toBeLessThanOrEqual(60);
		expect(wrapText("line one\nline two", 500, 10)).toEqual(["line one", "line two"]);
		expect(wrapText("東京都千代田区丸の内", 30, 10)).toEqual(["東京都千代田区丸の内"]);
	});
});
