/**
 * Sending deliveries. A delivery is claimed before it is sent (an atomic UPDATE … WHERE no live
 * claim holds it), so two server processes never send it at once; the attempt, the delivery's
 * next state and its endpoint's health are then written in one transaction by the claimer only.
 * A sender killed between the POST and that transaction leaves a claim that runs out after
 * CLAIM_SECONDS, and the delivery is sent again: at least once, and a receiver de-duplicates on
 * the event id, as Stripe documents.
 */
import type { Kysely } from "kysely";
import { clockOffset } from "../../accounts/clock.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connection.ts";
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from "../../db/schema.ts";
import { TUNING } from "../../env.ts";
import { notify } from "../../notifications/notify.ts";
import { nextAttemptAt, RETRY_WINDOW_SECONDS } from "./schedule.ts";
import { type AttemptResult, postWebhook } from "./send.ts";
import { signatureHeader, signingSecrets } from "./signature.ts";

export interface WebhookDeps {
	db: Db;
	/** The server's clock: claims run out on it, and signatures carry its time. */
	clock: Clock;
	/** WEBHOOK_PUBLIC_ONLY: refuse loopback and private addresses. */
	publicOnly: boolean;
}

/** How long a claim holds a delivery (server seconds): longer than an attempt may take. */
export const CLAIM_SECONDS = TUNING.WEBHOOK_CLAIM_SECONDS;

/** A delivery as its claim found it: what its attempt is numbered and retried from. */
export interface ClaimedDelivery {
	attempts: number;
	created: number;
}

/**
 * Claims a delivery for `worker`, answering it as claimed (null when it was not). `dueAt`
 * (account time) claims it only while it is pending and due, as the automatic sends do; without
 * it (a resend) any delivery not being sent is taken.
 */
export async function claimForSend(
	db: Kysely<Database>,
	accountId: string,
	id: string,
	worker: string,
	serverNow: number,
	dueAt?: number,
): Promise<ClaimedDelivery | null> {
	let update = db
		.updateTable("webhook_deliveries")
		.set({ claimed_by: worker, claimed_until: serverNow + CLAIM_SECONDS })
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", serverNow)]));
	if (dueAt !== undefined) {
		update = update.where("status", "=", "pending").where("next_attempt_at", "<=", dueAt);
	}
	const claimed = await update.returning(["attempts", "created"]).executeTakeFirst();
	return claimed ? { attempts: Number(claimed.attempts), created: Number(claimed.created) } : null;
}

/** A due delivery to claim, as the runner read it. */
export interface DueDelivery {
	id: string;
	/** Its next_attempt_at as read: it is claimed only while still due by then (not rescheduled since). */
	dueAt: number;
}

/**
 * Claims many of an account's due deliveries for `worker` in one statement, as claimForSend claims
 * one (pending, due as read, no live claim): the runner's lanes ask for their next delivery
 * together, so the write lock is taken once for all of them. Answers those claimed, by id.
 */
export async function claimManyForSend(
	db: Kysely<Database>,
	accountId: string,
	due: readonly DueDelivery[],
	worker: string,
	serverNow: number,
): Promise<Map<string, ClaimedDelivery>> {
	const claimed = new Map<string, ClaimedDelivery>();
	if (due.length === 0) return claimed;
	const rows = await db
		.updateTable("webhook_deliveries")
		.set({ claimed_by: worker, claimed_until: serverNow + CLAIM_SECONDS })
		.where("account_id", "=", accountId)
		.where(
			"id",
			"in",
			due.map((delivery) => delivery.id),
		)
		.where("status", "=", "pending")
		.where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", serverNow)]))
		.returning(["id", "attempts", "created", "next_attempt_at"])
		.execute();
	const dueAtOf = new Map(due.map((delivery) => [delivery.id, delivery.dueAt]));
	const rescheduled: string[] = [];
	for (const row of rows) {
		if (row.next_attempt_at === null || Number(row.next_attempt_at) > (dueAtOf.get(row.id) ?? 0)) {
			rescheduled.push(row.id);
		} else claimed.set(row.id, { attempts: Number(row.attempts), created: Number(row.created) });
	}
	if (rescheduled.length > 0) {
		// Moved since the runner read it (a resend, another process's attempt): not this claim's to send.
		await db
			.updateTable("webhook_deliveries")
			.set({ claimed_by: null, claimed_until: null })
			.where("account_id", "=", accountId)
			.where("id", "in", rescheduled)
			.where("claimed_by", "=", worker)
			.execute();
	}
	return claimed;
}

/** Whether `worker` claimed the delivery (see claimForSend). */
export async function claimDelivery(
	db: Kysely<Database>,
	accountId: string,
	id: string,
	worker: string,
	serverNow: number,
	dueAt?: number,
): Promise<boolean> {
	return (await claimForSend(db, accountId, id, worker, serverNow, dueAt)) !== null;
}

const isSuccess = (result: AttemptResult) =>
	result.status !== null && result.status >= 200 && result.status < 300;

/** What sending a delivery needs besides the delivery itself; the runner reads it for many at once. */
export interface SendPlan {
	endpoint: Pick<WebhookEndpointsTable, "url" | "secret" | "previous_secret" | "previous_secret_expires_at">;
	/** The event's JSON, as every attempt carries it. */
	body: string;
	/** The account clock's offset from the server's (accounts/clock.ts). */
	clockOffset: number;
}

/** Reads what a send of one delivery needs; null when its endpoint or event is gone. */
export async function planSend(
	db: Kysely<Database>,
	delivery: Pick<WebhookDeliveriesTable, "account_id" | "endpoint_id" | "event_id">,
): Promise<SendPlan | null> {
	const [endpoint, event, offset] = await Promise.all([
		db
			.selectFrom("webhook_endpoints")
			.select(["url", "secret", "previous_secret", "previous_secret_expires_at"])
			.where("account_id", "=", delivery.account_id)
			.where("id", "=", delivery.endpoint_id)
			.executeTakeFirst(),
		db
			.selectFrom("stripe_events")
			.select("body")
			.where("account_id", "=", delivery.account_id)
			.where("id", "=", delivery.event_id)
			.executeTakeFirst(),
		clockOffset(db, delivery.account_id),
	]);
	return endpoint && event ? { endpoint, body: event.body, clockOffset: offset } : null;
}

/** A sent attempt, waiting to be recorded (recordAttempts). */
export interface SentAttempt {
	delivery: Pick<WebhookDeliveriesTable, "account_id" | "id" | "endpoint_id">;
	claimed: ClaimedDelivery;
	worker: string;
	/** A resend by hand: the automatic retries stay as they were. */
	manual: boolean;
	signedAt: number;
	/** The account clock's offset from the server's. */
	offset: number;
	result: AttemptResult;
}

/** Signs and posts a claimed delivery's event once; the attempt is still to be recorded. */
export async function attemptDelivery(
	deps: WebhookDeps,
	delivery: SentAttempt["delivery"],
	claimed: ClaimedDelivery,
	worker: string,
	manual: boolean,
	plan: SendPlan,
): Promise<SentAttempt> {
	const signedAt = deps.clock.seconds();
	const result = await postWebhook({
		url: plan.endpoint.url,
		body: plan.body,
		signature: signatureHeader(plan.body, signingSecrets(plan.endpoint, signedAt), signedAt),
		publicOnly: deps.publicOnly,
	});
	return { delivery, claimed, worker, manual, signedAt, offset: plan.clockOffset, result };
}

/**
 * Sends a delivery this worker has claimed (`claimed`, as claimForSend answered) and records the
 * attempt. `manual` (a resend) leaves the automatic retries as they were. Answers the attempt, or
 * null when the delivery's endpoint or event is gone (the delivery then ends failed).
 */
export async function sendClaimedDelivery(
	deps: WebhookDeps,
	delivery: Pick<WebhookDeliveriesTable, "account_id" | "id" | "endpoint_id" | "event_id">,
	claimed: ClaimedDelivery,
	worker: string,
	manual: boolean,
	plan?: SendPlan | null,
): Promise<AttemptResult | null> {
	const db = deps.db.kysely;
	const ready = plan === undefined ? await planSend(db, delivery) : plan;
	if (!ready) {
		await db
			.updateTable("webhook_deliveries")
			.set({ status: "failed", next_attempt_at: null, claimed_by: null, claimed_until: null })
			.where("account_id", "=", delivery.account_id)
			.where("id", "=", delivery.id)
			.where("claimed_by", "=", worker)
			.execute();
		return null;
	}
	const sent = await attemptDelivery(deps, delivery, claimed, worker, manual, ready);
	await recordAttempts(deps, [sent]);
	return sent.result;
}

/**
 * Writes each attempt, its delivery's next state and its endpoint's health, all in one
 * transaction, in the order given; each only while its worker still holds the delivery's claim
 * (one that ran out was taken by another sender, whose attempt is the one recorded). The runner
 * records what its lanes sent a batch at a time: one transaction per attempt took SQLite's write
 * lock hundreds of times a second, and its waits held the whole webhook thread.
 */
export async function recordAttempts(deps: WebhookDeps, attempts: readonly SentAttempt[]): Promise<void> {
	if (attempts.length === 0) return;
	await deps.db.kysely.transaction().execute(async (trx) => {
		for (const sent of attempts) await recordAttempt(trx, deps.clock, sent);
	});
}

async function recordAttempt(trx: Kysely<Database>, clock: Clock, sent: SentAttempt): Promise<void> {
	const { delivery, claimed, worker, manual, signedAt, result } = sent;
	const { account_id: accountId } = delivery;
	const now = clock.seconds() + sent.offset;
	const ok = isSuccess(result);
	const attempt = claimed.attempts + 1;
	const next = ok
		? { status: "delivered" as const, delivered_at: now, next_attempt_at: null }
		: manual
			? {}
			: (() => {
					const at = nextAttemptAt(claimed.created, attempt, now);
					return { status: at === null ? ("failed" as const) : ("pending" as const), next_attempt_at: at };
				})();
	const error = result.error?.slice(0, 500) ?? null;
	const held = await trx
		.updateTable("webhook_deliveries")
		.set({
			...next,
			attempts: attempt,
			last_status: result.status,
			last_error: error,
			claimed_by: null,
			claimed_until: null,
		})
		.where("account_id", "=", accountId)
		.where("id", "=", delivery.id)
		.where("claimed_by", "=", worker)
		.executeTakeFirst();
	if (Number(held.numUpdatedRows) !== 1) return;
	await trx
		.insertInto("webhook_attempts")
		.values({
			account_id: accountId,
			delivery_id: delivery.id,
			attempt,
			created: now,
			signed_at: signedAt,
			duration_ms: result.durationMs,
			status: result.status,
			error,
			response_body: result.body,
		})
		.execute();
	await recordEndpointHealth(trx, accountId, delivery.endpoint_id, ok, now);
}

/** Failed attempts in a row after which the bell says an endpoint is failing. */
export const FAILURES_NOTICED = 10;

/**
 * A success clears an endpoint's failing streak; a failure starts or lengthens one. The
 * FAILURES_NOTICED-th failure in a row tells the account's users (the bell), and a streak that
 * has lasted RETRY_WINDOW_SECONDS disables the endpoint and tells them again (bell and e-mail).
 */
async function recordEndpointHealth(
	trx: Kysely<Database>,
	accountId: string,
	endpointId: string,
	ok: boolean,
	now: number,
): Promise<void> {
	const endpoint = trx
		.updateTable("webhook_endpoints")
		.where("account_id", "=", accountId)
		.where("id", "=", endpointId);
	if (ok) {
		await endpoint
			.set({ failing_since: null, failed_in_a_row: 0 })
			.where((eb) => eb.or([eb("failing_since", "is not", null), eb("failed_in_a_row", ">", 0)]))
			.execute();
		return;
	}
	const failing = await endpoint
		.set((eb) => ({
			failing_since: eb.fn.coalesce("failing_since", eb.val(now)),
			failed_in_a_row: eb("failed_in_a_row", "+", 1),
		}))
		.returning(["url", "failed_in_a_row", "failing_since"])
		.executeTakeFirst();
	if (!failing) return;
	if (Number(failing.failed_in_a_row) === FAILURES_NOTICED) {
		await notify(trx, {
			accountId,
			userId: null,
			type: "webhook_endpoint_failing",
			// One notice per streak: the streak is known by when it began.
			objectId: `${endpointId}@${failing.failing_since}`,
			created: now,
			facts: { url: failing.url, endpoint_id: endpointId, count: FAILURES_NOTICED },
		});
	}
	const disabled = await endpoint
		.set({ status: "disabled" })
		.where("status", "=", "enabled")
		.where("failing_since", "<=", now - RETRY_WINDOW_SECONDS)
		.returning(["url"])
		.executeTakeFirst();
	if (!disabled) return;
	await notify(trx, {
		accountId,
		userId: null,
		type: "webhook_endpoint_disabled",
		// One notice per time it is disabled: an endpoint enabled again may be disabled again.
		objectId: `${endpointId}@${now}`,
		created: now,
		facts: { url: disabled.url, endpoint_id: endpointId },
	});
}
