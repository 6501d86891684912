/**
 * Renders an account's new log entries into stripe_events, once, and makes their deliveries.
 *
 * The account's cursor (stripe_event_cursors.rendered_through, a log seq) moves with a
 * compare-and-set as the first statement of the transaction that writes the events and
 * deliveries of the entries after it: a second renderer of the same account (another server
 * process, the webhook thread, or a request reading /v1/events) waits on that row and then finds
 * the cursor moved, so nothing is written twice (its rendering is dropped); a renderer killed
 * mid-way loses its whole transaction. The log commits in the order of its numbers
 * (ledger/events.ts), so rendering up to the log's committed last number never skips an entry
 * that commits later.
 */
import type { Kysely } from "kysely";
import { newOrderedId } from "../../db/ids.ts";
import type { Database, StripeEventsTable, WebhookDeliveriesTable } from "../../db/schema.ts";
import { lastEventNumber } from "../../ledger/events.ts";
import { endpointSubscribes } from "./endpoints.ts";
import { statusOf, stripeTypesOf } from "./event-types.ts";
import { renderEvent } from "./render.ts";

/** Log entries rendered per transaction. */
const BATCH = 200;
/** Rows per INSERT (well under either engine's limit of bound values). */
const INSERT_CHUNK = 100;

/** The PaymentIntent an event's object is, or belongs to (a charge's, refund's or dispute's). */
function paymentIntentOf(event: { data: { object: unknown } }): string | null {
	const object = event.data.object as { object?: unknown; id?: unknown; payment_intent?: unknown };
	if (object.object === "payment_intent" && typeof object.id === "string") return object.id;
	return typeof object.payment_intent === "string" ? object.payment_intent : null;
}

/** The account's cursor, made at 0 (the log's start) the first time. */
async function cursorOf(db: Kysely<Database>, accountId: string): Promise<number> {
	const read = () =>
		db
			.selectFrom("stripe_event_cursors")
			.select("rendered_through")
			.where("account_id", "=", accountId)
			.executeTakeFirst();
	const row = await read();
	if (row) return Number(row.rendered_through);
	await db
		.insertInto("stripe_event_cursors")
		.values({ account_id: accountId, rendered_through: 0 })
		.onConflict((conflict) => conflict.column("account_id").doNothing())
		.execute();
	return Number((await read())?.rendered_through ?? 0);
}

/**
 * Renders one batch after `from`; false when another renderer moved the cursor first. The
 * entries are read and rendered before the write, so the transaction that moves the cursor and
 * writes the events holds the database's write lock (SQLite's, which the server's requests wait
 * on) only for its inserts.
 */
async function renderBatch(
	db: Kysely<Database>,
	accountId: string,
	from: number,
	to: number,
): Promise<boolean> {
	const [rows, account, endpoints] = await Promise.all([
		db
			.selectFrom("account_events")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("seq", ">", from)
			.where("seq", "<=", to)
			.orderBy("seq")
			.execute(),
		db.selectFrom("accounts").select("test_mode").where("id", "=", accountId).executeTakeFirst(),
		db
			.selectFrom("webhook_endpoints")
			.select(["id", "enabled_events", "created"])
			.where("account_id", "=", accountId)
			.where("status", "=", "enabled")
			.execute(),
	]);
	const target = { accountId, livemode: account?.test_mode !== 1 };
	const events: StripeEventsTable[] = [];
	const deliveries: WebhookDeliveriesTable[] = [];
	for (const row of rows) {
		const types = stripeTypesOf(row, statusOf(row));
		for (const [index, type] of types.entries()) {
			// An endpoint receives the events that happen after it is made, as on Stripe.
			const receivers = endpoints.filter(
				(endpoint) => Number(endpoint.created) <= Number(row.created) && endpointSubscribes(endpoint, type),
			);
			const event = await renderEvent(db, target, row, index, type, receivers.length);
			if (!event) continue;
			events.push({
				account_id: accountId,
				id: event.id,
				seq: Number(row.seq),
				idx: index,
				type,
				created: Number(row.created),
				body: JSON.stringify(event),
				payment_intent: paymentIntentOf(event),
			});
			for (const endpoint of receivers) {
				deliveries.push({
					account_id: accountId,
					id: newOrderedId("whd"),
					endpoint_id: endpoint.id,
					event_id: event.id,
					event_type: type,
					created: Number(row.created),
					status: "pending",
					attempts: 0,
					next_attempt_at: Number(row.created),
					claimed_by: null,
					claimed_until: null,
					delivered_at: null,
					last_status: null,
					last_error: null,
				});
			}
		}
	}
	return db.transaction().execute(async (trx) => {
		const claimed = await trx
			.updateTable("stripe_event_cursors")
			.set({ rendered_through: to })
			.where("account_id", "=", accountId)
			.where("rendered_through", "=", from)
			.executeTakeFirst();
		if (Number(claimed.numUpdatedRows) !== 1) return false;
		for (let at = 0; at < events.length; at += INSERT_CHUNK) {
			await trx
				.insertInto("stripe_events")
				.values(events.slice(at, at + INSERT_CHUNK))
				.onConflict((conflict) => conflict.columns(["account_id", "id"]).doNothing())
				.execute();
		}
		for (let at = 0; at < deliveries.length; at += INSERT_CHUNK) {
			await trx
				.insertInto("webhook_deliveries")
				.values(deliveries.slice(at, at + INSERT_CHUNK))
				.onConflict((conflict) => conflict.columns(["account_id", "endpoint_id", "event_id"]).doNothing())
				.execute();
		}
		return true;
	});
}

/**
 * Renders the account's log through its last committed entry (at most `maxBatches` batches);
 * answers how many log entries were rendered. Cheap when nothing is new: two reads.
 */
export async function materializeEvents(
	db: Kysely<Database>,
	accountId: string,
	maxBatches = Number.POSITIVE_INFINITY,
): Promise<number> {
	let rendered = 0;
	for (let batches = 0; batches < maxBatches; ) {
		const last = await lastEventNumber(db, accountId);
		const from = await cursorOf(db, accountId);
		if (from >= last) break;
		const to = Math.min(last, from + BATCH);
		if (await renderBatch(db, accountId, from, to)) {
			rendered += to - from;
			batches++;
		}
	}
	return rendered;
}
