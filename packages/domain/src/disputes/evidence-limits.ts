/**
 * The limits of spec 3 §5.1 as functions the form and the server share: a field holds at most
 * its maxLength and all evidence text together stays below 150000 characters (so it holds at
 * most 149999: "refused when the combined length of all evidence text would reach 150000");
 * files must be pdf, png or jpeg by their content, and a dispute's files must not weigh more
 * than 4,500,000 bytes together (exactly 4,500,000 is allowed).
 *
 * Text past a limit is refused whole, never cut to fit: evidence submission is final, and a
 * paste shortened without a word would be submitted as if the merchant had written it so.
 */
import {
	EVIDENCE_FIELD_TYPES,
	EVIDENCE_FILES_MAX_TOTAL_BYTES,
	EVIDENCE_TEXT_MAX_TOTAL,
	type EvidenceKey,
	isEvidenceKey,
	maxLengthOf,
} from "./evidence-fields.ts";

/** Characters of evidence text: every value except file references. */
export function evidenceTextLength(evidence: Readonly<Record<string, string | undefined>>): number {
	let total = 0;
	for (const [key, value] of Object.entries(evidence)) {
		if (!value || !isEvidenceKey(key) || EVIDENCE_FIELD_TYPES[key] === "file") continue;
		total += value.length;
	}
	return total;
}

/** Which limit refuses an input: the field's own maxLength, or the total of all evidence. */
export type EvidenceTextRefusal = "field" | "total";

/**
 * Whether the merchant's input `next` for a text field is refused (spec 3 §5.1): it is when the
 * field would pass its maxLength, or when the total of all evidence text would reach 150000.
 * An input that does not lengthen the field (a deletion, a replacement as long) is never
 * refused, so text saved before a limit changed can still be shortened.
 */
export function evidenceTextRefusal(
	evidence: Readonly<Record<string, string | undefined>>,
	key: EvidenceKey,
	next: string,
): EvidenceTextRefusal | null {
	if (next.length <= (evidence[key] ?? "").length) return null;
	const max = maxLengthOf(EVIDENCE_FIELD_TYPES[key]);
	if (max !== undefined && next.length > max) return "field";
	if (evidenceTextLength({ ...evidence, [key]: next }) >= EVIDENCE_TEXT_MAX_TOTAL) return "total";
	return null;
}

/** Why a set of evidence texts breaks the limits (server side), or null when it keeps them. */
export type EvidenceTextViolation =
	| { kind: "field"; key: string; limit: number; length: number }
	| { kind: "total"; limit: number; length: number };

export function evidenceTextViolation(
	evidence: Readonly<Record<string, string | undefined>>,
): EvidenceTextViolation | null {
	for (const [key, value] of Object.entries(evidence)) {
		if (!value || !isEvidenceKey(key)) continue;
		const max = maxLengthOf(EVIDENCE_FIELD_TYPES[key]);
		if (max !== undefined && value.length > max) {
			return { kind: "field", key, limit: max, length: value.length };
		}
	}
	// Spec 3 §5.1: a total that reaches 150000 is refused, not only one past it.
	const length = evidenceTextLength(evidence);
	if (length >= EVIDENCE_TEXT_MAX_TOTAL) return { kind: "total", limit: EVIDENCE_TEXT_MAX_TOTAL, length };
	return null;
}

/** Whether files of these sizes fit a dispute (the total may equal the limit). */
export function fitsEvidenceFileLimit(sizes: readonly number[]): boolean {
	return sizes.reduce((sum, size) => sum + size, 0) <= EVIDENCE_FILES_MAX_TOTAL_BYTES;
}

/**
 * Whether a new file may be added to a field: the sizes of the dispute's other fields plus the
 * new file (the field's previous file is replaced, so it does not count).
 */
export function canAddEvidenceFile(
	fileSizes: Readonly<Record<string, number | undefined>>,
	key: string,
	newSize: number,
): boolean {
	const others = Object.entries(fileSizes)
		.filter(([field]) => field !== key)
		.map(([, size]) => size ?? 0);
	return fitsEvidenceFileLimit([...others, newSize]);
}

export const EVIDENCE_FILE_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export type EvidenceFileType = (typeof EVIDENCE_FILE_TYPES)[number];

/** File extensions the picker offers (the server still checks the content). */
export const EVIDENCE_FILE_ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
	bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/**
 * The type of a file by its first bytes, never by its name: "%PDF-", the PNG signature, or a
 * JPEG start-of-image marker followed by another marker. Null for anything else.
 */
export function sniffEvidenceFileType(bytes: Uint8Array): EvidenceFileType | null {
	if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
	return null;
}

/** The extensions each type may carry; the first is the one a file is given. */
const EXTENSIONS: Record<EvidenceFileType, readonly string[]> = {
	"application/pdf": [".pdf"],
	"image/png": [".png"],
	"image/jpeg": [".jpg", ".jpeg"],
};

/**
 * A file's name with the extension of its sniffed type: "scan.jpeg" stays, "a.html" holding a
 * PNG becomes "a.png", and "receipt" becomes "receipt.pdf", so nothing downloads under a name
 * that another program would open as something else.
 */
export function nameForType(filename: string, type: EvidenceFileType): string {
	const dot = filename.lastIndexOf(".");
	const extension = dot > 0 ? filename.slice(dot).toLowerCase() : "";
	const allowed = EXTENSIONS[type];
	if (allowed.includes(extension)) return filename;
	const base = dot > 0 ? filename.slice(0, dot) : filename;
	return `${base || "file"}${allowed[0]}`;
}

/** Bytes the sniffer needs to see. */
export const EVIDENCE_SNIFF_BYTES = 8;
