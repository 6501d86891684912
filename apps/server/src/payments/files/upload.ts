/**
 * Reading an evidence upload from a multipart request: the `file` and `purpose` parts in any
 * order, the file streamed with a byte limit so a larger body is refused while it arrives,
 * then typed by its first bytes (spec 3 §5.1), never by its name or declared type.
 */
import type { MultipartFile } from "@fastify/multipart";
import { FILE_ERRORS, FILE_PURPOSES } from "@paydesk/contract/files";
import { EVIDENCE_FILES_MAX_TOTAL_BYTES } from "@paydesk/domain/disputes/evidence-fields";
import {
	EVIDENCE_SNIFF_BYTES,
	type EvidenceFileType,
	nameForType,
	sniffEvidenceFileType,
} from "@paydesk/domain/disputes/evidence-limits";
import type { FastifyRequest } from "fastify";
import { invalidParams, RestError } from "../../http/rest-error.ts";
import { cleanFileName } from "./queries.ts";

/** One file may use the whole of a dispute's allowance (4,500,000 bytes, inclusive). */
export const MAX_UPLOAD_BYTES = EVIDENCE_FILES_MAX_TOTAL_BYTES;

export interface EvidenceUpload {
	purpose: string;
	filename: string;
	mimeType: EvidenceFileType;
	content: Buffer;
}

const tooLarge = () =>
	new RestError(
		FILE_ERRORS.tooLarge,
		`The file is too large: evidence files may weigh at most ${MAX_UPLOAD_BYTES.toLocaleString("en-US")} bytes.`,
		413,
		{ max_bytes: MAX_UPLOAD_BYTES },
	);

/**
 * The file's bytes, refused as soon as they pass the limit: the part is destroyed right there,
 * which stops the parser, so an oversized upload is answered while it arrives instead of being
 * read to its end (the parser's own toBuffer drains the rest of the body first).
 */
async function readLimited(part: MultipartFile): Promise<Buffer> {
	part.file.once("limit", () => part.file.destroy(tooLarge()));
	if (part.file.truncated) throw tooLarge();
	const chunks: Buffer[] = [];
	try {
		for await (const chunk of part.file) chunks.push(chunk as Buffer);
	} catch (error) {
		if (part.file.truncated || (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
			throw tooLarge();
		throw error;
	}
	if (part.file.truncated) throw tooLarge();
	return Buffer.concat(chunks);
}

export async function readEvidenceUpload(request: FastifyRequest): Promise<EvidenceUpload> {
	if (!request.isMultipart()) throw invalidParams({ file: "file must be sent as multipart/form-data" });
	let purpose: string | undefined;
	let file: { filename: string; content: Buffer } | undefined;
	const parts = request.parts({
		limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
	});
	for await (const part of parts) {
		if (part.type === "file") {
			if (part.fieldname !== "file") {
				part.file.resume();
				throw invalidParams({ [part.fieldname]: `${part.fieldname} is not a file parameter` });
			}
			file = { filename: cleanFileName(part.filename), content: await readLimited(part) };
		} else if (part.fieldname === "purpose") {
			purpose = String(part.value);
		}
	}
	if (!(FILE_PURPOSES as readonly string[]).includes(purpose ?? "")) {
		throw invalidParams({ purpose: `purpose must be one of ${FILE_PURPOSES.join(", ")}` });
	}
	if (!file) throw new RestError(FILE_ERRORS.missingFile, "No file was uploaded.", 400);
	const mimeType = sniffEvidenceFileType(file.content.subarray(0, EVIDENCE_SNIFF_BYTES));
	if (!mimeType) {
		throw new RestError(
			FILE_ERRORS.invalidType,
			"The file type is not supported: upload a PDF, PNG or JPEG file.",
			400,
		);
	}
	return {
		purpose: purpose ?? "",
		filename: nameForType(file.filename, mimeType),
		mimeType,
		content: file.content,
	};
}
