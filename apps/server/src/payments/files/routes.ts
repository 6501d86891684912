/**
 * File routes (spec 3 §3.7, §7): evidence upload, details, content (base64) and the file
 * itself for display. @fastify/multipart is registered in this plugin's encapsulated context
 * only, so no other route accepts multipart bodies.
 */
import fastifyMultipart from "@fastify/multipart";
import { FILE_ERRORS, getFileContent, getFileDetails, serveFile, uploadFile } from "@paydesk/contract/files";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound } from "../../http/rest-error.ts";
import { findFileContent, findFileDetails, insertFile } from "./queries.ts";
import { MAX_UPLOAD_BYTES, readEvidenceUpload } from "./upload.ts";

const fileNotFound = () => notFound(FILE_ERRORS.notFound, "The file you are looking for cannot be found.");

/** A disposition header that survives any file name (RFC 6266 with an RFC 5987 fallback). */
function disposition(kind: "inline" | "attachment", filename: string): string {
	const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
	return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * What a file shown in place may do: nothing but be itself. An image is shown in a sandbox that
 * runs nothing; a PDF needs the browser's viewer (an object of this origin), which a sandbox
 * would stop, and runs no script of this origin either.
 */
const INLINE_POLICY: Record<string, string> = {
	"image/png": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
	"image/jpeg": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
	"application/pdf": "default-src 'none'; object-src 'self'",
};

export default async function filesRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock } = app.deps;

	await app.register(fastifyMultipart, {
		throwFileSizeLimit: true,
		limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, parts: 5 },
	});

	contractRoute(app, uploadFile, async ({ request, accountId }) => {
		const upload = await readEvidenceUpload(request);
		const row = await insertFile(db.kysely, {
			accountId,
			purpose: upload.purpose,
			filename: upload.filename,
			mimeType: upload.mimeType,
			content: upload.content,
			now: clock.seconds(),
		});
		return { id: row.id, filename: row.filename, size: row.size };
	});

	contractRoute(app, getFileDetails, async ({ params, accountId }) => {
		const details = await findFileDetails(db.kysely, accountId, params.id);
		if (!details) throw fileNotFound();
		return details;
	});

	contractRoute(app, getFileContent, async ({ params, accountId }) => {
		const file = await findFileContent(db.kysely, accountId, params.id);
		if (!file) throw fileNotFound();
		return {
			file_content: Buffer.from(file.content).toString("base64"),
			filename: file.filename,
			content_type: file.mime_type,
		};
	});

	// The sniffed type (an image or a PDF, never anything a browser would run as a page of this
	// origin), shown in place under a policy that lets it do nothing else, or as an attachment.
	contractRoute(app, serveFile, async ({ params, query, accountId, reply }) => {
		const file = await findFileContent(db.kysely, accountId, params.name);
		if (!file) throw fileNotFound();
		const policy = INLINE_POLICY[file.mime_type];
		const inline = query.download !== "1" && policy !== undefined;
		reply
			.header("content-type", file.mime_type)
			.header("content-disposition", disposition(inline ? "inline" : "attachment", file.filename))
			.header("x-content-type-options", "nosniff")
			.header("cache-control", "private, no-store");
		if (inline) reply.header("content-security-policy", policy);
		return Buffer.from(file.content);
	});
}
