/**
 * The audit log's REST routes: the list (Payments › Activity, and a payment's own entries) and
 * its CSV. Administrators only, as the contract says (manage_options).
 */

import { Readable } from "node:stream";
import { downloadAuditLog, listAuditLog } from "@paydesk/contract/audit-log";
import { dayInTimeZone } from "@paydesk/domain/dates";
import type { FastifyInstance } from "fastify";
import { csvChunks } from "../exports/definition.ts";
import { contractRoute } from "../http/contract-route.ts";
import { readerOf } from "../i18n/reader-language.ts";
import { filterTimeZone } from "../lists/time-zones.ts";
import { auditBatches, auditColumns, listAuditEntries } from "./queries.ts";
import { auditActorOf, recordAudit } from "./record.ts";

export default async function auditLogRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock } = app.deps;
	const kysely = db.kysely;

	contractRoute(app, listAuditLog, async ({ accountId, query }) =>
		listAuditEntries(kysely, accountId, query, await filterTimeZone(kysely, accountId, query)),
	);

	contractRoute(app, downloadAuditLog, async ({ accountId, user, query, request, reply }) => {
		const { _wpnonce: _nonce, force_download: _force, ...filters } = query;
		// Downloading the log is an export like any other, and the log says so.
		await kysely.transaction().execute((trx) =>
			recordAudit(trx, {
				accountId,
				action: "export.requested",
				actor: auditActorOf(request),
				now: clock.seconds(),
				details: { kind: "audit_log", filters, email: null },
			}),
		);
		const reader = await readerOf(kysely, accountId, user.id);
		const timeZone = await filterTimeZone(kysely, accountId, query);
		reply
			.header("content-type", "text/csv; charset=utf-8")
			.header(
				"content-disposition",
				`attachment; filename="audit-log-${dayInTimeZone(clock.seconds(), reader.timeZone)}.csv"`,
			)
			.header("cache-control", "private, no-store");
		return Readable.from(
			csvChunks(auditColumns(reader.timeZone, reader.t), auditBatches(kysely, accountId, query, timeZone)),
		);
	});
}
