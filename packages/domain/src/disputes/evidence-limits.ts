/**
 * The limits of spec 3 §5.1 as functions the form and the server share: text is cut at a
 * field's maximum length (a field may hold exactly its maxLength) and before the combined
 * evidence text would reach 150000 characters (so all evidence together holds at most 149999:
 * "refused when the combined length of all evidence text would reach 150000"); files must be
 * pdf, png or jpeg by their content, and a dispute's files must not weigh more than
 * 4,500,000 bytes together (exactly 4,500,000 is allowed).
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

export interface LimitedText {
	value: string;
	/** Part of the input was refused because a limit was reached. */
	limited: boolean;
	/** The refusal came from the total of all evidence (the notice the spec asks for). */
	totalReached: boolean;
}

/**
 * The value a text field may take when the merchant types or pastes `next`: cut at the
 * field's maxLength, then so that the total of all evidence text stays below 150000 once the
 * other fields are counted (spec 3 §5.1: input that would reach 150000 is refused).
 */
export function limitEvidenceText(
	evidence: Readonly<Record<string, string | undefined>>,
	key: EvidenceKey,
	next: string,
): LimitedText {
	const max = maxLengthOf(EVIDENCE_FIELD_TYPES[key]) ?? Number.POSITIVE_INFINITY;
	let value = next.length > max ? next.slice(0, max) : next;
	const others = evidenceTextLength({ ...evidence, [key]: "" });
	const room = Math.max(0, EVIDENCE_TEXT_MAX_TOTAL - 1 - others);
	const totalReached = value.length > room;
	if (totalReached) value = value.slice(0, room);
	return { value, limited: value.length < next.length, totalReached };
}

/** Why a set of evidence texts breaks the limits, or null when it keeps them (server side). */
export function evidenceTextViolation(
	evidence: Readonly<Record<string, string | undefined>>,
): { key: string; message: string } | null {
	for (const [key, value] of Object.entries(evidence)) {
		if (!value || !isEvidenceKey(key)) continue;
		const max = maxLengthOf(EVIDENCE_FIELD_TYPES[key]);
		if (max !== undefined && value.length > max) {
			return { key, message: `${key} must be at most ${max} characters` };
		}
	}
	// Spec 3 §5.1: a total that reaches 150000 is refused, not only one past it.
	if (evidenceTextLength(evidence) >= EVIDENCE_TEXT_MAX_TOTAL) {
		return {
			key: "evidence",
			message: `evidence text must stay below ${EVIDENCE_TEXT_MAX_TOTAL} characters in total`,
		};
	}
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
