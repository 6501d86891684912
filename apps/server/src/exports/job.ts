/**
 * The export job: claimed by the runner (jobs/queue.ts), it streams every matching row into a
 * CSV file under DATA_DIR/exports, then queues the e-mail with the download link. The file is
 * written under a temporary name and renamed, so a half-written file is never served. The file's
 * headings and the e-mail are in the language of the user who asked (kept on the job), the
 * e-mail's date in the store's formats and time zone.
 */
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { buildPath } from "@paydesk/contract/route";
import { formatCount } from "@paydesk/domain/money";
import { z } from "zod";
import { parseJsonColumn } from "../db/json.ts";
import type { ExportJobsTable } from "../db/schema.ts";
import { readerDateTime, readerIn } from "../i18n/reader-language.ts";
import { exportFileName, exportFilePath } from "../jobs/export-files.ts";
import { queueMail } from "../jobs/outbox.ts";
import type { JobContext, JobHandler } from "../jobs/runner.ts";
import { csvChunks, type ExportDefinition } from "./definition.ts";

/** What the POST stores on the job row: the validated query and the requesting user's locale. */
const exportParams = z.object({ query: z.unknown(), locale: z.string() }).describe("export_jobs.params");
export type ExportParams = z.infer<typeof exportParams>;

export function exportJobHandler<Q extends z.ZodObject, Row>(
	definition: ExportDefinition<Q, Row>,
): JobHandler {
	return async (job: ExportJobsTable, context: JobContext) => {
		const params = parseJsonColumn(exportParams, job.params, { query: {}, locale: job.locale });
		// Parsed again so the job reads exactly the shape the list reads (and old rows fail loudly).
		const query = definition.routes.request.query!.parse(params.query);
		const reader = await readerIn(context.db.kysely, job.account_id, params.locale);
		const { t } = reader;
		const columns = definition.columns({ storeTimeZone: reader.timeZone, locale: reader.locale, t });

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
		const downloadUrl = buildPath(definition.routes.file.path, { export_id: job.id });
		const link = `${context.publicUrl}${downloadUrl}`;
		const texts = definition.mailTexts(t, counter.rows);
		const storeName = store?.name ?? t.__("your store", "paydesk");
		await queueMail(
			context.db.kysely,
			{
				accountId: job.account_id,
				to: job.user_email,
				subject: texts.subject,
				text: [
					t.__("Hello,", "paydesk"),
					"",
					t.sprintf(texts.ready, formatCount(counter.rows, reader.locale), storeName),
					link,
					"",
					t.sprintf(
						/* translators: 1: a date and time, 2: the store's time zone, e.g. Europe/Paris. */
						t.__(
							"The link works until %1$s (%2$s), for your user account only: log in first if you are asked to.",
							"paydesk",
						),
						readerDateTime(reader, job.expires_at),
						reader.timeZone,
					),
				].join("\n"),
			},
			now,
		);
		return { rowCount: counter.rows, fileName, downloadUrl };
	};
}
