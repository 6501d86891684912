/**
 * The background loop of a server process: export jobs first, then the e-mail outbox, then the
 * removal of expired export files, of idempotency keys older than a day, of account events
 * older than the event log keeps them, of notifications older than the bell keeps them, of
 * usage events older than the usage log keeps them and of `/v1` requests older than the request
 * log keeps them; and, when USAGE_TRACKING_URL names a receiver, the forwarding of the usage log
 * to it. Webhooks (rendering the accounts' events and
 * sending their deliveries) run on every pass, right after the timed work that may add events.
 */

import { hostname } from "node:os";
import { EVENT_RETENTION_SECONDS } from "@paydesk/contract/events";
import type { FastifyBaseLogger } from "fastify";
import { DEFAULT_AUDIT_RETENTION_DAYS, purgeAuditLog } from "../audit/retention.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connection.ts";
import type { ExportJobsTable } from "../db/schema.ts";
import { refreshStatistics } from "../db/statistics.ts";
import { purgeRequestKeys } from "../http/request-keys.ts";
import { purgeAccountEvents } from "../ledger/events.ts";
import { purgeIdempotencyKeys } from "../ledger/idempotency.ts";
import { NOTIFICATION_RETENTION_SECONDS, purgeNotifications } from "../notifications/notify.ts";
import { purgeRequestLog } from "../stripe-api/request-log.ts";
import { forwardUsageEvents, httpUsageSender } from "../usage/forwarding.ts";
import { purgeUsageEvents } from "../usage/usage-log.ts";
import { purgeExpiredExports } from "./export-files.ts";
import { deliverPendingMail, smtpTransport, type Transport } from "./outbox.ts";
import { claimNextJob, failAbandonedJobs, finishJob } from "./queue.ts";

export interface JobContext {
	db: Db;
	clock: Clock;
	dataDir: string;
	publicUrl: string;
}

/**
 * Runs one claimed job to its file; answers the row count, the file's name in DATA_DIR and the
 * same-site path it downloads from.
 */
export type JobHandler = (
	job: ExportJobsTable,
	context: JobContext,
) => Promise<{ rowCount: number; fileName: string; downloadUrl: string }>;

const handlers = new Map<string, JobHandler>();

/** Export kinds (deposits, transactions, disputes …) register their handler once at import. */
export function registerJobHandler(kind: string, handler: JobHandler): void {
	handlers.set(kind, handler);
}

/** How often events older than the log keeps them are removed. */
const EVENT_PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** How often the usage log is forwarded (when a receiver is configured); a failed pass waits this long. */
const USAGE_FORWARD_INTERVAL_MS = 60 * 1000;

/** How often SQLite is asked to refresh stale planner statistics (db/statistics.ts). */
const STATISTICS_INTERVAL_MS = 60 * 60 * 1000;

export interface RunnerOptions extends JobContext {
	smtpUrl?: string | undefined;
	log: FastifyBaseLogger;
	intervalMs?: number;
	/**
	 * The processors' timed work (settlement, payouts, expiries, disputes) for every account,
	 * given by the server (processors/registry.ts `runAllAccounts`): the runner knows no processor.
	 */
	timedWork?: (workerId: string) => Promise<unknown>;
	/** How often the timed work runs (default 5 s). */
	timedWorkIntervalMs?: number;
	transport?: Transport;
	/** USAGE_TRACKING_URL: where the usage log is forwarded; without it nothing is sent. */
	usageTrackingUrl?: string | undefined;
	/** AUDIT_RETENTION_DAYS: how long the audit log keeps an entry (default 730 days). */
	auditRetentionDays?: number;
}

/** Claims and runs jobs until none is pending; returns how many ran. */
export async function runPendingJobs(
	context: JobContext,
	workerId: string,
	log?: FastifyBaseLogger,
): Promise<number> {
	let ran = 0;
	for (;;) {
		const job = await claimNextJob(context.db, workerId, context.clock.seconds());
		if (!job) return ran;
		ran++;
		const handler = handlers.get(job.kind);
		try {
			if (!handler) throw new Error(`No handler for ${job.kind} exports`);
			const result = await handler(job, context);
			await finishJob(context.db, job, { status: "success", ...result }, context.clock.seconds());
		} catch (error) {
			log?.error({ err: error, job: job.id }, "export job failed");
			await finishJob(context.db, job, { status: "error", error: String(error) }, context.clock.seconds());
		}
	}
}

export function startJobRunner(options: RunnerOptions): { stop(): Promise<void>; kick(): void } {
	const workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
	// Without SMTP, mail is only stored in the outbox (status `stored`), never reported sent.
	const transport = options.transport ?? (options.smtpUrl ? smtpTransport(options.smtpUrl) : null);
	// Without USAGE_TRACKING_URL the usage log stays on this machine.
	const usageSender = options.usageTrackingUrl ? httpUsageSender(options.usageTrackingUrl) : null;
	let stopped = false;
	let running: Promise<void> | null = null;
	let timer: NodeJS.Timeout | null = null;
	let lastTimedRun = 0;
	let lastStatistics = Date.now();
	let lastEventPurge = 0;
	let lastUsageForward = 0;

	const tick = async () => {
		try {
			// The processor's timed work: settlement, payouts, expiries, disputes (every few seconds).
			if (options.timedWork && Date.now() - lastTimedRun >= (options.timedWorkIntervalMs ?? 5000)) {
				lastTimedRun = Date.now();
				await options.timedWork(workerId);
			}
			await failAbandonedJobs(options.db, options.clock.seconds());
			await runPendingJobs(options, workerId, options.log);
			await deliverPendingMail(options.db, transport, options.clock.seconds());
			await purgeExpiredExports(options.db, options.dataDir, options.clock.seconds());
			await purgeIdempotencyKeys(options.db.kysely, options.clock.seconds());
			await purgeRequestKeys(options.db.kysely, options.clock.seconds());
			if (Date.now() - lastEventPurge >= EVENT_PURGE_INTERVAL_MS) {
				lastEventPurge = Date.now();
				await purgeAccountEvents(options.db.kysely, options.clock.seconds() - EVENT_RETENTION_SECONDS);
				await purgeNotifications(options.db.kysely, options.clock.seconds() - NOTIFICATION_RETENTION_SECONDS);
				await purgeUsageEvents(options.db.kysely, options.clock.seconds());
				await purgeRequestLog(options.db.kysely, options.clock.seconds());
				await purgeAuditLog(
					options.db.kysely,
					options.clock.seconds(),
					options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS,
				);
			}
			if (usageSender && Date.now() - lastUsageForward >= USAGE_FORWARD_INTERVAL_MS) {
				lastUsageForward = Date.now();
				await forwardUsageEvents(options.db.kysely, usageSender, options.clock.seconds()).catch(
					(error: unknown) =>
						options.log.warn({ err: error }, "usage events not forwarded; trying again later"),
				);
			}
			if (Date.now() - lastStatistics >= STATISTICS_INTERVAL_MS) {
				lastStatistics = Date.now();
				await refreshStatistics(options.db);
			}
		} catch (error) {
			options.log.warn({ err: error }, "job runner pass failed");
		}
	};
	const schedule = () => {
		if (stopped) return;
		timer = setTimeout(() => {
			running = tick().finally(() => {
				running = null;
				schedule();
			});
		}, options.intervalMs ?? 500);
	};
	schedule();
	return {
		kick() {
			if (running || stopped) return;
			if (timer) clearTimeout(timer);
			running = tick().finally(() => {
				running = null;
				schedule();
			});
		},
		async stop() {
			stopped = true;
			if (timer) clearTimeout(timer);
			await running;
		},
	};
}
