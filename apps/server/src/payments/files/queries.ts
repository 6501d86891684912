/** Uploaded files live in the database (files.content), so they survive restarts and any server can serve them. */
import type { FileDetails } from "@paydesk/contract/files";
import type { Kysely } from "kysely";
import { newId } from "../../db/ids.ts";
import type { Database, FilesTable } from "../../db/schema.ts";

export async function insertFile(
	db: Kysely<Database>,
	file: {
		accountId: string;
		purpose: string;
		filename: string;
		mimeType: string;
		content: Uint8Array;
		now: number;
	},
): Promise<FilesTable> {
	const row: FilesTable = {
		account_id: file.accountId,
		id: newId("file"),
		purpose: file.purpose,
		filename: file.filename,
		title: null,
		mime_type: file.mimeType,
		size: file.content.byteLength,
		content: file.content,
		created: file.now,
	};
	await db.insertInto("files").values(row).execute();
	return row;
}

/** A file's details, without reading its bytes. */
export async function findFileDetails(
	db: Kysely<Database>,
	accountId: string,
	id: string,
): Promise<FileDetails | null> {
	const row = await db
		.selectFrom("files")
		.select(["id", "filename", "size", "purpose", "mime_type", "title", "created"])
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
	if (!row) return null;
	return {
		id: row.id,
		filename: row.filename,
		size: Number(row.size),
		purpose: row.purpose,
		type: row.mime_type,
		title: row.title,
		created: row.created,
	};
}

export async function findFileContent(
	db: Kysely<Database>,
	accountId: string,
	id: string,
): Promise<Pick<FilesTable, "filename" | "mime_type" | "content"> | null> {
	const row = await db
		.selectFrom("files")
		.select(["filename", "mime_type", "content"])
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
	return row ?? null;
}

/** A stored file name: the last path segment, printable, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
	const base = (name ?? "").split(/[\\/]/).pop() ?? "";
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
	const printable = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
	return (printable || "file").slice(0, 255);
}
