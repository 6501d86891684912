/**
 * The data documents of payment timeline events (spec 2 §4). As in the processor's timeline,
 * amount and currency are the customer's (presentment) values; the store's side is in
 * transaction_details, the fee in the store currency.
 */
import type { DepositRef } from "./payouts.ts";
import type { ChargeContext } from "./rows.ts";

/** The merchant who decided a fraud review (user 1 is the store administrator). */
export const REVIEWER = { id: 1, username: "admin" } as const;

function deposit(ref: DepositRef | null): string {
	return ref ? `,"deposit":{"id":"${ref.id}","arrival_date":${ref.arrivalDate}}` : "";
}

export function feeRates(charge: ChargeContext): string {
	const percentage = charge.method.feePercentage + (charge.exchangeRate === null ? 0 : 0.01);
	const history =
		charge.exchangeRate === null
			? ""
			: `,"history":[{"type":"base","percentage_rate":${charge.method.feePercentage},"fixed_rate":${charge.method.feeFixed},"currency":"${charge.currency}"},{"type":"fx","percentage_rate":0.01,"fixed_rate":0,"currency":"${charge.currency}"}]`;
	return `{"percentage":${Math.round(percentage * 10000) / 10000},"fixed":${charge.method.feeFixed},"fixed_currency":"${charge.currency}"${history}}`;
}

function customerFee(charge: ChargeContext): number {
	return charge.exchangeRate === null
		? charge.fee
		: Math.round((charge.fee * charge.customerAmount) / charge.amount);
}

export function authorizedData(charge: ChargeContext): string {
	return `{"amount":${charge.customerAmount},"currency":"${charge.customerCurrency}"}`;
}

export function capturedData(charge: ChargeContext, ref: DepositRef | null): string {
	const details = `{"customer_currency":"${charge.customerCurrency}","customer_amount":${charge.customerAmount},"customer_amount_captured":${charge.customerAmount},"customer_fee":${customerFee(charge)},"store_currency":"${charge.currency}","store_amount":${charge.amount},"store_amount_captured":${charge.amount},"store_fee":${charge.fee}}`;
	return `{"amount":${charge.customerAmount},"amount_captured":${charge.customerAmount},"currency":"${charge.customerCurrency}","fee":${charge.fee},"fee_rates":${feeRates(charge)},"transaction_details":${details}${deposit(ref)}}`;
}

export function refundData(
	charge: ChargeContext,
	storeAmount: number,
	customerAmount: number,
	customerRefunded: number,
	reason: string | null,
	ref: DepositRef | null,
): string {
	const details = `{"customer_currency":"${charge.customerCurrency}","customer_amount":${customerAmount},"store_currency":"${charge.currency}","store_amount":${storeAmount}}`;
	return `{"amount":${customerAmount},"amount_refunded":${customerRefunded},"currency":"${charge.customerCurrency}","reason":${JSON.stringify(reason)},"transaction_details":${details}${deposit(ref)}}`;
}

export function failureData(charge: ChargeContext, failureReason: string): string {
	return `{"amount":${charge.customerAmount},"currency":"${charge.customerCurrency}","failure_reason":"${failureReason}"}`;
}

export function refundFailedData(
	charge: ChargeContext,
	customerAmount: number,
	failureReason: string,
): string {
	return `{"amount":${customerAmount},"currency":"${charge.customerCurrency}","failure_reason":"${failureReason}"}`;
}

/** A fraud outcome: the rule that matched and what it decided; manual decisions name the reviewer. */
export function fraudData(charge: ChargeContext, rule: string, outcome: string, manual: boolean): string {
	const user = manual ? `,"user":${JSON.stringify(REVIEWER)}` : "";
	return `{"amount":${charge.customerAmount},"currency":"${charge.customerCurrency}","ruleset_results":{"${rule}":"${outcome}"}${user}}`;
}

export function voidData(charge: ChargeContext): string {
	return `{"amount":${charge.customerAmount},"currency":"${charge.customerCurrency}"}`;
}

/** Money moved by a dispute event (negative when withdrawn), in the store currency. */
export function disputeData(
	charge: ChargeContext,
	reason: string,
	storeAmount: number,
	fee: number,
	ref: DepositRef | null,
): string {
	const details = `{"customer_currency":"${charge.customerCurrency}","customer_amount":${charge.customerAmount},"store_currency":"${charge.currency}","store_amount":${storeAmount},"store_fee":${fee}}`;
	return `{"amount":${charge.customerAmount},"currency":"${charge.customerCurrency}","reason":"${reason}","fee":${fee},"transaction_details":${details}${deposit(ref)}}`;
}
