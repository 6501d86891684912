/**
 * The data documents of payment timeline events (spec 2 §4). As in the processor's timeline,
 * amount and currency are the customer's (presentment) values; the store's side is in
 * transaction_details, the fee in the store currency. A capture names its balance transaction,
 * through which the timeline finds its payout.
 */
import { standardFeeRates } from "@paydesk/domain/fees";
import type { JsonObject, JsonValue } from "../db/derived-json.ts";
import type { DepositRef } from "./payouts.ts";
import type { ChargeContext } from "./rows.ts";

/** The merchant who decided a fraud review (user 1 is the store administrator). */
export const REVIEWER = { id: 1, username: "admin" } as const;

function deposit(ref: DepositRef | null): JsonObject {
	return ref ? { deposit: { id: ref.id, arrival_date: ref.arrivalDate } } : {};
}

export function feeRates(charge: ChargeContext): JsonValue {
	return standardFeeRates(
		charge.method.type,
		charge.currency,
		charge.customerCurrency !== charge.currency,
	) as unknown as JsonValue;
}

function customerFee(charge: ChargeContext): number {
	return charge.exchangeRate === null
		? charge.fee
		: Math.round((charge.fee * charge.customerAmount) / charge.amount);
}

export function authorizedData(charge: ChargeContext): JsonObject {
	return { amount: charge.customerAmount, currency: charge.customerCurrency };
}

export function capturedData(charge: ChargeContext, transactionId: string): JsonObject {
	return {
		amount: charge.customerAmount,
		amount_captured: charge.customerAmount,
		currency: charge.customerCurrency,
		fee: charge.fee,
		fee_rates: feeRates(charge),
		transaction_details: {
			customer_currency: charge.customerCurrency,
			customer_amount: charge.customerAmount,
			customer_amount_captured: charge.customerAmount,
			customer_fee: customerFee(charge),
			store_currency: charge.currency,
			store_amount: charge.amount,
			store_amount_captured: charge.amount,
			store_fee: charge.fee,
		},
		balance_transaction_id: transactionId,
	};
}

export function refundData(
	charge: ChargeContext,
	storeAmount: number,
	customerAmount: number,
	customerRefunded: number,
	reason: string | null,
	ref: DepositRef | null,
): JsonObject {
	return {
		amount: customerAmount,
		amount_refunded: customerRefunded,
		currency: charge.customerCurrency,
		reason,
		transaction_details: {
			customer_currency: charge.customerCurrency,
			customer_amount: customerAmount,
			store_currency: charge.currency,
			store_amount: storeAmount,
		},
		...deposit(ref),
	};
}

export function failureData(charge: ChargeContext, failureReason: string): JsonObject {
	return { amount: charge.customerAmount, currency: charge.customerCurrency, failure_reason: failureReason };
}

export function refundFailedData(
	charge: ChargeContext,
	customerAmount: number,
	failureReason: string,
): JsonObject {
	return { amount: customerAmount, currency: charge.customerCurrency, failure_reason: failureReason };
}

/** A fraud outcome: the rule that matched and what it decided; manual decisions name the reviewer. */
export function fraudData(charge: ChargeContext, rule: string, outcome: string, manual: boolean): JsonObject {
	return {
		amount: charge.customerAmount,
		currency: charge.customerCurrency,
		ruleset_results: { [rule]: outcome },
		...(manual ? { user: { ...REVIEWER } } : {}),
	};
}

export function voidData(charge: ChargeContext): JsonObject {
	return { amount: charge.customerAmount, currency: charge.customerCurrency };
}

/** Money moved by a dispute event (negative when withdrawn), in the store currency. */
export function disputeData(
	charge: ChargeContext,
	reason: string,
	storeAmount: number,
	fee: number,
	ref: DepositRef | null,
): JsonObject {
	return {
		amount: charge.customerAmount,
		currency: charge.customerCurrency,
		reason,
		fee,
		transaction_details: {
			customer_currency: charge.customerCurrency,
			customer_amount: charge.customerAmount,
			store_currency: charge.currency,
			store_amount: storeAmount,
			store_fee: fee,
		},
		...deposit(ref),
	};
}
