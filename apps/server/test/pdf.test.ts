import { describe, expect, it } from "vitest";
import { A4, pdfString, textWidth, wrapText, writePdf } from "../src/payments/documents/pdf.ts";

const created = new Date("2026-11-15T15:00:00Z");

function samplePdf(): string {
	return writePdf(
		{
			...A4,
			texts: [
				{ x: 50, y: 780, size: 22, text: "Tax invoice", face: "bold" },
				{ x: 545, y: 700, size: 10, text: "€9.00 EUR", align: "right" },
			],
			rules: [{ x1: 50, y1: 690, x2: 545, y2: 690 }],
		},
		{ title: "Tax invoice (sample)", author: "Partner", created },
	).toString("latin1");
}

describe("the PDF writer", () => {
	it("writes a PDF 1.4 file that ends with %%EOF", () => {
		const pdf = samplePdf();
		expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
		expect(pdf.endsWith("%%EOF\n")).toBe(true);
	});

	it("points every cross-reference entry and startxref at the right byte", () => {
		const pdf = samplePdf();
		const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)?.[1]);
		expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
		const entries = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) =>
			Number(match[1]),
		);
		expect(entries).toHaveLength(7);
		entries.forEach((offset, index) => {
			expect(pdf.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
		});
		expect(pdf).toContain("/Size 8 /Root 1 0 R /Info 7 0 R");
	});

	it("gives the content stream its exact length", () => {
		const pdf = samplePdf();
		const match = /<< \/Length (\d+) >>\nstream\n/.exec(pdf);
		const start = (match?.index ?? 0) + (match?.[0].length ?? 0);
		expect(pdf.slice(start + Number(match?.[1])).startsWith("endstream")).toBe(true);
	});

	it("escapes delimiters and writes WinAnsi bytes in octal", () => {
		expect(pdfString("Fees (USD) \\ 1")).toBe("(Fees \\(USD\\) \\\\ 1)");
		expect(pdfString("€ £ ß – 漢")).toBe("(\\200 \\243 \\337 \\226 ?)");
	});

	it("measures Helvetica text to right-align amounts and wrap addresses", () => {
		expect(textWidth("10", 10)).toBeCloseTo(11.12);
		expect(textWidth("W", 10, "bold")).toBeCloseTo(9.44);
		expect(wrapText("1 Example Quay Dublin 2 Ireland", 60, 10)).toEqual([
			"1 Example",
			"Quay Dublin",
			"2 Ireland",
		]);
		expect(wrapText("line one\nline two", 500, 10)).toEqual(["line one", "line two"]);
	});
});
