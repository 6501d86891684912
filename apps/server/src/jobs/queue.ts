/**
 * Durable export jobs in the database: a job is claimed atomically (FOR UPDATE SKIP LOCKED on
 * PostgreSQL, the single writer on SQLite), so several servers can share the work; a job whose
 * claimer died is claimed again after a lease.
 */
import { EXPORT_KINDS } from "@paydesk/domain/exports";
import { sql } from "kysely";
import type { Db } from "../db/connection.ts";
import type { ExportJobsTable } from "../db/schema.ts";
import { TUNING } from "../env.ts";
import { recordAccountEvents } from "../ledger/events.ts";
import { notify } from "../notifications/notify.ts";

/** How long a claimed job may run before another claimer takes it over (env.ts JOB_LEASE_SECONDS). */
export const LEASE_SECONDS = TUNING.JOB_LEASE_SECONDS;
export const MAX_ATTEMPTS = 3;

export async function claimNextJob(db: Db, workerId: string, now: number): Promise<ExportJobsTable | null> {
	const lock = db.dialect === "postgres" ? sql`for update skip locked` : sql``;
	const result = await sql<ExportJobsTable>`
		update export_jobs
		set status = 'running', claimed_by = ${workerId}, claimed_at = ${now}, attempts = attempts + 1
		where (account_id, id) in (
			select account_id, id from export_jobs
			where (status = 'pending' or (status = 'running' and claimed_at < ${now - LEASE_SECONDS}))
				and attempts < ${MAX_ATTEMPTS}
			order by created
			limit 1
			${lock}
		)
		returning *`.execute(db.kysely);
	return result.rows[0] ?? null;
}

/** Jobs whose claimer died too often are failed, and their users notified. */
export async function failAbandonedJobs(db: Db, now: number): Promise<void> {
	await db.kysely.transaction().execute(async (trx) => {
		const failed = await trx
			.updateTable("export_jobs")
			.set({ status: "error", error: "The export was interrupted too many times.", finished_at: now })
			.where("status", "=", "running")
			.where("attempts", ">=", MAX_ATTEMPTS)
			.where("claimed_at", "<", now - LEASE_SECONDS)
			.returning(["account_id", "id", "user_id", "kind"])
			.execute();
		for (const job of failed) {
			await notify(trx, {
				accountId: job.account_id,
				userId: job.user_id,
				type: "export_failed",
				objectId: job.id,
				created: now,
				facts: { kind: EXPORT_KINDS.find((known) => known === job.kind) },
			});
		}
	});
}

/**
 * Records a job's end, with its notification for the user who asked (the file's link, or that
 * it failed) and, for a file, the account's export.ready event, in one transaction. A claimer
 * that lost its lease finishes nothing: the job belongs to its new claimer.
 */
export async function finishJob(
	db: Db,
	job: ExportJobsTable,
	outcome:
		| { status: "success"; rowCount: number; fileName: string; downloadUrl: string }
		| { status: "error"; error: string },
	now: number,
): Promise<void> {
	await db.kysely.transaction().execute(async (trx) => {
		const finished = await trx
			.updateTable("export_jobs")
			.set(
				outcome.status === "success"
					? {
							status: "success",
							row_count: outcome.rowCount,
							file_name: outcome.fileName,
							finished_at: now,
							error: null,
						}
					: { status: "error", error: outcome.error.slice(0, 500), finished_at: now },
			)
			.where("account_id", "=", job.account_id)
			.where("id", "=", job.id)
			.where("claimed_by", "=", job.claimed_by)
			.executeTakeFirst();
		if (Number(finished.numUpdatedRows) !== 1) return;
		const kind = EXPORT_KINDS.find((known) => known === job.kind);
		const notification = { accountId: job.account_id, userId: job.user_id, objectId: job.id, created: now };
		if (outcome.status === "error") {
			await notify(trx, { ...notification, type: "export_failed", facts: { kind } });
			return;
		}
		await notify(trx, {
			...notification,
			type: "export_ready",
			facts: { kind, download_url: outcome.downloadUrl },
		});
		await recordAccountEvents(trx, job.account_id, now, [
			{
				type: "export.ready",
				objectId: job.id,
				data: { kind: job.kind, user_id: job.user_id, download_url: outcome.downloadUrl },
			},
		]);
	});
}
