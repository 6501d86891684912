/**
 * The job runner's webhook work, each pass and for every account on its own clock: render the
 * account's new log entries into events and deliveries (materialize.ts), then queue the due
 * deliveries by endpoint. Each endpoint has up to PER_ENDPOINT lanes, each sending its queue one
 * delivery after another as soon as the previous one is answered, not once per pass: an endpoint
 * that answers quickly gets hundreds of deliveries a second, and a slow or dead one holds only
 * its own lanes, never another endpoint's. Passes are not held by the sends, so the next one
 * starts on time. Every 10 minutes events, deliveries and attempts older than 30 days (account
 * time) are removed.
 */
import { accountNow } from "../../accounts/clock.ts";
import type { WebhookDeliveriesTable } from "../../db/schema.ts";
import { claimDelivery, sendClaimedDelivery, type WebhookDeps } from "./deliver.ts";
import { materializeEvents } from "./materialize.ts";
import { WEBHOOK_RETENTION_SECONDS } from "./schedule.ts";

/** Lanes one process runs at once, over every endpoint. */
const IN_FLIGHT = 256;
/** Lanes one process runs for one endpoint: deliveries sent to it at once. */
const PER_ENDPOINT = 8;
/** Due deliveries read per account and pass; an endpoint's queue holds at most this many. */
const QUEUE_LIMIT = 1000;
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
	/** Deliveries waiting in a lane's queue or being sent, by id: a pass does not queue them again. */
	const taken = new Set<string>();
	/** Each endpoint's queue (`account/endpoint`), oldest due first. */
	const queues = new Map<string, WebhookDeliveriesTable[]>();
	const lanesOf = new Map<string, number>();
	const lanes = new Set<Promise<void>>();
	let lastPurge = 0;

	/** Sends the endpoint's queue, one delivery after another, until it is empty. */
	const runLane = async (key: string, workerId: string) => {
		for (let next = queues.get(key)?.shift(); next; next = queues.get(key)?.shift()) {
			try {
				// Claimed only while still pending and due as read, so a delivery another process sent,
				// or that was rescheduled meanwhile, is left alone.
				const due = Number(next.next_attempt_at);
				if (
					await claimDelivery(deps.db.kysely, next.account_id, next.id, workerId, deps.clock.seconds(), due)
				) {
					await sendClaimedDelivery(deps, next, workerId, false);
				}
			} catch {
				// The claim runs out and the delivery is sent again by a later pass.
			} finally {
				taken.delete(next.id);
			}
		}
		queues.delete(key);
	};

	const startLane = (key: string, workerId: string) => {
		lanesOf.set(key, (lanesOf.get(key) ?? 0) + 1);
		const lane = runLane(key, workerId).finally(() => {
			lanes.delete(lane);
			const left = (lanesOf.get(key) ?? 1) - 1;
			if (left > 0) lanesOf.set(key, left);
			else lanesOf.delete(key);
		});
		lanes.add(lane);
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
			.limit(QUEUE_LIMIT)
			.execute();
		for (const delivery of due) {
			if (taken.has(delivery.id)) continue;
			const key = `${accountId}/${delivery.endpoint_id}`;
			const queue = queues.get(key) ?? [];
			if (queue.length >= QUEUE_LIMIT) continue;
			queue.push(delivery);
			queues.set(key, queue);
			taken.add(delivery.id);
		}
		// A lane takes its next delivery off the queue before sending it, so what is queued is waiting:
		// each gets a lane of its own, up to the endpoint's limit.
		for (const [key, queue] of queues) {
			if (!key.startsWith(`${accountId}/`)) continue;
			const running = lanesOf.get(key) ?? 0;
			const wanted = Math.min(PER_ENDPOINT - running, queue.length);
			for (let started = 0; started < wanted && lanes.size < IN_FLIGHT; started++) startLane(key, workerId);
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
			while (lanes.size > 0) await Promise.allSettled([...lanes]);
		},
	};
}
