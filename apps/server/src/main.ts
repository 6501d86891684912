/** Paydesk server: read env, open and migrate the database, seed an empty one, listen. */

import { loadAccount } from "./accounts/account.ts";
import { buildApp } from "./app.ts";
import { DEFAULT_ADMIN_DIST, ensureAdministrator, openMigratedDb } from "./bootstrap.ts";
import { startedClock, systemClock } from "./clock.ts";
import { isTrue, rateLimitsOf, readEnv } from "./env.ts";
import { logStream } from "./http/readable-log.ts";
import { startJobRunner } from "./jobs/runner.ts";
import { runAllAccounts } from "./processors/registry.ts";
import { isSeedUnfinished, seedFromScratch } from "./seed/from-scratch.ts";
import { isWebhookThread, runWebhookThread, startWebhookThread } from "./stripe-api/webhooks/thread.ts";

async function main(): Promise<void> {
	const env = readEnv(process.env);
	// CLOCK_START holds at CLOCK_STARTED_AT, or else when this process started: not once its modules
	// have loaded, which on a busy machine is seconds later than whoever chose the start expects.
	const clock = env.CLOCK_START
		? startedClock(new Date(env.CLOCK_START), env.CLOCK_STARTED_AT ?? performance.timeOrigin)
		: systemClock;
	const db = await openMigratedDb(env);
	const print = (line: string) => process.stdout.write(`${line}\n`);

	const interrupted = await isSeedUnfinished(db, env.ACCOUNT_ID);
	if (interrupted || !(await loadAccount(db.kysely, env.ACCOUNT_ID))) {
		print(
			`${interrupted ? "The last build of the demo store was interrupted" : "Empty database"}: building the demo store (${env.SEED_TRANSACTIONS} transactions)…`,
		);
		const summary = await seedFromScratch(db, {
			accountId: env.ACCOUNT_ID,
			transactions: env.SEED_TRANSACTIONS,
			seed: env.SEED,
			now: clock.now(),
		});
		print(`Demo store ready in ${(summary.ms / 1000).toFixed(1)} s.`);
	}
	await ensureAdministrator(db, env, clock, print);

	const publicUrl = env.PUBLIC_URL ?? `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`;
	const app = await buildApp(
		{
			db,
			clock,
			validateResponses: false,
			config: {
				dataDir: env.DATA_DIR,
				adminDist: env.ADMIN_DIST ?? DEFAULT_ADMIN_DIST,
				secureCookies: isTrue(env.SECURE_COOKIES),
				productName: "Paydesk",
				siteAccountId: env.ACCOUNT_ID,
				smtpUrl: env.SMTP_URL,
				publicUrl,
				rateLimits: rateLimitsOf(env),
				eventStreamsPerUser: env.EVENT_STREAMS_PER_USER,
				webhookPublicOnly: isTrue(env.WEBHOOK_PUBLIC_ONLY),
				secretKey: env.PAYDESK_SECRET_KEY,
				stripeApiBase: env.STRIPE_API_BASE,
				stripeMaxRps: env.STRIPE_MAX_RPS,
			},
		},
		{
			logger: { level: env.LOG_LEVEL, stream: logStream(env.LOG_FORMAT, process.stdout) },
			trustProxy: isTrue(env.TRUST_PROXY),
		},
	);
	const jobs = startJobRunner({
		db,
		clock,
		dataDir: env.DATA_DIR,
		smtpUrl: env.SMTP_URL,
		publicUrl,
		usageTrackingUrl: env.USAGE_TRACKING_URL,
		auditRetentionDays: env.AUDIT_RETENTION_DAYS,
		log: app.log,
		timedWork: (workerId) => runAllAccounts({ db, clock, publicUrl }, workerId),
	});
	const webhooks = startWebhookThread(
		new URL(import.meta.url),
		{
			databaseUrl: env.DATABASE_URL,
			dataDir: env.DATA_DIR,
			clockShiftMs: clock.now().getTime() - Date.now(),
			publicOnly: isTrue(env.WEBHOOK_PUBLIC_ONLY),
		},
		app.log,
	);

	const shutdown = async (signal: string) => {
		app.log.info({ signal }, "shutting down");
		await jobs.stop();
		await webhooks.stop();
		await app.close();
		await db.close();
		process.exit(0);
	};
	process.once("SIGINT", () => void shutdown("SIGINT"));
	process.once("SIGTERM", () => void shutdown("SIGTERM"));

	await app.listen({ port: env.PORT, host: env.HOST });
	print(
		`Paydesk is running at ${publicUrl}/ (database: ${db.dialect === "postgres" ? "PostgreSQL" : `SQLite in ${env.DATA_DIR}`})`,
	);
}

// The same module is the webhook thread's entry (stripe-api/webhooks/thread.ts).
(isWebhookThread() ? runWebhookThread() : main()).catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
