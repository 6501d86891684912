/**
 * A small, dependency-free PDF writer for one page of text and rules (PDF 1.4): the two
 * standard Helvetica faces in WinAnsi encoding, so no font is embedded and every reader has
 * the glyphs. Enough for a tax invoice; not a layout engine. Coordinates are PDF points from
 * the bottom-left corner (A4 is 595 × 842).
 */

export const A4 = { width: 595, height: 842 } as const;

export type FontFace = "regular" | "bold";

export interface PdfText {
	x: number;
	/** Baseline. */
	y: number;
	size: number;
	text: string;
	face?: FontFace;
	/** Right-aligned texts end at x. */
	align?: "left" | "right";
	/** Grey 0 (black) to 1 (white). */
	grey?: number;
}

export interface PdfRule {
	x1: number;
	y1: number;
	x2: number;
	y2: number;
	width?: number;
	grey?: number;
}

export interface PdfPage {
	width: number;
	height: number;
	texts: readonly PdfText[];
	rules: readonly PdfRule[];
}

export interface PdfInfo {
	title: string;
	author: string;
	created: Date;
}

/**
 * Advance widths (1/1000 em) of the printable ASCII characters 32–126 in the standard
 * Helvetica and Helvetica-Bold metrics; characters beyond fall back to the width of a digit.
 */
const WIDTHS: Record<FontFace, readonly number[]> = {
	regular: [
		278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
		556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
		500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
		556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
		278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
	],
	bold: [
		278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
		556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
		556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
		556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
		333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
	],
};

const FALLBACK_WIDTH = 556;

/** The width of a text in points, as the reader will lay it out. */
export function textWidth(text: string, size: number, face: FontFace = "regular"): number {
	let units = 0;
	for (const char of text) {
		const code = char.codePointAt(0) ?? 0;
		units += code >= 32 && code <= 126 ? (WIDTHS[face][code - 32] ?? FALLBACK_WIDTH) : FALLBACK_WIDTH;
	}
	return (units * size) / 1000;
}

/** Splits a text into lines no wider than `width`, breaking at spaces (a long word stays whole). */
export function wrapText(text: string, width: number, size: number, face: FontFace = "regular"): string[] {
	const lines: string[] = [];
	for (const paragraph of text.split(/\r?\n/)) {
		let line = "";
		for (const word of paragraph.split(/\s+/).filter(Boolean)) {
			const candidate = line ? `${line} ${word}` : word;
			if (line && textWidth(candidate, size, face) > width) {
				lines.push(line);
				line = word;
			} else line = candidate;
		}
		if (line) lines.push(line);
	}
	return lines;
}

/** Windows-1252 bytes of the characters above 0x7F that Latin-1 places elsewhere. */
const WIN_ANSI_EXTRAS: Readonly<Record<string, number>> = {
	"€": 0x80,
	"‚": 0x82,
	ƒ: 0x83,
	"„": 0x84,
	"…": 0x85,
	"†": 0x86,
	"‡": 0x87,
	ˆ: 0x88,
	"‰": 0x89,
	Š: 0x8a,
	"‹": 0x8b,
	Œ: 0x8c,
	Ž: 0x8e,
	"‘": 0x91,
	"’": 0x92,
	"“": 0x93,
	"”": 0x94,
	"•": 0x95,
	"–": 0x96,
	"—": 0x97,
	"˜": 0x98,
	"™": 0x99,
	š: 0x9a,
	"›": 0x9b,
	œ: 0x9c,
	ž: 0x9e,
	Ÿ: 0x9f,
};

/** One character as its WinAnsi byte; characters the encoding lacks become "?". */
function winAnsiByte(char: string): number {
	const code = char.codePointAt(0) ?? 63;
	if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
	return WIN_ANSI_EXTRAS[char] ?? 63;
}

/**
 * A PDF literal string: WinAnsi bytes, with the delimiters and backslash escaped and every
 * byte outside printable ASCII written in octal, so the file stays 7-bit clean.
 */
export function pdfString(text: string): string {
	let out = "(";
	for (const char of text) {
		const byte = winAnsiByte(char);
		if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${char}`;
		else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, "0")}`;
		else out += String.fromCharCode(byte);
	}
	return `${out})`;
}

/** Numbers as PDF wants them: no exponent, at most two decimals. */
const num = (value: number) => String(Math.round(value * 100) / 100);

function contentStream(page: PdfPage): string {
	const ops: string[] = [];
	for (const rule of page.rules) {
		ops.push(
			`${num(rule.grey ?? 0)} G ${num(rule.width ?? 0.5)} w ${num(rule.x1)} ${num(rule.y1)} m ${num(rule.x2)} ${num(rule.y2)} l S`,
		);
	}
	for (const text of page.texts) {
		const face = text.face ?? "regular";
		const x = text.align === "right" ? text.x - textWidth(text.text, text.size, face) : text.x;
		const font = face === "bold" ? "F2" : "F1";
		ops.push(
			`BT ${num(text.grey ?? 0)} g /${font} ${num(text.size)} Tf ${num(x)} ${num(text.y)} Td ${pdfString(text.text)} Tj ET`,
		);
	}
	return `${ops.join("\n")}\n`;
}

/** "D:20261115150000Z", the PDF date format, in UTC. */
function pdfDate(date: Date): string {
	return `D:${date
		.toISOString()
		.replace(/[-:T]/g, "")
		.replace(/\.\d+Z$/, "")}Z`;
}

/**
 * The whole file: catalog, page tree, one page, two fonts, its content and the document
 * information, then a cross-reference table whose offsets count bytes (one byte per character:
 * the content is ASCII and the marker comment Latin-1).
 */
export function writePdf(page: PdfPage, info: PdfInfo): Buffer {
	const content = contentStream(page);
	const objects = [
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
		`<< /Length ${content.length} >>\nstream\n${content}endstream`,
		`<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Producer (Paydesk) /CreationDate (${pdfDate(info.created)}) >>`,
	];
	// The binary-marker comment tells transfer tools the file is not plain text.
	let body = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
	const offsets: number[] = [];
	objects.forEach((object, index) => {
		offsets.push(Buffer.byteLength(body, "latin1"));
		body += `${index + 1} 0 obj\n${object}\nendobj\n`;
	});
	const xref = Buffer.byteLength(body, "latin1");
	body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
	body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(body, "latin1");
}
