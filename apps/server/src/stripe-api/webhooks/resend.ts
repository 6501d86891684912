/**
 * Resending one delivery (an administrator's action): claimed like an automatic send, so it never
 * runs beside one, sent now whatever the delivery's state, and recorded as its next attempt. The
 * automatic retries of a pending delivery stay as they were.
 */
import type { WebhookAttemptsTable, WebhookDeliveriesTable } from "../../db/schema.ts";
import { claimForSend, sendClaimedDelivery, type WebhookDeps } from "./deliver.ts";

export interface DeliveryView {
	delivery: WebhookDeliveriesTable;
	lastAttempt: WebhookAttemptsTable | null;
}

export async function deliveryView(
	deps: WebhookDeps,
	accountId: string,
	id: string,
): Promise<DeliveryView | null> {
	const db = deps.db.kysely;
	const delivery = await db
		.selectFrom("webhook_deliveries")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
	if (!delivery) return null;
	const lastAttempt = await db
		.selectFrom("webhook_attempts")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("delivery_id", "=", id)
		.orderBy("attempt", "desc")
		.limit(1)
		.executeTakeFirst();
	return { delivery, lastAttempt: lastAttempt ?? null };
}

export type ResendOutcome = { kind: "missing" } | { kind: "busy" } | { kind: "sent"; view: DeliveryView };

export async function resendDelivery(
	deps: WebhookDeps,
	accountId: string,
	id: string,
	worker: string,
): Promise<ResendOutcome> {
	const before = await deliveryView(deps, accountId, id);
	if (!before) return { kind: "missing" };
	const claimed = await claimForSend(deps.db.kysely, accountId, id, worker, deps.clock.seconds());
	if (!claimed) return { kind: "busy" };
	await sendClaimedDelivery(deps, before.delivery, claimed, worker, true);
	const after = await deliveryView(deps, accountId, id);
	return after ? { kind: "sent", view: after } : { kind: "missing" };
}

/**
 * Queues every failed delivery of an endpoint made at or after `since` (account time) to be sent
 * again at once by the job runner, as if due: each gets one more automatic attempt (its retry
 * window has passed, so a failure leaves it failed again). Answers how many were queued.
 */
export async function queueFailedDeliveries(
	deps: WebhookDeps,
	accountId: string,
	endpointId: string,
	since: number,
	now: number,
): Promise<number> {
	const queued = await deps.db.kysely
		.updateTable("webhook_deliveries")
		.set({ status: "pending", next_attempt_at: now })
		.where("account_id", "=", accountId)
		.where("endpoint_id", "=", endpointId)
		.where("status", "=", "failed")
		.where("created", ">=", since)
		.executeTakeFirst();
	return Number(queued.numUpdatedRows);
}
