/**
 * Stripe's events for a connected account, as Paydesk's endpoint on the account receives them
 * (the endpoint connecting registered, at STRIPE_WEBHOOK_PATH?account=…). The body is checked
 * against its Stripe-Signature under the endpoint's secret before anything is read from it; a
 * signature that does not match is logged and answered 400, and changes nothing. An event is
 * kept once by its id (a repeated or retried delivery finds it kept), in any order, and the
 * connection's last_event_at moves to the newest event's time, which the sync's lag reads.
 * Applying the events to the ledger reads them from there.
 */
import { STRIPE_ACCOUNT_ERRORS } from "@paydesk/contract/stripe-account";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { Database, StripeInboundEventsTable } from "../../db/schema.ts";
import { invalidParams, RestError } from "../../http/rest-error.ts";
import { verifySignature } from "../../stripe-api/webhooks/signature.ts";
import { findConnection, notConnected, storedWebhookSecret } from "./connection.ts";

/** What Paydesk reads of an event before keeping it; the rest is kept as it came. */
const inboundEvent = z.object({
	id: z.string().regex(/^evt_\w+$/),
	object: z.literal("event"),
	type: z.string().min(1).max(100),
	created: z.number().int().nonnegative(),
	data: z.object({ object: z.object({ id: z.string().optional() }).passthrough() }),
});

const badSignature = () =>
	new RestError(
		STRIPE_ACCOUNT_ERRORS.webhookSignature,
		"The Stripe-Signature header does not sign this body with the endpoint's secret, or is too old: nothing was changed.",
		400,
	);

export interface ReceivedEvent {
	accountId: string;
	body: string;
	signature: string | undefined;
	appKey: () => Buffer;
	/** Server time, seconds. */
	now: number;
}

/** Checks and keeps one event; answers whether it had come before. Throws the answer of a refusal. */
export async function receiveEvent(
	db: Kysely<Database>,
	received: ReceivedEvent,
): Promise<{ duplicate: boolean }> {
	const connection = await findConnection(db, received.accountId);
	if (!connection) throw notConnected();
	const secret = storedWebhookSecret(connection, received.appKey());
	if (secret === null || !verifySignature(received.body, received.signature, secret, received.now)) {
		throw badSignature();
	}
	let parsed: z.infer<typeof inboundEvent>;
	try {
		parsed = inboundEvent.parse(JSON.parse(received.body));
	} catch {
		throw invalidParams({ body: "must be a Stripe event (id evt_…, type, created, data.object)" });
	}
	const row: StripeInboundEventsTable = {
		account_id: received.accountId,
		id: parsed.id,
		type: parsed.type,
		object_id: parsed.data.object.id ?? null,
		created: parsed.created,
		received_at: received.now,
		applied_at: null,
		body: received.body,
	};
	return db.transaction().execute(async (trx) => {
		const kept = await trx
			.insertInto("stripe_inbound_events")
			.values(row)
			.onConflict((conflict) => conflict.columns(["account_id", "id"]).doNothing())
			.returning("id")
			.executeTakeFirst();
		const duplicate = kept === undefined;
		if (!duplicate) {
			await trx
				.updateTable("stripe_connections")
				// Events come in any order: the newest one's time stays.
				.set({
					last_event_at: sql<number>`case when last_event_at > ${parsed.created} then last_event_at else ${parsed.created} end`,
				})
				.where("account_id", "=", received.accountId)
				.execute();
		}
		return { duplicate };
	});
}
