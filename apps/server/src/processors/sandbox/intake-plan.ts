/**
 * What the sandbox processor decides about an incoming payment, before anything is written:
 * the issuer's answer for the test card, the checks it reports, the risk level, the
 * merchant's fraud rules, 3-D Secure, the settlement currency and amount, and the fee from the
 * account's fee schedule. Pure: the same input and context always give the same plan.
 */
import { createHmac } from "node:crypto";
import type { PaymentMethodInput } from "@paydesk/contract/payment-intents";
import type { FeeRates } from "@paydesk/domain/fees";
import { type AccountFee, paymentFeeOf } from "@paydesk/domain/fees-display";
import {
	evaluateFraudRules,
	type FraudVerdict,
	type PaymentFacts,
	type PostalAddress,
	sameAddress,
} from "@paydesk/domain/fraud-evaluation";
import type { ProtectionRule } from "@paydesk/domain/fraud-rules";
import { isZeroDecimal } from "@paydesk/domain/money";
import { FUNDS_AVAILABLE_AFTER } from "@paydesk/domain/processor-schedule";
import {
	type CardDecline,
	type CheckResult,
	isAvsMismatch,
	LIVE_CARD_DECLINE,
	last4Of,
	NON_CARD_DECLINE,
	nonCardPaymentFails,
	testCardOf,
} from "@paydesk/domain/test-cards";
import { settlementType } from "../../ledger/entries.ts";

export interface IntakeInput {
	amount: number;
	currency: string;
	captureMethod: "automatic" | "manual";
	paymentMethod: PaymentMethodInput;
	items: readonly { quantity: number }[];
	shippingAddress: PostalAddress | null;
	customerIp: string | null;
	ipCountry: string | null;
	channel: "online" | "in_person";
}

export interface IntakeContext {
	accountCountry: string;
	/** The store currency (lowercase): fraud amounts and conversions are in it. */
	storeCurrency: string;
	/** Currencies the account settles in without conversion (its bank accounts' currencies). */
	settlementCurrencies: readonly string[];
	rules: readonly ProtectionRule[];
	declineOnCVCFailure: boolean;
	declineOnAVSFailure: boolean;
	/** The account's fee for the payment's method, in the settlement currency. */
	feeFor: (methodType: string, settlementCurrency: string) => AccountFee;
	/** Units of `to` per unit of `from`. */
	rate: (from: string, to: string) => number;
	/** Keyed hash for card fingerprints, so a fingerprint cannot be turned back into a number. */
	fingerprintKey: string;
	nowMs: number;
}

export interface CardFacts {
	brand: string;
	last4: string;
	exp_month: number;
	exp_year: number;
	country: string;
	funding: string;
	fingerprint: string;
	checks: {
		cvc_check: CheckResult;
		address_line1_check: CheckResult;
		address_postal_code_check: CheckResult;
	};
}

export type Decision =
	| { kind: "decline"; decline: CardDecline; outcomeType: "issuer_declined" | "blocked"; reason: string }
	| { kind: "block"; verdict: FraudVerdict }
	| { kind: "review"; verdict: FraudVerdict }
	| { kind: "authorize" }
	| { kind: "capture" };

export interface PaymentPlan {
	methodType: string;
	/** Per-type details as the charge stores them (brand, last4, checks … for cards). */
	details: Record<string, unknown>;
	card: CardFacts | null;
	identifier: string | null;
	riskLevel: number | null;
	settlement: { currency: string; amount: number; exchangeRate: number | null };
	fee: number;
	feeRates: FeeRates;
	transactionType: "charge" | "payment";
	availableAfter: number;
	threeDSecure: boolean;
	dispute: string | null;
	decision: Decision;
}

const major = (amount: number, currency: string) => (isZeroDecimal(currency) ? amount : amount / 100);
const minor = (value: number, currency: string) => Math.round(isZeroDecimal(currency) ? value : value * 100);

/** An amount converted between currencies at the partner's rate, in minor units. */
export function convert(
	amount: number,
	from: string,
	to: string,
	rate: (from: string, to: string) => number,
): number {
	if (from === to) return amount;
	return minor(major(amount, from) * rate(from, to), to);
}

export function cardFingerprint(key: string, digits: string): string {
	return createHmac("sha256", key).update(digits).digest("base64url").slice(0, 16);
}

function cardFacts(
	card: Extract<PaymentMethodInput, { type: "card" }>["card"],
	context: IntakeContext,
): CardFacts {
	const test = testCardOf(card.number);
	return {
		brand: test?.brand ?? "unknown",
		last4: last4Of(card.number),
		exp_month: card.exp_month,
		exp_year: card.exp_year,
		country: test?.country ?? "US",
		funding: test?.funding ?? "credit",
		fingerprint: cardFingerprint(context.fingerprintKey, card.number),
		checks: {
			cvc_check: test?.cvcCheck ?? "pass",
			address_line1_check: test?.addressLine1Check ?? "pass",
			address_postal_code_check: test?.postalCodeCheck ?? "pass",
		},
	};
}

function decide(
	input: IntakeInput,
	card: CardFacts | null,
	context: IntakeContext,
	amountInStore: number,
): Decision {
	const method = input.paymentMethod;
	if (method.type !== "card") {
		if (nonCardPaymentFails(method.billing_details.email))
			return {
				kind: "decline",
				decline: NON_CARD_DECLINE,
				outcomeType: "issuer_declined",
				reason: "generic_decline",
			};
		return { kind: "capture" };
	}
	const test = testCardOf(method.card.number);
	if (!test)
		return {
			kind: "decline",
			decline: LIVE_CARD_DECLINE,
			outcomeType: "issuer_declined",
			reason: "test_mode_live_card",
		};
	if (test.alwaysBlocked)
		return {
			kind: "decline",
			decline: { code: "card_declined", declineCode: "fraudulent", message: "Your card was declined." },
			outcomeType: "blocked",
			reason: "highest_risk_level",
		};
	if (test.decline)
		return {
			kind: "decline",
			decline: test.decline,
			outcomeType: "issuer_declined",
			reason: test.decline.declineCode,
		};
	const billing = method.billing_details.address;
	const facts: PaymentFacts = {
		avs_mismatch: card ? isAvsMismatch(card.checks) : false,
		billing_shipping_address_same: input.shippingAddress ? sameAddress(billing, input.shippingAddress) : null,
		ip_country: input.ipCountry ? input.ipCountry.toLowerCase() : null,
		ip_billing_country_same: input.ipCountry
			? input.ipCountry.toUpperCase() === billing.country.toUpperCase()
			: null,
		item_count: input.items.reduce((sum, item) => sum + item.quantity, 0),
		order_total: amountInStore,
		currency: context.storeCurrency,
		cvc_check_failed: card?.checks.cvc_check === "fail",
	};
	const verdict = evaluateFraudRules(context.rules, facts, {
		declineOnCVCFailure: context.declineOnCVCFailure,
		declineOnAVSFailure: context.declineOnAVSFailure,
	});
	if (verdict?.outcome === "block") return { kind: "block", verdict };
	if (verdict?.outcome === "review") return { kind: "review", verdict };
	return input.captureMethod === "manual" ? { kind: "authorize" } : { kind: "capture" };
}

export function planPayment(input: IntakeInput, context: IntakeContext): PaymentPlan {
	const method = input.paymentMethod;
	const card = method.type === "card" ? cardFacts(method.card, context) : null;
	const test = method.type === "card" ? testCardOf(method.card.number) : null;
	const settlementCurrency = context.settlementCurrencies.includes(input.currency)
		? input.currency
		: context.storeCurrency;
	const crossCurrency = settlementCurrency !== input.currency;
	const settlementAmount = convert(input.amount, input.currency, settlementCurrency, context.rate);
	const exchangeRate = crossCurrency
		? Number(context.rate(input.currency, settlementCurrency).toPrecision(6))
		: null;
	const amountInStore = convert(input.amount, input.currency, context.storeCurrency, context.rate);
	const international = card !== null && card.country !== context.accountCountry;
	const { fee, rates } = paymentFeeOf(context.feeFor(method.type, settlementCurrency), {
		amount: settlementAmount,
		international,
		crossCurrency,
		nowMs: context.nowMs,
	});
	const riskLevel = card && input.channel === "online" ? (test?.riskLevel ?? 0) : null;
	const details: Record<string, unknown> = card
		? { ...card, network: card.brand, wallet: null }
		: { country: method.billing_details.address.country };
	return {
		methodType: method.type,
		details,
		card,
		identifier: card ? card.last4 : null,
		riskLevel,
		settlement: { currency: settlementCurrency, amount: settlementAmount, exchangeRate },
		fee,
		feeRates: rates,
		transactionType: settlementType(method.type),
		availableAfter: test?.availableAtOnce ? 0 : FUNDS_AVAILABLE_AFTER,
		threeDSecure: test?.threeDSecure === true,
		dispute: test?.dispute ?? null,
		decision: decide(input, card, context, amountInStore),
	};
}
