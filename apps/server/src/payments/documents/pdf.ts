/**
 * One page of text and rules as a PDF, written with PDFKit: every text in the document fonts
 * (fonts.ts), each embedded as a subset of the glyphs it draws, with the Unicode map that lets a
 * reader search and copy the text in any script. Enough for a tax invoice; not a layout engine.
 * Coordinates are PDF points from the bottom-left corner (A4 is 595 × 842), texts sit on their
 * baseline.
 */
import PDFDocument from "pdfkit";
import { type FontFace, fontRuns, runWidth, textWidth } from "./fonts.ts";

export const A4 = { width: 595, height: 842 } as const;

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

/** A grey level as the hex colour PDFKit takes. */
function greyColour(grey = 0): string {
	const level = Math.round(Math.min(1, Math.max(0, grey)) * 255)
		.toString(16)
		.padStart(2, "0");
	return `#${level}${level}${level}`;
}

/** The whole file. PDFKit's y axis runs downwards from the top, hence `height - y`. */
export async function writePdf(page: PdfPage, info: PdfInfo): Promise<Buffer> {
	const doc = new PDFDocument({
		size: [page.width, page.height],
		margin: 0,
		pdfVersion: "1.4",
		info: {
			Title: info.title,
			Author: info.author,
			Producer: "Paydesk",
			Creator: "Paydesk",
			CreationDate: info.created,
		},
	});
	const chunks: Buffer[] = [];
	doc.on("data", (chunk: Buffer) => chunks.push(chunk));
	const ended = new Promise<void>((resolve, reject) => {
		doc.on("end", resolve);
		doc.on("error", reject);
	});

	for (const rule of page.rules) {
		doc
			.moveTo(rule.x1, page.height - rule.y1)
			.lineTo(rule.x2, page.height - rule.y2)
			.lineWidth(rule.width ?? 0.5)
			.strokeColor(greyColour(rule.grey))
			.stroke();
	}

	const registered = new Set<string>();
	for (const text of page.texts) {
		const runs = fontRuns(text.text, text.face);
		const widths = runs.map((run) => runWidth(run, text.size));
		let x = text.align === "right" ? text.x - widths.reduce((sum, width) => sum + width, 0) : text.x;
		doc.fillColor(greyColour(text.grey));
		runs.forEach((run, index) => {
			if (!registered.has(run.font.key)) {
				// The fontkit font itself, parsed once per process: PDFKit 0.20 takes one (it lays out
				// with its `layout`), which spares each document re-reading the 5 MB Japanese font's
				// tables. @types/pdfkit 0.17 still types only bytes and paths.
				doc.registerFont(run.font.key, run.font.font as unknown as Buffer);
				registered.add(run.font.key);
			}
			doc
				.font(run.font.key)
				.fontSize(text.size)
				.text(run.text, x, page.height - text.y, { lineBreak: false, baseline: "alphabetic" });
			x += widths[index] ?? 0;
		});
	}

	doc.end();
	await ended;
	return Buffer.concat(chunks);
}
