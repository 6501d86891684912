/**
 * The processor's side of the payment timeline (spec 2 §4): the events it writes when it moves
 * money, in the shape the demo store's events have — `amount` and `currency` are the
 * customer's, the store's side is in `transaction_details`, the fee is in the store currency.
 * Events of money movements also keep the id of their balance transaction, so the timeline
 * can name the payout the money went into once one is assigned.
 */
import type { TimelineEventBody } from "@paydesk/contract/timeline";
import type { FeeRates } from "@paydesk/domain/fees";
import type { Kysely } from "kysely";
import type { JsonObject } from "../db/derived-json.ts";
import type { ChargesTable, Database } from "../db/schema.ts";
import {
	customerShare,
	IMPLICIT_DATA,
	IMPLICIT_EVENTS,
	isImplicitEvent,
	storedTimelineData,
	TIMELINE_CHARGE_COLUMNS,
} from "./timeline-data.ts";

/** What an event's data column holds: the event without type and datetime, plus its ledger row. */
export type TimelineEventData = Omit<TimelineEventBody, "type" | "datetime"> & {
	balance_transaction_id?: string;
};

export interface NewTimelineEvent {
	accountId: string;
	paymentIntentId: string;
	type: string;
	datetime: number;
	data: TimelineEventData;
}

/** Attempts at numbering an event while other writers add to the same timeline. */
const NUMBERING_ATTEMPTS = 5;

/**
 * Adds an event to the intent's timeline, its data stored as what the charge does not say
 * (timeline-data.ts). The charge is read here, as the timeline will read it: after the writer's
 * own changes to it (a capture's balance transaction). An event the charge says in full is the
 * time in its column; any other is a row after the intent's last one. Two writers numbering the
 * same row on PostgreSQL: the second finds the number taken once the first commits, and takes
 * the next.
 */
export async function writeTimelineEvent(db: Kysely<Database>, event: NewTimelineEvent): Promise<void> {
	const ofIntent = { account_id: event.accountId, payment_intent_id: event.paymentIntentId };
	const charge = await db
		.selectFrom("charges")
		.select(["id", ...TIMELINE_CHARGE_COLUMNS])
		.where("account_id", "=", ofIntent.account_id)
		.where("payment_intent_id", "=", ofIntent.payment_intent_id)
		.executeTakeFirst();
	const data = storedTimelineData(event.type, event.data as JsonObject, charge ?? null);
	if (charge && data === IMPLICIT_DATA && isImplicitEvent(event.type)) {
		const column = IMPLICIT_EVENTS[event.type];
		const noted = await db
			.updateTable("charges")
			.set({ [column]: event.datetime })
			.where("account_id", "=", ofIntent.account_id)
			.where("id", "=", charge.id)
			.where(column, "is", null)
			.executeTakeFirst();
		if (Number(noted.numUpdatedRows) > 0) return;
	}
	for (let attempt = 1; ; attempt++) {
		const last = await db
			.selectFrom("timeline_events")
			.select((eb) => eb.fn.max("seq").as("seq"))
			.where("account_id", "=", ofIntent.account_id)
			.where("payment_intent_id", "=", ofIntent.payment_intent_id)
			.executeTakeFirst();
		const result = await db
			.insertInto("timeline_events")
			.values({
				...ofIntent,
				seq: Number(last?.seq ?? 0) + 1,
				type: event.type,
				datetime: event.datetime,
				data,
			})
			.onConflict((conflict) => conflict.columns(["account_id", "payment_intent_id", "seq"]).doNothing())
			.executeTakeFirst();
		if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return;
		if (attempt === NUMBERING_ATTEMPTS)
			throw new Error(`Could not number a timeline event of ${event.paymentIntentId}`);
	}
}

type ChargeAmounts = Pick<ChargesTable, "amount" | "currency" | "customer_amount" | "customer_currency">;

/** Events that only name the payment's amount: authorization voided or expired. */
export function amountData(charge: ChargeAmounts): TimelineEventData {
	return { amount: charge.customer_amount, currency: charge.customer_currency };
}

export function capturedData(
	charge: ChargeAmounts & Pick<ChargesTable, "fee">,
	feeRates: FeeRates,
	balanceTransactionId: string,
): TimelineEventData {
	const customerFee = customerShare(charge, charge.fee);
	return {
		amount: charge.customer_amount,
		amount_captured: charge.customer_amount,
		currency: charge.customer_currency,
		fee: charge.fee,
		fee_rates: feeRates,
		transaction_details: {
			customer_currency: charge.customer_currency,
			customer_amount: charge.customer_amount,
			customer_amount_captured: charge.customer_amount,
			customer_fee: customerFee,
			store_currency: charge.currency,
			store_amount: charge.amount,
			store_amount_captured: charge.amount,
			store_fee: charge.fee,
		},
		balance_transaction_id: balanceTransactionId,
	};
}

/**
 * A dispute's step on the timeline: the disputed payment in the customer's currency, and what the
 * step moved in the store's (the amount taken or given back, and the dispute fee).
 */
export function disputeData(
	charge: ChargeAmounts,
	reason: string,
	moved: { amount: number; fee: number },
): TimelineEventData {
	return {
		amount: charge.customer_amount,
		currency: charge.customer_currency,
		reason,
		fee: moved.fee,
		transaction_details: {
			customer_currency: charge.customer_currency,
			customer_amount: charge.customer_amount,
			store_currency: charge.currency,
			store_amount: moved.amount,
			store_fee: moved.fee,
		},
	};
}

/** A refund of `amount` (store currency); `totalRefunded` includes it. */
export function refundData(
	charge: ChargeAmounts,
	amount: number,
	totalRefunded: number,
	reason: string | null,
	balanceTransactionId: string,
): TimelineEventData {
	const customerAmount = customerShare(charge, amount);
	return {
		amount: customerAmount,
		amount_refunded: customerShare(charge, totalRefunded),
		currency: charge.customer_currency,
		reason,
		transaction_details: {
			customer_currency: charge.customer_currency,
			customer_amount: customerAmount,
			store_currency: charge.currency,
			store_amount: amount,
		},
		acquirer_reference_number_status: "pending",
		balance_transaction_id: balanceTransactionId,
	};
}

/** A merchant's approve or block of a payment held for review. */
export function fraudDecisionData(
	charge: ChargeAmounts,
	user: { id: number; username: string },
): TimelineEventData {
	return { amount: charge.customer_amount, currency: charge.customer_currency, user };
}
