/**
 * registerExport: the four export routes of a list and its job handler, from one definition.
 *   GET  {list}/download                   the CSV at once (streamed, flat memory)
 *   POST {list}/download                   a durable job -> { export_id }
 *   GET  {list}/download/{export_id}       { status, download_url }
 *   GET  {list}/download/{export_id}/file  the file, for the requesting user only
 * The file is written for the user who asks: headings in their language (the POST's `locale`,
 * which the admin fills with the user's, else their own), times in the store's time zone.
 */
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { Readable } from "node:stream";
import { EXPORT_ERRORS, EXPORT_TTL_SECONDS, type ExportStatus } from "@paydesk/contract/exports";
import { buildPath } from "@paydesk/contract/route";
import { dayInTimeZone } from "@paydesk/domain/dates";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { auditActorOf, recordAudit } from "../audit/record.ts";
import type { AuthUser } from "../auth/context.ts";
import { newId } from "../db/ids.ts";
import type { Database, ExportJobsTable } from "../db/schema.ts";
import { contractRoute } from "../http/contract-route.ts";
import { forbidden, notFound, notLoggedIn, RestError } from "../http/rest-error.ts";
import { readerOf } from "../i18n/reader-language.ts";
import { exportFilePath } from "../jobs/export-files.ts";
import { registerJobHandler } from "../jobs/runner.ts";
import { loadStoreTimeZone } from "../lists/time-zones.ts";
import { csvChunks, type ExportDefinition } from "./definition.ts";
import { fileRequester, wantsLoginPage } from "./file-access.ts";
import { type ExportParams, exportJobHandler } from "./job.ts";

const exportNotFound = () =>
	notFound(EXPORT_ERRORS.notFound, "The export you are looking for cannot be found.");

function attachment(fileName: string): string {
	return `attachment; filename="${fileName}"`;
}

export function registerExport<Q extends z.ZodObject, Row>(
	app: FastifyInstance,
	definition: ExportDefinition<Q, Row>,
): void {
	const { db, clock, config } = app.deps;
	const { routes, noun } = definition;
	registerJobHandler(routes.kind, exportJobHandler(definition));

	/** The job of this kind, only for the user who asked for it. */
	const ownJob = async (user: AuthUser, exportId: string): Promise<ExportJobsTable> => {
		const job = await db.kysely
			.selectFrom("export_jobs")
			.selectAll()
			.where("account_id", "=", user.accountId)
			.where("id", "=", exportId)
			.where("kind", "=", routes.kind)
			.executeTakeFirst();
		if (!job) throw exportNotFound();
		if (job.user_id !== user.id) throw forbidden();
		return job;
	};

	/** An export sends the account's data out: who asked, for what, and where it went. */
	const recordExport = (
		trx: Kysely<Database>,
		request: FastifyRequest,
		accountId: string,
		filters: unknown,
		delivery: { email: string | null; exportId: string | null },
	) =>
		recordAudit(trx, {
			accountId,
			action: "export.requested",
			actor: auditActorOf(request),
			now: clock.seconds(),
			object: delivery.exportId ? { type: "export", id: delivery.exportId } : null,
			details: { kind: routes.kind, filters, email: delivery.email },
		});

	contractRoute(app, routes.download, async ({ query, user, accountId, request, reply }) => {
		await db.kysely
			.transaction()
			.execute((trx) => recordExport(trx, request, accountId, query, { email: null, exportId: null }));
		const reader = await readerOf(db.kysely, accountId, user.id);
		const storeTimeZone = reader.timeZone;
		const columns = definition.columns({ storeTimeZone, locale: reader.locale, t: reader.t });
		const rows = definition.rows(db, accountId, query as z.output<Q>);
		reply
			.header("content-type", "text/csv; charset=utf-8")
			.header(
				"content-disposition",
				attachment(`${noun}-${dayInTimeZone(clock.seconds(), storeTimeZone)}.csv`),
			)
			.header("cache-control", "private, no-store");
		return Readable.from(csvChunks(columns, rows));
	});

	contractRoute(app, routes.request, async ({ query, body, user, accountId, request }) => {
		const now = clock.seconds();
		const id = newId("exp");
		const locale = body.locale ?? (await readerOf(db.kysely, accountId, user.id)).locale;
		const params: ExportParams = { query, locale };
		const email = body.user_email ?? user.email;
		await db.kysely.transaction().execute(async (trx) => {
			await trx
				.insertInto("export_jobs")
				.values({
					account_id: accountId,
					id,
					kind: routes.kind,
					user_id: user.id,
					user_email: email,
					locale,
					params: JSON.stringify(params),
					status: "pending",
					row_count: 0,
					file_name: null,
					error: null,
					attempts: 0,
					claimed_by: null,
					claimed_at: null,
					created: now,
					finished_at: null,
					expires_at: now + EXPORT_TTL_SECONDS,
				})
				.execute();
			await recordExport(trx, request, accountId, query, { email, exportId: id });
		});
		return { export_id: id };
	});

	contractRoute(app, routes.status, async ({ params, user }): Promise<ExportStatus> => {
		const job = await ownJob(user, params.export_id);
		if (job.status === "error") return { status: "error", download_url: null };
		if (job.status !== "success") return { status: "pending", download_url: null };
		if (job.expires_at <= clock.seconds() || !job.file_name) {
			throw new RestError(EXPORT_ERRORS.expired, "This export has expired. Please export again.", 410);
		}
		return { status: "success", download_url: buildPath(routes.file.path, { export_id: job.id }) };
	});

	contractRoute(app, routes.file, async ({ params, request, reply }) => {
		const user = await fileRequester(db.kysely, request, clock.seconds());
		if (!user) {
			if (!wantsLoginPage(request)) throw notLoggedIn();
			return reply.redirect(`/wp-login.php?redirect_to=${encodeURIComponent(request.url)}`);
		}
		const job = await ownJob(user, params.export_id);
		if (job.status !== "success") {
			throw new RestError(EXPORT_ERRORS.notReady, "This export is not ready yet.", 409);
		}
		if (job.expires_at <= clock.seconds() || !job.file_name) {
			throw new RestError(EXPORT_ERRORS.expired, "This export has expired. Please export again.", 410);
		}
		const file = exportFilePath(config.dataDir, job.file_name);
		await access(file).catch(() => {
			throw new RestError(EXPORT_ERRORS.expired, "This export has expired. Please export again.", 410);
		});
		const storeTimeZone = await loadStoreTimeZone(db.kysely, user.accountId);
		reply
			.header("content-type", "text/csv; charset=utf-8")
			.header("content-disposition", attachment(`${noun}-${dayInTimeZone(job.created, storeTimeZone)}.csv`))
			.header("cache-control", "private, no-store");
		return createReadStream(file);
	});
}
