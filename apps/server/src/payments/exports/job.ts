/**
 * The export job: claimed by the runner (jobs/queue.ts), it streams every matching row into a
 * CSV file under DATA_DIR/exports, then queues the e-mail with the download link. The file is
 * written under a temporary name and renamed, so a half-written file is never served.
 */
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { buildPath } from "@paydesk/contract/route";
import { formatInTimeZone } from "@paydesk/domain/dates";
import type { z } from "zod";
import type { ExportJobsTable } from "../../db/schema.ts";
import { exportFileName, exportFilePath } from "../../jobs/export-files.ts";
import { queueMail } from "../../jobs/outbox.ts";
import type { JobContext, JobHandler } from "../../jobs/runner.ts";
import { parseJson } from "../../processor/account.ts";
import { csvChunks, type ExportDefinition } from "./definition.ts";
import { loadStoreTimeZone } from "./time-zones.ts";

/** What the POST stores on the job row: the validated query and the merchant's locale. */
export interface ExportParams {
	query: unknown;
	locale: string;
}

export function exportJobHandler<Q extends z.ZodObject, Row>(
	definition: ExportDefinition<Q, Row>,
): JobHandler {
	return async (job: ExportJobsTable, context: JobContext) => {
		const params = parseJson<ExportParams>(job.params, { query: {}, locale: job.locale });
		// Parsed again so the job reads exactly the shape the list reads (and old rows fail loudly).
		const query = definition.routes.request.query!.parse(params.query);
		const storeTimeZone = await loadStoreTimeZone(context.db.kysely, job.account_id);
		const columns = definition.columns({ storeTimeZone, locale: params.locale });

		const fileName = exportFileName(job.account_id, job.id);
		const target = exportFilePath(context.dataDir, fileName);
		const partial = `${target}.partial`;
		await mkdir(path.dirname(target), { recursive: true });
		const counter = { rows: 0 };
		try {
			const rows = definition.rows(context.db, job.account_id, query);
			await pipeline(Readable.from(csvChunks(columns, rows, counter)), createWriteStream(partial));
			await rename(partial, target);
		} catch (error) {
			await rm(partial, { force: true });
			throw error;
		}

		const now = context.clock.seconds();
		const store = await context.db.kysely
			.selectFrom("accounts")
			.select("name")
			.where("id", "=", job.account_id)
			.executeTakeFirst();
		const link = `${context.publicUrl}${buildPath(definition.routes.file.path, { export_id: job.id })}`;
		const until = formatInTimeZone(job.expires_at, storeTimeZone);
		await queueMail(
			context.db.kysely,
			{
				accountId: job.account_id,
				to: job.user_email,
				subject: `Your ${definition.noun} export is ready`,
				text: [
					"Hello,",
					"",
					`The export of ${counter.rows} ${definition.noun} you requested from ${store?.name ?? "your store"} is ready:`,
					link,
					"",
					`The link works until ${until} (${storeTimeZone}), for your user account only: log in first if you are asked to.`,
				].join("\n"),
			},
			now,
		);
		return { rowCount: counter.rows, fileName };
	};
}
