/**
 * What a reader makes of a PDF, through Poppler's tools (Debian's poppler-utils, which npm test
 * installs when missing, see scripts/system-deps.mjs): the text it extracts, the fonts it finds
 * and how much ink a page puts on paper. A missing tool fails the test that needs it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Runs a tool on the PDF, written to a file of its own (pdffonts cannot read a pipe). */
function run(tool: string, args: readonly string[], pdf: Buffer): Buffer {
	const dir = mkdtempSync(path.join(tmpdir(), "paydesk-pdf-"));
	try {
		const file = path.join(dir, "document.pdf");
		writeFileSync(file, pdf);
		const result = spawnSync(tool, [...args.map((arg) => (arg === "{pdf}" ? file : arg))], {
			maxBuffer: 64 * 1024 * 1024,
		});
		if (result.error) {
			throw new Error(`${tool} could not run (${result.error.message}): install Debian's poppler-utils`);
		}
		if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr.toString()}`);
		return result.stdout;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The text pdftotext extracts, in reading order. */
export function pdfText(pdf: Buffer): string {
	return run("pdftotext", ["-enc", "UTF-8", "{pdf}", "-"], pdf).toString("utf8");
}

export interface PdfFontRow {
	name: string;
	type: string;
	embedded: boolean;
	subset: boolean;
	unicodeMap: boolean;
}

/** The fonts pdffonts lists. */
export function pdfFonts(pdf: Buffer): PdfFontRow[] {
	const lines = run("pdffonts", ["{pdf}"], pdf).toString("utf8").split("\n").slice(2);
	return lines
		.filter((line) => line.trim())
		.map((line) => {
			// name, type (may hold spaces), encoding, emb, sub, uni, object id, generation.
			const columns = line.trim().split(/\s+/);
			const [emb, sub, uni] = columns.slice(-5, -2);
			return {
				name: columns[0] ?? "",
				type: columns.slice(1, -6).join(" "),
				embedded: emb === "yes",
				subset: sub === "yes",
				unicodeMap: uni === "yes",
			};
		});
}

/** The share of dark pixels on the first page, rendered in grey by pdftoppm (binary PGM). */
export function pdfInk(pdf: Buffer, dpi = 40): number {
	const image = run("pdftoppm", ["-gray", "-r", String(dpi), "-f", "1", "-l", "1", "{pdf}"], pdf);
	// P5 header: magic, width, height, maximum value, each followed by whitespace.
	const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 64).toString("latin1"));
	if (!header) throw new Error("pdftoppm did not answer a PGM image");
	const pixels = image.subarray(header[0].length);
	let dark = 0;
	for (const value of pixels) if (value < 128) dark++;
	return dark / pixels.length;
}
