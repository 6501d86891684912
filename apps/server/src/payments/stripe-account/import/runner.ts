/**
 * Keeps the copies of this server's connected accounts in the background:
 *
 * - an account's history import starts when it connects, and those under way are taken up again
 *   when the server starts (from their cursors);
 * - once the history is in, the events Stripe sends are applied as they come (each webhook kicks
 *   a run), and a catch-up asks Stripe for what a lost webhook carried: after the import, when the
 *   server starts, and every CATCH_UP_MS;
 * - a copy another process holds is looked at again when its lease ends; one Stripe failed for
 *   now, after RETRY_MS. Stopping the server ends a run between two steps.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/schema.ts";
import { type StripeClients, StripeError } from "../../../processors/stripe/client.ts";
import { findConnection, storedKey } from "../connection.ts";
import { applyEvents, catchUpEvents } from "./events.ts";
import { stripeFailure } from "./failure.ts";
import { importHistory } from "./history.ts";
import type { CopyRun } from "./lease.ts";

/** How long a copy Stripe failed waits before it is tried again. */
const RETRY_MS = 30_000;
/** How often a live copy asks Stripe for events it may have missed. */
const CATCH_UP_MS = 5 * 60_000;

interface ImporterDeps {
	db: Kysely<Database>;
	clients: StripeClients;
	appKey: () => Buffer;
	clock: Clock;
	log: FastifyBaseLogger;
}

interface Importer {
	/** Runs the account's copy (its import, or the events to apply) unless it runs here already. */
	kick(accountId: string, options?: { catchUp?: boolean }): void;
	/** Takes up every copy: imports under way, and a catch-up of the live ones. */
	resume(): Promise<void>;
	/** Ends the runs between two steps, and waits for them. */
	stop(): Promise<void>;
}

export function stripeImporter(deps: ImporterDeps): Importer {
	const runner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
	const running = new Map<string, Promise<void>>();
	/** Accounts kicked while they ran: they run again when the run ends, with a catch-up if asked. */
	const again = new Map<string, boolean>();
	const timers = new Set<NodeJS.Timeout>();
	let stopped = false;

	const later = (accountId: string, ms: number, catchUp = false): void => {
		if (stopped) return;
		const timer = setTimeout(() => {
			timers.delete(timer);
			kick(accountId, { catchUp });
		}, ms);
		timer.unref();
		timers.add(timer);
	};

	const waitFor = (accountId: string, outcome: { status: string; until?: number; message?: string }) => {
		if (outcome.status === "held") {
			later(accountId, Math.max(1, (outcome.until ?? 0) - deps.clock.seconds() + 1) * 1000);
		} else if (outcome.status === "retry") {
			deps.log.warn(
				{ account: accountId, reason: outcome.message },
				"the Stripe copy waits to be tried again",
			);
			later(accountId, RETRY_MS, true);
		} else if (outcome.status === "error") {
			deps.log.warn({ account: accountId, reason: outcome.message }, "the Stripe copy stopped");
		}
	};

	async function run(accountId: string, catchUp: boolean): Promise<void> {
		const row = await findConnection(deps.db, accountId);
		if (row?.status !== "importing" && row?.status !== "live") return;
		const copy: CopyRun = {
			db: deps.db,
			accountId,
			client: deps.clients.client(storedKey(row, deps.appKey())),
			runner,
			now: () => deps.clock.seconds(),
			stopped: () => stopped,
		};
		if (row.status === "importing") {
			const imported = await importHistory(copy);
			if (imported.status !== "live") return waitFor(accountId, imported);
			catchUp = true;
		}
		if (catchUp) {
			try {
				await catchUpEvents(copy);
			} catch (error) {
				if (!(error instanceof StripeError)) throw error;
				return waitFor(accountId, await stripeFailure(copy, error));
			}
			later(accountId, CATCH_UP_MS, true);
		}
		waitFor(accountId, await applyEvents(copy));
	}

	function kick(accountId: string, options: { catchUp?: boolean } = {}): void {
		if (stopped) return;
		const catchUp = options.catchUp ?? false;
		if (running.has(accountId)) {
			again.set(accountId, (again.get(accountId) ?? false) || catchUp);
			return;
		}
		const started = run(accountId, catchUp)
			.catch((error: unknown) => {
				deps.log.error({ err: error, account: accountId }, "the Stripe copy failed");
				later(accountId, RETRY_MS, true);
			})
			.finally(() => {
				running.delete(accountId);
				const next = again.get(accountId);
				if (next !== undefined) {
					again.delete(accountId);
					kick(accountId, { catchUp: next });
				}
			});
		running.set(accountId, started);
	}

	return {
		kick,
		async resume() {
			const rows = await deps.db
				.selectFrom("stripe_connections")
				.select("account_id")
				.where("status", "in", ["importing", "live"])
				.execute();
			for (const row of rows) kick(row.account_id, { catchUp: true });
		},
		async stop() {
			stopped = true;
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
			while (running.size > 0) await Promise.all(running.values());
		},
	};
}
