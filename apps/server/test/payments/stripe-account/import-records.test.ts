/**
 * Stripe's objects as the ledger keeps them (payments/stripe-account/import/records.ts), for what
 * the round trip through a Paydesk sandbox does not show: a payment settled in another currency,
 * a charge made without an intent, an order number that is not one, a dispute's adjustment rows,
 * and what a charge takes from its intent and customer when Stripe's charge does not say it.
 */
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { chargeRow, ledgerRow } from "../../../src/payments/stripe-account/import/records.ts";

const ACCOUNT = "acct_records";

function charge(overrides: Partial<Stripe.Charge> = {}): Stripe.Charge {
	return {
		id: "ch_1",
		object: "charge",
		amount: 10_000,
		amount_captured: 10_000,
		amount_refunded: 2_000,
		balance_transaction: null,
		billing_details: {
			address: {
				city: "Lyon",
				country: "FR",
				line1: "1 rue",
				line2: null,
				postal_code: "69001",
				state: null,
			},
			email: "ana@example.com",
			name: "Ana Silva",
			phone: null,
			tax_id: null,
		},
		captured: true,
		created: 1_764_000_000,
		currency: "eur",
		disputed: false,
		failure_code: null,
		failure_message: null,
		metadata: { order_id: "6735" },
		outcome: { risk_level: "elevated", type: "authorized", reason: null } as Stripe.Charge.Outcome,
		paid: true,
		payment_intent: "pi_1",
		payment_method_details: {
			type: "card",
			card: { brand: "visa", last4: "4242", country: "FR", funding: "credit" },
		} as unknown as Stripe.Charge.PaymentMethodDetails,
		receipt_email: null,
		refunded: false,
		status: "succeeded",
		...overrides,
	} as Stripe.Charge;
}

const settlement = {
	id: "txn_1",
	object: "balance_transaction",
	amount: 11_000,
	currency: "usd",
	exchange_rate: 1.1,
	fee: 350,
	net: 10_650,
} as Stripe.BalanceTransaction;

describe("a charge", () => {
	it("keeps the store's money from its balance transaction, and what the customer paid beside it", () => {
		const row = chargeRow(ACCOUNT, charge({ balance_transaction: settlement }));
		expect(row).toMatchObject({
			amount: 11_000,
			amount_captured: 11_000,
			amount_refunded: 2_200,
			currency: "usd",
			customer_amount: 10_000,
			customer_currency: "eur",
			exchange_rate: 1.1,
			fee: 350,
			balance_transaction_id: "txn_1",
			order_id: 6735,
			risk_level: 1,
			customer_name: "Ana Silva",
			customer_country: "FR",
			intent_status: "succeeded",
		});
	});

	it("made without an intent is its own payment; an order that is no number is none", () => {
		const row = chargeRow(ACCOUNT, charge({ payment_intent: null, metadata: { order_id: "A-17" } }));
		expect(row.payment_intent_id).toBe("ch_1");
		expect(row.order_id).toBeNull();
		expect(row.currency).toBe("eur");
	});

	it("an authorization released uncaptured is a canceled intent; a decline wants a new method", () => {
		expect(chargeRow(ACCOUNT, charge({ captured: false, refunded: true })).intent_status).toBe("canceled");
		expect(chargeRow(ACCOUNT, charge({ captured: false })).intent_status).toBe("requires_capture");
		expect(chargeRow(ACCOUNT, charge({ status: "failed", paid: false })).intent_status).toBe(
			"requires_payment_method",
		);
	});
});

describe("a charge with its intent and customer", () => {
	const intent = (status: string) => ({ status, customer_id: "cus_1" });

	it("an authorization the charge shows held is what its intent says: held, released, captured since, or processing", () => {
		const held = charge({ captured: false });
		for (const status of ["requires_capture", "canceled", "succeeded", "processing"]) {
			expect(chargeRow(ACCOUNT, held, { intent: intent(status) }).intent_status).toBe(status);
		}
		// An intent in a state no authorization is in leaves the charge's own word.
		expect(chargeRow(ACCOUNT, held, { intent: intent("requires_payment_method") }).intent_status).toBe(
			"requires_capture",
		);
	});

	it("a capture, a release or a decline the charge shows is not undone by an intent read before it", () => {
		const stale = { intent: intent("requires_capture") };
		expect(chargeRow(ACCOUNT, charge(), stale).intent_status).toBe("succeeded");
		expect(chargeRow(ACCOUNT, charge({ captured: false, refunded: true }), stale).intent_status).toBe(
			"canceled",
		);
		// A declined attempt stays declined when a later one succeeded.
		expect(
			chargeRow(ACCOUNT, charge({ status: "failed", paid: false }), { intent: intent("succeeded") })
				.intent_status,
		).toBe("requires_payment_method");
	});

	it("billing details that name no one take the customer's name and e-mail; those the payment carried stay", () => {
		const customer = { name: "Grace Hopper", email: "grace@example.com" };
		const anonymous = charge({
			billing_details: { address: null, email: null, name: "", phone: null, tax_id: null },
		});
		expect(chargeRow(ACCOUNT, anonymous, { customer })).toMatchObject({
			customer_name: "Grace Hopper",
			customer_email: "grace@example.com",
		});
		expect(chargeRow(ACCOUNT, anonymous)).toMatchObject({ customer_name: "", customer_email: "" });
		expect(chargeRow(ACCOUNT, charge(), { customer })).toMatchObject({
			customer_name: "Ana Silva",
			customer_email: "ana@example.com",
		});
	});
});

describe("Radar's outcome", () => {
	it("a payment held for review is on review, a blocked one blocked, the rest neither", () => {
		const held = chargeRow(ACCOUNT, charge({ outcome: { type: "manual_review" } as Stripe.Charge.Outcome }));
		expect(held).toMatchObject({ fraud_outcome: "review", fraud_meta_box_type: "review" });
		const blocked = chargeRow(
			ACCOUNT,
			charge({
				status: "failed",
				outcome: { type: "blocked", reason: "highest_risk_level" } as Stripe.Charge.Outcome,
			}),
		);
		expect(blocked).toMatchObject({ fraud_outcome: "block", outcome_reason: "highest_risk_level" });
		expect(chargeRow(ACCOUNT, charge()).fraud_outcome).toBeNull();
	});
});

describe("a balance transaction", () => {
	it("a dispute's adjustment and its reversal are the ledger's dispute rows", () => {
		const adjustment = {
			...settlement,
			id: "txn_2",
			type: "adjustment",
			reporting_category: "dispute",
			amount: -11_000,
			fee: 1500,
			net: -12_500,
			source: "dp_1",
			created: 1_764_100_000,
			available_on: 1_764_100_000,
			description: null,
		} as unknown as Stripe.BalanceTransaction;
		expect(ledgerRow(ACCOUNT, adjustment, undefined)).toMatchObject({ type: "dispute", source_id: "dp_1" });
		expect(
			ledgerRow(ACCOUNT, { ...adjustment, reporting_category: "dispute_reversal" }, undefined).type,
		).toBe("dispute_reversal");
	});
});
