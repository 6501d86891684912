/**
 * Files on Stripe's API: dispute evidence uploads, stored like the admin's (files), so evidence
 * may name them (`evidence[receipt]=file_…`) from either side. An upload is multipart, as
 * Stripe's: @fastify/multipart is registered in a scope of `/v1` holding only the upload route,
 * so every other route of `/v1` still reads form bodies only. The upload itself is the admin's
 * reader (payments/files/upload.ts): the `purpose` and `file` parts, the size limit enforced
 * while the bytes arrive, and the type read from the first bytes (PDF, PNG or JPEG).
 */
import fastifyMultipart from "@fastify/multipart";
import type Stripe from "stripe";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import type { FilesTable } from "../../db/schema.ts";
import { RestError } from "../../http/rest-error.ts";
import { insertFile } from "../../payments/files/queries.ts";
import { MAX_UPLOAD_BYTES, readEvidenceUpload } from "../../payments/files/upload.ts";
import { invalidRequest, resourceMissing } from "../errors.ts";
import { createdConditions, listOf, pageOf, planPage } from "../lists.ts";
import { listParams, parseParams, retrieveParams } from "../params.ts";
import type { V1Router } from "../plugin.ts";

type Kysely = Db["kysely"];
type FileDetails = Omit<FilesTable, "content">;

/** Stripe names a file's type by its extension. */
const EXTENSIONS: Readonly<Record<string, string>> = {
	"application/pdf": "pdf",
	"image/png": "png",
	"image/jpeg": "jpg",
};

const DETAIL_COLUMNS = [
	"account_id",
	"id",
	"purpose",
	"filename",
	"title",
	"mime_type",
	"size",
	"created",
] as const;

const listFilesParams = z.strictObject({
	...listParams,
	purpose: z
		.string()
		.regex(/^[a-z_]{1,60}$/, { error: "must be a file purpose" })
		.optional(),
});

export function fileObject(row: FileDetails): Stripe.File {
	return {
		id: row.id,
		object: "file",
		created: row.created,
		expires_at: null,
		filename: row.filename,
		links: null,
		purpose: row.purpose as Stripe.File.Purpose,
		size: Number(row.size),
		title: row.title,
		type: EXTENSIONS[row.mime_type] ?? null,
		url: null,
	};
}

function findFile(db: Kysely, accountId: string, id: string): Promise<FileDetails | undefined> {
	return db
		.selectFrom("files")
		.select(DETAIL_COLUMNS)
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}

/** The upload reader's refusals as Stripe's errors, naming the part at fault. */
function uploadError(error: RestError) {
	const named = Object.keys((error.data.params as Record<string, unknown> | undefined) ?? {})[0];
	return invalidRequest(error.message, { param: named ?? "file" });
}

export function registerFiles(router: V1Router): void {
	router.scope(
		async (uploads) => {
			await uploads.register(fastifyMultipart, {
				throwFileSizeLimit: true,
				limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, parts: 5 },
			});
		},
		(scoped) => {
			scoped.post("/files", async (context) => {
				if (!context.request.isMultipart()) {
					throw invalidRequest(
						"A file is uploaded as multipart/form-data, with its purpose and the file as the `file` part.",
						{ param: "file" },
					);
				}
				let upload: Awaited<ReturnType<typeof readEvidenceUpload>>;
				try {
					upload = await readEvidenceUpload(context.request);
				} catch (error) {
					if (error instanceof RestError) throw uploadError(error);
					throw error;
				}
				const row = await insertFile(context.request.server.deps.db.kysely, {
					accountId: context.accountId,
					purpose: upload.purpose,
					filename: upload.filename,
					mimeType: upload.mimeType,
					content: upload.content,
					now: context.now,
				});
				return fileObject(row);
			});
		},
	);

	router.get("/files/:id", async (context) => {
		parseParams(retrieveParams, context.params);
		const id = context.path.id ?? "";
		const row = await findFile(context.request.server.deps.db.kysely, context.accountId, id);
		if (!row) throw resourceMissing("file", id);
		return fileObject(row);
	});

	router.get("/files", async (context) => {
		const params = parseParams(listFilesParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const plan = await planPage(
			params,
			{ created: "files.created", id: "files.id" },
			"file",
			async (id) => (await findFile(db, context.accountId, id))?.created,
		);
		let query = db
			.selectFrom("files")
			.select(DETAIL_COLUMNS)
			.where("files.account_id", "=", context.accountId);
		if (params.purpose) query = query.where("files.purpose", "=", params.purpose);
		for (const condition of createdConditions("files.created", params.created))
			query = query.where(condition);
		if (plan.cursor) query = query.where(plan.cursor);
		const rows = await query
			.orderBy("files.created", plan.direction)
			.orderBy("files.id", plan.direction)
			.limit(plan.take)
			.execute();
		const page = pageOf(rows, plan);
		return listOf("/v1/files", page.rows.map(fileObject), page.hasMore);
	});
}
