/**
 * The account's event log (DESIGN §3a: every change writes an account event), which the event
 * stream serves and resumes from (payments/events).
 *
 * Events are numbered per account by the `events` counter. Its row lock is held until the
 * writer's transaction ends, so events commit in the order of their numbers: a reader that has
 * seen event N has seen every event before it, on one server process or many. A writer records
 * its events as the last thing its transaction does, so it holds that lock for no longer than
 * its commit, and never waits for another lock while holding it.
 */
import {
	type AccountEvent,
	type AccountEventType,
	accountEvent,
	NEW_TRANSACTIONS_FACT,
} from "@paydesk/contract/events";
import type { Kysely } from "kysely";
import { nextSequence } from "../db/ids.ts";
import { parseJsonColumn } from "../db/json.ts";
import type { AccountEventsTable, ChargesTable, Database } from "../db/schema.ts";
import { takeLedgerRows } from "./announced-rows.ts";

export const EVENTS_SEQUENCE = "events";

export type EventFacts = AccountEvent["data"];

export interface NewAccountEvent {
	type: AccountEventType;
	/** The payment intent, dispute, payout or export that changed. */
	objectId: string;
	data?: EventFacts;
}

/** A payment's event: named by its payment intent, with its charge, status and amount. */
export function paymentChange(
	type: "payment.created" | "payment.captured" | "payment.refunded" | "payment.canceled",
	charge: Pick<ChargesTable, "id" | "payment_intent_id" | "amount" | "currency">,
	status: string,
): NewAccountEvent {
	return {
		type,
		objectId: charge.payment_intent_id,
		data: { status, charge_id: charge.id, amount: charge.amount, currency: charge.currency },
	};
}

/** A payout's event, with its status after the change. */
export function payoutChange(
	type: "payout.created" | "payout.updated",
	payoutId: string,
	status: string,
): NewAccountEvent {
	return { type, objectId: payoutId, data: { status } };
}

/** Appends the events to the account's log, in the caller's transaction (its last statement). */
export async function recordAccountEvents(
	trx: Kysely<Database>,
	accountId: string,
	created: number,
	events: readonly NewAccountEvent[],
): Promise<void> {
	if (events.length === 0) return;
	// The rows this transaction added to the ledger ride on its last event, so the list can offer
	// exactly the rows it will show (announced-rows.ts).
	const transactions = takeLedgerRows(trx);
	const last = await nextSequence(trx, accountId, EVENTS_SEQUENCE, events.length);
	const first = last - events.length + 1;
	await trx
		.insertInto("account_events")
		.values(
			events.map((event, index) => ({
				account_id: accountId,
				seq: first + index,
				type: event.type,
				object_id: event.objectId,
				created,
				data: JSON.stringify(
					transactions > 0 && index === events.length - 1
						? { ...event.data, [NEW_TRANSACTIONS_FACT]: transactions }
						: (event.data ?? {}),
				),
			})),
		)
		.execute();
}

const storedFacts = accountEvent.shape.data.describe("account_events.data");

/** An event as the stream sends it. */
export function accountEventOf(row: AccountEventsTable): AccountEvent {
	// A damaged row still tells what changed, without its facts (db/json.ts).
	const data = parseJsonColumn(storedFacts, row.data, {});
	return {
		id: String(row.seq),
		type: row.type as AccountEventType,
		object_id: row.object_id,
		created: Number(row.created),
		data,
	};
}

/** The number of the account's newest event (0 before its first). */
export async function lastEventNumber(db: Kysely<Database>, accountId: string): Promise<number> {
	const row = await db
		.selectFrom("sequences")
		.select("value")
		.where("account_id", "=", accountId)
		.where("name", "=", EVENTS_SEQUENCE)
		.executeTakeFirst();
	return Number(row?.value ?? 0);
}

/** Removes events older than `before` (epoch seconds); answers how many went. */
export async function purgeAccountEvents(db: Kysely<Database>, before: number): Promise<number> {
	const result = await db.deleteFrom("account_events").where("created", "<", before).executeTakeFirst();
	return Number(result.numDeletedRows);
}
