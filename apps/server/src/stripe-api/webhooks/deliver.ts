/**
 * Sending deliveries. A delivery is claimed before it is sent (an atomic UPDATE … WHERE no live
 * claim holds it), so two server processes never send it at once; the attempt, the delivery's
 * next state and its endpoint's health are then written in one transaction by the claimer only.
 * A sender killed between the POST and that transaction leaves a claim that runs out after
 * CLAIM_SECONDS, and the delivery is sent again: at least once, and a receiver de-duplicates on
 * the event id, as Stripe documents.
 */
import type { Kysely } from "kysely";
import { accountNow } from "../../accounts/clock.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connection.ts";
import type { Database, WebhookDeliveriesTable } from "../../db/schema.ts";
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

/**
 * Claims a delivery for `worker`. `dueAt` (account time) claims it only while it is pending and
 * due, as the automatic sends do; without it (a resend) any delivery not being sent is taken.
 */
export async function claimDelivery(
	db: Kysely<Database>,
	accountId: string,
	id: string,
	worker: string,
	serverNow: number,
	dueAt?: number,
): Promise<boolean> {
	let update = db
		.updateTable("webhook_deliveries")
		.set({ claimed_by: worker, claimed_until: serverNow + CLAIM_SECONDS })
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", serverNow)]));
	if (dueAt !== undefined) {
		update = update.where("status", "=", "pending").where("next_attempt_at", "<=", dueAt);
	}
	const claimed = await update.executeTakeFirst();
	return Number(claimed.numUpdatedRows) === 1;
}

const isSuccess = (result: AttemptResult) =>
	result.status !== null && result.status >= 200 && result.status < 300;

/**
 * Sends a delivery this worker has claimed and records the attempt. `manual` (a resend) leaves
 * the automatic retries as they were. Answers the attempt, or null when the delivery or its
 * endpoint is gone.
 */
export async function sendClaimedDelivery(
	deps: WebhookDeps,
	delivery: WebhookDeliveriesTable,
	worker: string,
	manual: boolean,
): Promise<AttemptResult | null> {
	const db = deps.db.kysely;
	const [endpoint, event] = await Promise.all([
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
	]);
	if (!endpoint || !event) {
		await db
			.updateTable("webhook_deliveries")
			.set({ status: "failed", next_attempt_at: null, claimed_by: null, claimed_until: null })
			.where("account_id", "=", delivery.account_id)
			.where("id", "=", delivery.id)
			.where("claimed_by", "=", worker)
			.execute();
		return null;
	}
	const signedAt = deps.clock.seconds();
	const result = await postWebhook({
		url: endpoint.url,
		body: event.body,
		signature: signatureHeader(event.body, signingSecrets(endpoint, signedAt), signedAt),
		publicOnly: deps.publicOnly,
	});
	await recordAttempt(deps, delivery, worker, manual, signedAt, result);
	return result;
}

async function recordAttempt(
	deps: WebhookDeps,
	delivery: WebhookDeliveriesTable,
	worker: string,
	manual: boolean,
	signedAt: number,
	result: AttemptResult,
): Promise<void> {
	const { account_id: accountId } = delivery;
	const now = await accountNow(deps.db.kysely, accountId, deps.clock);
	const ok = isSuccess(result);
	await deps.db.kysely.transaction().execute(async (trx) => {
		const current = await trx
			.selectFrom("webhook_deliveries")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("id", "=", delivery.id)
			.where("claimed_by", "=", worker)
			.executeTakeFirst();
		// The claim ran out and another sender took the delivery: its attempt is the one recorded.
		if (!current) return;
		const attempt = Number(current.attempts) + 1;
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
				error: result.error?.slice(0, 500) ?? null,
				response_body: result.body,
			})
			.execute();
		const next = ok
			? { status: "delivered" as const, delivered_at: now, next_attempt_at: null }
			: manual
				? {}
				: (() => {
						const at = nextAttemptAt(Number(current.created), attempt, now);
						return { status: at === null ? ("failed" as const) : ("pending" as const), next_attempt_at: at };
					})();
		await trx
			.updateTable("webhook_deliveries")
			.set({
				...next,
				attempts: attempt,
				last_status: result.status,
				last_error: result.error?.slice(0, 500) ?? null,
				claimed_by: null,
				claimed_until: null,
			})
			.where("account_id", "=", accountId)
			.where("id", "=", delivery.id)
			.execute();
		await recordEndpointHealth(trx, accountId, delivery.endpoint_id, ok, now);
	});
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
