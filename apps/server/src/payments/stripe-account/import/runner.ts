/**
 * Runs the history imports of this server's connected accounts in the background: one is started
 * when an account connects, and those under way are taken up again when the server starts (from
 * their cursors). An import another process holds is looked at again when its lease ends; one
 * Stripe failed for now, after RETRY_MS. Stopping the server ends a run between two pages.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/schema.ts";
import type { StripeClients } from "../../../processors/stripe/client.ts";
import { findConnection, storedKey } from "../connection.ts";
import { importHistory } from "./history.ts";

/** How long an import Stripe failed waits before it is tried again. */
const RETRY_MS = 30_000;

interface ImporterDeps {
	db: Kysely<Database>;
	clients: StripeClients;
	appKey: () => Buffer;
	clock: Clock;
	log: FastifyBaseLogger;
}

interface Importer {
	/** Starts the account's import unless it runs here already. */
	kick(accountId: string): void;
	/** Starts every import under way. */
	resume(): Promise<void>;
	/** Ends the runs between two pages, and waits for them. */
	stop(): Promise<void>;
	/** The runs under way here (tests wait on them). */
	settled(): Promise<void>;
}

export function stripeImporter(deps: ImporterDeps): Importer {
	const runner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
	const running = new Map<string, Promise<void>>();
	const timers = new Set<NodeJS.Timeout>();
	let stopped = false;

	const later = (accountId: string, ms: number): void => {
		if (stopped) return;
		const timer = setTimeout(() => {
			timers.delete(timer);
			kick(accountId);
		}, ms);
		timer.unref();
		timers.add(timer);
	};

	async function run(accountId: string): Promise<void> {
		const row = await findConnection(deps.db, accountId);
		if (row?.status !== "importing") return;
		const key = storedKey(row, deps.appKey());
		const outcome = await importHistory({
			db: deps.db,
			accountId,
			client: deps.clients.client(key),
			runner,
			now: () => deps.clock.seconds(),
			stopped: () => stopped,
		});
		if (outcome.status === "held")
			later(accountId, Math.max(1, outcome.until - deps.clock.seconds() + 1) * 1000);
		else if (outcome.status === "retry") {
			deps.log.warn(
				{ account: accountId, reason: outcome.message },
				"the Stripe import waits to be tried again",
			);
			later(accountId, RETRY_MS);
		} else if (outcome.status === "error") {
			deps.log.warn({ account: accountId, reason: outcome.message }, "the Stripe import stopped");
		}
	}

	function kick(accountId: string): void {
		if (stopped || running.has(accountId)) return;
		const started = run(accountId)
			.catch((error: unknown) => {
				deps.log.error({ err: error, account: accountId }, "the Stripe import failed");
				later(accountId, RETRY_MS);
			})
			.finally(() => running.delete(accountId));
		running.set(accountId, started);
	}

	return {
		kick,
		async resume() {
			const rows = await deps.db
				.selectFrom("stripe_connections")
				.select("account_id")
				.where("status", "=", "importing")
				.execute();
			for (const row of rows) kick(row.account_id);
		},
		async stop() {
			stopped = true;
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
			await Promise.all(running.values());
		},
		async settled() {
			while (running.size > 0) await Promise.all(running.values());
		},
	};
}
