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
import { newId } from "../db/ids.ts";
import type { ChargesTable, Database } from "../db/schema.ts";

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

export async function writeTimelineEvent(db: Kysely<Database>, event: NewTimelineEvent): Promise<void> {
	await db
		.insertInto("timeline_events")
		.values({
			account_id: event.accountId,
			id: newId("tle"),
			payment_intent_id: event.paymentIntentId,
			type: event.type,
			datetime: event.datetime,
			data: JSON.stringify(event.data),
		})
		.execute();
}

type ChargeAmounts = Pick<ChargesTable, "amount" | "currency" | "customer_amount" | "customer_currency">;

/** A store-currency amount of the charge in the customer's currency, proportionally. */
export function customerShare(charge: ChargeAmounts, amount: number): number {
	if (charge.amount === 0) return 0;
	if (charge.customer_currency === charge.currency) return amount;
	return Math.round((charge.customer_amount * amount) / charge.amount);
}

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
