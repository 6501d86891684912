/**
 * The job runner's webhook work, each pass and for every account on its own clock: render the
 * account's new log entries into events and deliveries (materialize.ts), then claim the due
 * deliveries and send each in its own promise, not awaited by the pass: a slow or dead endpoint
 * holds only its own deliveries (at most PER_ENDPOINT at once), never another endpoint's, and the
 * next pass starts on time. Every 10 minutes events, deliveries and attempts older than 30 days
 * (account time) are removed.
 */
import { accountNow } from "../../accounts/clock.ts";
import type { WebhookDeliveriesTable } from "../../db/schema.ts";
import { claimDelivery, sendClaimedDelivery, type WebhookDeps } from "./deliver.ts";
import { materializeEvents } from "./materialize.ts";
import { WEBHOOK_RETENTION_SECONDS } from "./schedule.ts";

/** Deliveries one process sends at once, in all. */
const IN_FLIGHT = 256;
/** Deliveries one process sends to one endpoint at once. */
const PER_ENDPOINT = 8;
/** Log batches rendered per account per pass, so one busy account cannot hold the pass. */
const BATCHES_PER_PASS = 25;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export interface WebhookWorker {
	/** One pass over every account; sends are started, not awaited. */
	run(workerId: string): Promise<void>;
	/** Waits for the sends in flight (a stopping runner, a test). */
	drain(): Promise<void>;
}

export async function purgeWebhookRecords(deps: WebhookDeps, accountId: string, now: number): Promise<void> {
	const before = now - WEBHOOK_RETENTION_SECONDS;
	for (const table of ["webhook_attempts", "webhook_deliveries", "stripe_events"] as const) {
		await deps.db.kysely
			.deleteFrom(table)
			.where("account_id", "=", accountId)
			.where("created", "<", before)
			.execute();
	}
}

export function webhookWorker(deps: WebhookDeps): WebhookWorker {
	const inFlight = new Set<Promise<unknown>>();
	const perEndpoint = new Map<string, number>();
	let lastPurge = 0;

	const start = (delivery: WebhookDeliveriesTable, workerId: string) => {
		const key = `${delivery.account_id}/${delivery.endpoint_id}`;
		perEndpoint.set(key, (perEndpoint.get(key) ?? 0) + 1);
		const sending = sendClaimedDelivery(deps, delivery, workerId, false)
			.catch(() => {
				// The claim runs out and the delivery is sent again by a later pass.
			})
			.finally(() => {
				inFlight.delete(sending);
				const left = (perEndpoint.get(key) ?? 1) - 1;
				if (left > 0) perEndpoint.set(key, left);
				else perEndpoint.delete(key);
			});
		inFlight.add(sending);
	};

	const dispatch = async (accountId: string, workerId: string) => {
		const now = await accountNow(deps.db.kysely, accountId, deps.clock);
		const serverNow = deps.clock.seconds();
		// A disabled endpoint's deliveries wait: they are sent if it is enabled again (or resent by hand).
		const due = await deps.db.kysely
			.selectFrom("webhook_deliveries")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("status", "=", "pending")
			.where("next_attempt_at", "<=", now)
			.where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", serverNow)]))
			.where("endpoint_id", "not in", (eb) =>
				eb
					.selectFrom("webhook_endpoints")
					.select("id")
					.where("account_id", "=", accountId)
					.where("status", "=", "disabled"),
			)
			.orderBy("next_attempt_at")
			.limit(IN_FLIGHT)
			.execute();
		for (const delivery of due) {
			if (inFlight.size >= IN_FLIGHT) return;
			if ((perEndpoint.get(`${accountId}/${delivery.endpoint_id}`) ?? 0) >= PER_ENDPOINT) continue;
			if (await claimDelivery(deps.db.kysely, accountId, delivery.id, workerId, serverNow, now)) {
				start(delivery, workerId);
			}
		}
	};

	return {
		async run(workerId) {
			const purge = Date.now() - lastPurge >= PURGE_INTERVAL_MS;
			if (purge) lastPurge = Date.now();
			const accounts = await deps.db.kysely.selectFrom("accounts").select("id").execute();
			for (const { id } of accounts) {
				await materializeEvents(deps.db.kysely, id, BATCHES_PER_PASS);
				await dispatch(id, workerId);
				if (purge) await purgeWebhookRecords(deps, id, await accountNow(deps.db.kysely, id, deps.clock));
			}
		},
		async drain() {
			while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
		},
	};
}
