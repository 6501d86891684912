/**
 * A payment intent's timeline (spec 2 §4): its events, oldest first — those its charge says in
 * full, then its rows — each with its data (rebuilt with the charge, processor/timeline-data.ts)
 * spread beside type and datetime. Events
 * of money movements know their balance transaction; the payout it went into is looked up here,
 * so the timeline links the payout as soon as there is one.
 */
import type { TimelineEventBody } from "@paydesk/contract/timeline";
import { compareTimelineEvents } from "@paydesk/domain/timeline/build";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { TimelineEventData } from "../../ledger/timeline.ts";
import { implicitEventsOf, TIMELINE_CHARGE_COLUMNS, timelineDataOf } from "../../ledger/timeline-data.ts";

type Deposit = { id: string; arrival_date: number };

/** Payouts of balance transactions, by transaction id (two indexed lookups). */
async function depositsOf(
	db: Kysely<Database>,
	accountId: string,
	transactionIds: string[],
): Promise<Map<string, Deposit>> {
	const found = new Map<string, Deposit>();
	if (transactionIds.length === 0) return found;
	const transactions = await db
		.selectFrom("balance_transactions")
		.select(["id", "deposit_id"])
		.where("account_id", "=", accountId)
		.where("id", "in", transactionIds)
		.where("deposit_id", "is not", null)
		.execute();
	const payoutIds = [...new Set(transactions.map((row) => row.deposit_id as string))];
	if (payoutIds.length === 0) return found;
	const payouts = await db
		.selectFrom("payouts")
		.select(["id", "date"])
		.where("account_id", "=", accountId)
		.where("id", "in", payoutIds)
		.execute();
	const arrival = new Map(payouts.map((payout) => [payout.id, payout.date]));
	for (const row of transactions) {
		const date = row.deposit_id ? arrival.get(row.deposit_id) : undefined;
		if (row.deposit_id && date !== undefined) found.set(row.id, { id: row.deposit_id, arrival_date: date });
	}
	return found;
}

/** The events of a payment intent, or null when there is no such intent. */
export async function timelineOf(
	db: Kysely<Database>,
	accountId: string,
	paymentIntentId: string,
): Promise<TimelineEventBody[] | null> {
	const [rows, charge] = await Promise.all([
		db
			.selectFrom("timeline_events")
			.select(["type", "datetime", "data"])
			.where("account_id", "=", accountId)
			.where("payment_intent_id", "=", paymentIntentId)
			.orderBy("datetime")
			.orderBy("seq")
			.execute(),
		db
			.selectFrom("charges")
			.select(TIMELINE_CHARGE_COLUMNS)
			.where("account_id", "=", accountId)
			.where("payment_intent_id", "=", paymentIntentId)
			.executeTakeFirst(),
	]);
	if (!charge && rows.length === 0) return null;
	const parsed = [
		...(charge ? implicitEventsOf(charge) : []),
		...rows.map((row) => ({ ...row, data: timelineDataOf(row.type, row.data, charge ?? null) })),
	].map(({ type, datetime, data }) => ({ row: { type, datetime }, data: data as TimelineEventData }));
	const pending = parsed
		.filter(({ data }) => !data.deposit && data.balance_transaction_id)
		.map(({ data }) => data.balance_transaction_id as string);
	const deposits = await depositsOf(db, accountId, pending);
	const events = parsed.map(({ row, data }): TimelineEventBody => {
		const { balance_transaction_id: transactionId, ...rest } = data;
		const deposit = rest.deposit ?? (transactionId ? deposits.get(transactionId) : undefined) ?? null;
		return { ...rest, deposit, type: row.type, datetime: row.datetime };
	});
	return events.sort(compareTimelineEvents);
}
