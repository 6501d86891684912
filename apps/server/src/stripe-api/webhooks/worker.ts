/**
 * The job runner's webhook work, each pass and for every account on its own clock: render the
 * account's new log entries into events and deliveries (materialize.ts), then queue the due
 * deliveries by endpoint. Each endpoint has up to PER_ENDPOINT lanes, each sending its queue one
 * delivery after another as soon as the previous one is answered, not once per pass: an endpoint
 * that answers quickly gets hundreds of deliveries a second, and a slow or dead one holds only
 * its own lanes, never another endpoint's. Passes are not held by the sends, so the next one
 * starts on time. What the lanes sent is recorded a batch at a time (attemptRecorder). Every 10
 * minutes events, deliveries and attempts older than 30 days (account time) are removed.
 */
import { accountNow, clockOffset } from "../../accounts/clock.ts";
import type { WebhookDeliveriesTable } from "../../db/schema.ts";
import {
	attemptDelivery,
	type ClaimedDelivery,
	claimManyForSend,
	recordAttempts,
	type SendPlan,
	type SentAttempt,
	type WebhookDeps,
} from "./deliver.ts";
import { materializeEvents } from "./materialize.ts";
import { WEBHOOK_RETENTION_SECONDS } from "./schedule.ts";

/** Lanes one process runs at once, over every endpoint. */
const IN_FLIGHT = 256;
/** Lanes one process runs for one endpoint: deliveries sent to it at once. */
export const PER_ENDPOINT = 8;
/** Due deliveries read per account and pass; an endpoint's queue holds at most this many. */
const QUEUE_LIMIT = 1000;
/** Log batches rendered per account per pass, so one busy account cannot hold the pass. */
const BATCHES_PER_PASS = 25;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** Sent attempts recorded in one transaction, at most; and how long the first of them waits. */
const RECORD_BATCH = 100;
const RECORD_WAIT_MS = 20;

export interface WebhookWorker {
	/** One pass over every account; sends are started, not awaited. */
	run(workerId: string): Promise<void>;
	/** Waits until every queued delivery is sent (a test). */
	drain(): Promise<void>;
	/** Drops what is queued and waits for the sends in flight (a stopping runner). */
	stop(): Promise<void>;
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

/**
 * Records what the lanes sent a batch at a time (recordAttempts), one transaction after another.
 * A lane goes on to its next delivery at once; the one it sent keeps its claim until recorded, so
 * no pass reads it again meanwhile.
 */
function attemptRecorder(deps: WebhookDeps) {
	let waiting: SentAttempt[] = [];
	let writing: Promise<void> = Promise.resolve();
	let timer: NodeJS.Timeout | undefined;
	const write = (): Promise<void> => {
		clearTimeout(timer);
		timer = undefined;
		const batch = waiting;
		waiting = [];
		writing = writing
			.then(() => recordAttempts(deps, batch))
			.catch(() => {
				// Unrecorded, their claims run out and a later pass sends them again: at least once.
			});
		return writing;
	};
	return {
		add(sent: SentAttempt): void {
			waiting.push(sent);
			if (waiting.length >= RECORD_BATCH) void write();
			else timer ??= setTimeout(write, RECORD_WAIT_MS);
		},
		/** Records what is waiting, and waits for every write begun. */
		settle: (): Promise<void> => (waiting.length > 0 ? write() : writing),
	};
}

/**
 * Claims for the lanes, a batch at a time: the lanes that want their next delivery in the same
 * turn of the event loop are claimed in one statement per account, not one each. A lane still
 * claims only the delivery it is about to send, so a claim never waits in a queue.
 */
function claimBatcher(deps: WebhookDeps, workerId: string) {
	type Ask = {
		accountId: string;
		id: string;
		dueAt: number;
		settle: (claimed: ClaimedDelivery | null, error?: unknown) => void;
	};
	let asked: Ask[] = [];
	const claimAll = async () => {
		const batch = asked;
		asked = [];
		const byAccount = new Map<string, Ask[]>();
		for (const ask of batch) {
			const asks = byAccount.get(ask.accountId);
			if (asks) asks.push(ask);
			else byAccount.set(ask.accountId, [ask]);
		}
		for (const [accountId, asks] of byAccount) {
			try {
				const claimed = await claimManyForSend(
					deps.db.kysely,
					accountId,
					asks,
					workerId,
					deps.clock.seconds(),
				);
				for (const ask of asks) ask.settle(claimed.get(ask.id) ?? null);
			} catch (error) {
				for (const ask of asks) ask.settle(null, error);
			}
		}
	};
	return (accountId: string, id: string, dueAt: number): Promise<ClaimedDelivery | null> =>
		new Promise((resolve, reject) => {
			if (asked.length === 0) setImmediate(() => void claimAll());
			asked.push({
				accountId,
				id,
				dueAt,
				settle: (claimed, error) => (error === undefined ? resolve(claimed) : reject(error)),
			});
		});
}

/** A due delivery in an endpoint's queue, with what sending it needs. */
interface Queued {
	delivery: Pick<
		WebhookDeliveriesTable,
		"account_id" | "id" | "endpoint_id" | "event_id" | "next_attempt_at"
	>;
	plan: SendPlan;
}

export function webhookWorker(deps: WebhookDeps): WebhookWorker {
	/** Deliveries waiting in a lane's queue or being sent, by id: a pass does not queue them again. */
	const taken = new Set<string>();
	/** Each endpoint's queue (`account/endpoint`), oldest due first. */
	const queues = new Map<string, Queued[]>();
	const lanesOf = new Map<string, number>();
	const lanes = new Set<Promise<void>>();
	const recorder = attemptRecorder(deps);
	const claimers = new Map<string, ReturnType<typeof claimBatcher>>();
	const claimOf = (workerId: string) => {
		let claimer = claimers.get(workerId);
		if (!claimer) {
			claimer = claimBatcher(deps, workerId);
			claimers.set(workerId, claimer);
		}
		return claimer;
	};
	let lastPurge = 0;

	/** Sends the endpoint's queue, one delivery after another, until it is empty. */
	const runLane = async (key: string, workerId: string) => {
		for (let next = queues.get(key)?.shift(); next; next = queues.get(key)?.shift()) {
			const { delivery, plan } = next;
			try {
				// Claimed only while still pending and due as read, so a delivery another process sent,
				// or that was rescheduled meanwhile, is left alone.
				const claimed = await claimOf(workerId)(
					delivery.account_id,
					delivery.id,
					Number(delivery.next_attempt_at),
				);
				if (claimed) recorder.add(await attemptDelivery(deps, delivery, claimed, workerId, false, plan));
			} catch {
				// The claim runs out and the delivery is sent again by a later pass.
			} finally {
				taken.delete(delivery.id);
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

	/**
	 * Queues each enabled endpoint's due deliveries, read endpoint by endpoint so that one with a
	 * backlog (a dead receiver) never fills the window another's deliveries are read from, and
	 * starts the lanes they need. A disabled endpoint's deliveries wait: they are sent if it is
	 * enabled again (or resent by hand).
	 */
	const enabledEndpoints = (accountId: string) =>
		deps.db.kysely
			.selectFrom("webhook_endpoints")
			.select(["id", "url", "secret", "previous_secret", "previous_secret_expires_at"])
			.where("account_id", "=", accountId)
			.where("status", "=", "enabled")
			.execute();

	const dispatch = async (
		accountId: string,
		workerId: string,
		endpoints: Awaited<ReturnType<typeof enabledEndpoints>>,
	) => {
		const db = deps.db.kysely;
		const offset = await clockOffset(db, accountId);
		const serverNow = deps.clock.seconds();
		const now = serverNow + offset;
		for (const endpoint of endpoints) {
			const key = `${accountId}/${endpoint.id}`;
			const queue = queues.get(key) ?? [];
			// A queue still half full keeps its lanes busy until a later pass: reading it again now
			// would only read past what is queued.
			if (queue.length > QUEUE_LIMIT / 2) continue;
			const room = QUEUE_LIMIT - queue.length;
			const due = await db
				.selectFrom("webhook_deliveries")
				.select(["id", "event_id", "next_attempt_at"])
				.where("account_id", "=", accountId)
				.where("endpoint_id", "=", endpoint.id)
				.where("status", "=", "pending")
				.where("next_attempt_at", "<=", now)
				.where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", serverNow)]))
				.orderBy("next_attempt_at")
				// Those this process already queued or is sending are read again and skipped: read past them.
				.limit(room + queue.length + (lanesOf.get(key) ?? 0))
				.execute();
			const fresh = due.filter((row) => !taken.has(row.id)).slice(0, room);
			// The bodies of the new ones only: a queue's worth of events is megabytes, and reading it
			// again every pass would slow the sends it is meant to keep fed.
			const bodies =
				fresh.length === 0
					? new Map<string, string>()
					: new Map(
							(
								await db
									.selectFrom("stripe_events")
									.select(["id", "body"])
									.where("account_id", "=", accountId)
									.where(
										"id",
										"in",
										fresh.map((row) => row.event_id),
									)
									.execute()
							).map((event) => [event.id, event.body]),
						);
			for (const row of fresh) {
				const body = bodies.get(row.event_id);
				if (body === undefined) continue;
				queue.push({
					delivery: {
						account_id: accountId,
						id: row.id,
						endpoint_id: endpoint.id,
						event_id: row.event_id,
						next_attempt_at: row.next_attempt_at,
					},
					plan: { endpoint, body, clockOffset: offset },
				});
				taken.add(row.id);
			}
			if (queue.length === 0) continue;
			queues.set(key, queue);
			// A lane takes its next delivery off the queue before sending it, so what is queued is
			// waiting: each gets a lane of its own, up to the endpoint's limit.
			const wanted = Math.min(PER_ENDPOINT - (lanesOf.get(key) ?? 0), queue.length);
			for (let started = 0; started < wanted && lanes.size < IN_FLIGHT; started++) startLane(key, workerId);
		}
	};

	return {
		async run(workerId) {
			const purge = Date.now() - lastPurge >= PURGE_INTERVAL_MS;
			if (purge) lastPurge = Date.now();
			const accounts = await deps.db.kysely.selectFrom("accounts").select("id").execute();
			for (const { id } of accounts) {
				// An account without an endpoint has nothing to send: its events are rendered when
				// /v1/events is read, or here once an endpoint is added.
				const endpoints = await enabledEndpoints(id);
				if (endpoints.length > 0) {
					await materializeEvents(deps.db.kysely, id, BATCHES_PER_PASS);
					await dispatch(id, workerId, endpoints);
				}
				if (purge) await purgeWebhookRecords(deps, id, await accountNow(deps.db.kysely, id, deps.clock));
			}
		},
		async drain() {
			while (lanes.size > 0) await Promise.allSettled([...lanes]);
			await recorder.settle();
		},
		async stop() {
			// What is queued is not claimed yet: it is left to the next pass of any process, so a
			// stop waits only for the sends in flight (one attempt's timeout at most), not for a dead
			// endpoint's queue of a thousand.
			for (const queue of queues.values()) {
				for (const queued of queue.splice(0)) taken.delete(queued.delivery.id);
			}
			await this.drain();
		},
	};
}
