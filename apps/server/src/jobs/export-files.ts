/**
 * Where export files live: DATA_DIR/exports/<account>/<export id>.csv. The job row keeps the
 * path relative to DATA_DIR, so several servers sharing DATA_DIR (and one PostgreSQL) can serve
 * a file another one wrote. Expired files are removed by the job runner.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/connection.ts";

export function exportsRoot(dataDir: string): string {
	if (!dataDir) throw new Error("DATA_DIR is not set: export files need a folder to live in.");
	return path.resolve(dataDir, "exports");
}

/** The relative name recorded on the job row. Ids are word characters, so no path tricks. */
export function exportFileName(accountId: string, exportId: string): string {
	if (!/^\w+$/.test(accountId) || !/^\w+$/.test(exportId)) throw new Error("Unsafe export file name");
	return `${accountId}/${exportId}.csv`;
}

/** The absolute path of a recorded file name, refused when it would leave the exports folder. */
export function exportFilePath(dataDir: string, fileName: string): string {
	const root = exportsRoot(dataDir);
	const full = path.resolve(root, fileName);
	if (!full.startsWith(root + path.sep)) throw new Error("Export file outside the exports folder");
	return full;
}

/** Deletes the files of expired exports and forgets them; answers how many went. */
export async function purgeExpiredExports(
	db: Db,
	dataDir: string,
	now: number,
	limit = 100,
): Promise<number> {
	const expired = await db.kysely
		.selectFrom("export_jobs")
		.select(["account_id", "id", "file_name"])
		.where("expires_at", "<", now)
		.where("file_name", "is not", null)
		.limit(limit)
		.execute();
	for (const job of expired) {
		if (job.file_name) await rm(exportFilePath(dataDir, job.file_name), { force: true });
		await db.kysely
			.updateTable("export_jobs")
			.set({ file_name: null })
			.where("account_id", "=", job.account_id)
			.where("id", "=", job.id)
			.execute();
	}
	return expired.length;
}
