/**
 * Uploaded files (spec 3 §3.7, §7): dispute evidence goes up as multipart and comes back as
 * { id, filename, size }; its details and its content (base64, for the evidence download)
 * are read back by id, and GET /file/{name} serves the file itself for display.
 *
 * Shapes and rules chosen where the spec is silent:
 * - POST /file takes multipart/form-data with the parts `file` and `purpose` (in any order);
 *   purpose must be dispute_evidence. The file must be a pdf, png or jpeg by its content (its
 *   name and declared type are not trusted) and weigh at most 4,500,000 bytes; a larger body
 *   is refused while it streams in, never buffered whole.
 * - GET /file/{name} answers the stored bytes with their sniffed type as an attachment
 *   (Content-Disposition: attachment, X-Content-Type-Options: nosniff), so an uploaded file
 *   can never run as a page of this origin. Browsers pass the REST nonce as `_wpnonce`.
 */
import { z } from "zod";
import { objectId } from "./common.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const FILE_ERRORS = {
	notFound: "wcpay_file_not_found",
	missingFile: "wcpay_missing_file",
	invalidType: "wcpay_invalid_file_type",
	tooLarge: "wcpay_file_too_large",
} as const;

export const FILE_PURPOSES = ["dispute_evidence"] as const;

export const uploadedFile = z.object({ id: z.string(), filename: z.string(), size: z.number().int() });
export type UploadedFile = z.infer<typeof uploadedFile>;

export const fileDetails = uploadedFile.extend({
	purpose: z.string(),
	/** The sniffed content type: application/pdf, image/png or image/jpeg. */
	type: z.string(),
	title: z.string().nullable(),
	/** Epoch seconds. */
	created: z.number().int(),
});
export type FileDetails = z.infer<typeof fileDetails>;

const FILE = `${REST_BASE}/file`;
const fileParams = z.object({ id: objectId });

export const uploadFile = defineRoute({
	method: "POST",
	path: FILE,
	summary:
		"Upload a file (multipart/form-data: file, purpose=dispute_evidence); pdf, png or jpeg up to 4,500,000 bytes",
	tag: "files",
	response: uploadedFile,
	errors: [FILE_ERRORS.missingFile, FILE_ERRORS.invalidType, FILE_ERRORS.tooLarge],
});

export const getFileDetails = defineRoute({
	method: "GET",
	path: `${FILE}/{id}/details`,
	summary: "An uploaded file's name, size, type and purpose",
	tag: "files",
	params: fileParams,
	response: fileDetails,
	errors: [FILE_ERRORS.notFound],
});

export const getFileContent = defineRoute({
	method: "GET",
	path: `${FILE}/{id}/content`,
	summary: "An uploaded file's content, base64-encoded (evidence download)",
	tag: "files",
	params: fileParams,
	response: z.object({ file_content: z.string(), filename: z.string(), content_type: z.string() }),
	errors: [FILE_ERRORS.notFound],
});

/**
 * An uploaded file itself (spec 3 §7: evidence files are displayed from /file/{name}): shown in
 * place, as the image or PDF it was sniffed as, or downloaded with `download=1`.
 */
export const serveFile = defineRoute({
	method: "GET",
	path: `${FILE}/{name}`,
	summary: "An uploaded file itself, shown in place as its stored type (download=1: as an attachment)",
	tag: "files",
	params: z.object({ name: objectId }),
	query: z.object({ _wpnonce: z.string().optional(), download: z.enum(["0", "1"]).optional() }),
	response: z.unknown(),
	produces: "application/octet-stream",
	errors: [FILE_ERRORS.notFound],
});
