/**
 * Money actions of a store connected to its own Stripe account go to Stripe (a Paydesk sandbox
 * standing in for it): a refund, a capture, a cancellation, evidence and accepting a dispute,
 * each landing on the Stripe side once (a double click, a retry and concurrent requests
 * included), with the store's copy written from Stripe's answer at once. Stripe out of reach is
 * a 503 that changes nothing; what Stripe keeps to itself is said so.
 */
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPageSettings } from "../../../src/admin-pages/page-settings.ts";
import { DISPUTE_ARRIVAL_DELAY } from "../../../src/processors/sandbox/timed-disputes.ts";
import { TEST_ACCOUNT } from "../../../src/testing/test-app.ts";
import { BASE, expectMoneyInvariants } from "../../support/invariants.ts";
import { STRIPE_SIDE, type StripePair, stripePair } from "../../support/stripe-pair.ts";

let pair: StripePair;
let paid: Stripe.PaymentIntent;
let authorized: Stripe.PaymentIntent;
let released: Stripe.PaymentIntent;

const pay = (amount: number, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
	pair.pay(amount, extra);

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
	pair.server.inject({
		method: "POST",
		url,
		headers: { ...pair.admin.headers, ...headers },
		payload: payload as object,
	});

async function refundsOnStripe(chargeId: string) {
	return pair.sandbox.db.kysely
		.selectFrom("refunds")
		.select(["id", "amount"])
		.where("account_id", "=", STRIPE_SIDE)
		.where("charge_id", "=", chargeId)
		.execute();
}

const ledger = (db: StripePair["store"]["db"], accountId: string) =>
	db.kysely
		.selectFrom("balance_transactions")
		.select(["id", "type", "amount", "fee", "net", "charge_id", "source_id"])
		.where("account_id", "=", accountId)
		.orderBy("id")
		.execute();

beforeAll(async () => {
	pair = await stripePair();
	paid = await pay(6000);
	authorized = await pay(4500, { capture_method: "manual" });
	released = await pay(3100, { capture_method: "manual" });
	await pay(5200, { payment_method: "pm_card_createDispute" });
	await pair.moveClock(DISPUTE_ARRIVAL_DELAY + 60);
	expect(await pair.connect()).toMatchObject({ status: "live" });
});

afterAll(() => pair?.close());

describe("a refund", () => {
	it("lands on Stripe once, whatever a double click sends, and the copy shows it at once", async () => {
		const charge = paid.latest_charge as string;
		const body = { charge_id: charge, amount: 1500, reason: "requested_by_customer" };
		const answers = await Promise.all([post(`${BASE}/refund`, body), post(`${BASE}/refund`, body)]);
		for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
		expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
		expect(await refundsOnStripe(charge)).toEqual([{ id: answers[0]?.json().id, amount: 1500 }]);

		const copy = await pair.store.db.kysely
			.selectFrom("charges")
			.select(["amount_refunded", "refunded"])
			.where("account_id", "=", TEST_ACCOUNT)
			.where("id", "=", charge)
			.executeTakeFirstOrThrow();
		expect(copy).toEqual({ amount_refunded: 1500, refunded: 0 });
		const timeline = await pair.store.db.kysely
			.selectFrom("timeline_events")
			.select("type")
			.where("account_id", "=", TEST_ACCOUNT)
			.where("payment_intent_id", "=", paid.id)
			.where("type", "like", "%refund%")
			.execute();
		expect(timeline.map((event) => event.type)).toEqual(["partial_refund"]);
		// One entry in the audit log, by the administrator who refunded.
		const audited = await pair.store.db.kysely
			.selectFrom("audit_log")
			.select(["action", "actor_login", "object_id"])
			.where("account_id", "=", TEST_ACCOUNT)
			.where("action", "=", "refund.created")
			.execute();
		expect(audited).toEqual([
			{ action: "refund.created", actor_login: pair.admin.user.login, object_id: charge },
		]);
		expect(await ledger(pair.store.db, TEST_ACCOUNT)).toEqual(await ledger(pair.sandbox.db, STRIPE_SIDE));
	});

	it("a retry with the same Idempotency-Key answers the first refund; a new key refunds again", async () => {
		const charge = paid.latest_charge as string;
		const body = { charge_id: charge, amount: 500 };
		const first = await post(`${BASE}/refund`, body, { "idempotency-key": "refund-500" });
		const again = await post(`${BASE}/refund`, body, { "idempotency-key": "refund-500" });
		expect(again.json().id).toBe(first.json().id);
		const other = await post(`${BASE}/refund`, body, { "idempotency-key": "refund-500-b" });
		expect(other.statusCode, other.body).toBe(200);
		expect(other.json().id).not.toBe(first.json().id);
		expect((await refundsOnStripe(charge)).map((refund) => refund.amount).sort()).toEqual(
			[1500, 500, 500].sort(),
		);
	});

	it("more than is left is refused in the spec's words, before Stripe is asked", async () => {
		const charge = paid.latest_charge as string;
		const refused = await post(`${BASE}/refund`, { charge_id: charge, amount: 5000 });
		expect(refused.statusCode).toBe(400);
		expect(refused.json()).toMatchObject({
			code: "wcpay_refund_amount_too_large",
			data: { refundable_amount: 3500 },
		});
		expect(await refundsOnStripe(charge)).toHaveLength(3);
	});
});

describe("a payment through Paydesk's intake", () => {
	const intake = (payment: Record<string, unknown>) =>
		post(`${BASE}/payment_intents`, {
			amount: 2400,
			currency: "usd",
			order: { number: "9001", items: [{ name: "A mug", quantity: 1, total: 2400 }] },
			...payment,
		});

	it("forwards a PaymentMethod Stripe.js made to Stripe, and the copy has the payment at once", async () => {
		const paid = await intake({ payment_method_id: "pm_card_visa" });
		expect(paid.statusCode, paid.body).toBe(200);
		const intent = paid.json();
		expect(intent).toMatchObject({ status: "succeeded", amount: 2400, order: { number: "9001" } });
		expect(intent.charge).toMatchObject({ status: "succeeded", payment_method_details: { type: "card" } });
		const onStripe = await pair.stripe.paymentIntents.retrieve(intent.id);
		expect(onStripe).toMatchObject({ status: "succeeded", metadata: { order_id: "9001" } });
		const copy = await pair.store.db.kysely
			.selectFrom("charges")
			.select(["id", "order_id", "amount", "balance_transaction_id"])
			.where("account_id", "=", TEST_ACCOUNT)
			.where("payment_intent_id", "=", intent.id)
			.executeTakeFirstOrThrow();
		expect(copy).toMatchObject({ id: intent.charge.id, order_id: 9001, amount: 2400 });
		expect(await ledger(pair.store.db, TEST_ACCOUNT)).toEqual(await ledger(pair.sandbox.db, STRIPE_SIDE));
	});

	it("a decline answers 402 with Stripe's decline code and the failed intent", async () => {
		const declined = await intake({ payment_method_id: "pm_card_chargeDeclined" });
		expect(declined.statusCode, declined.body).toBe(402);
		expect(declined.json()).toMatchObject({
			code: "card_declined",
			data: { decline_code: "generic_decline", payment_intent: { status: "requires_payment_method" } },
		});
	});

	it("refuses card details for a connected account, naming payment_method, and asks Stripe nothing", async () => {
		const before = (await pair.stripe.paymentIntents.list({ limit: 100 })).data.length;
		const refused = await intake({
			payment_method: {
				type: "card",
				card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
				billing_details: {
					name: "Ana Silva",
					email: "ana@example.com",
					address: {
						line1: "1 Main St",
						city: "Springfield",
						state: "IL",
						postal_code: "62701",
						country: "US",
					},
				},
			},
		});
		expect(refused.statusCode).toBe(400);
		expect(refused.json()).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { payment_method: expect.stringContaining("pm_") } },
		});
		expect((await pair.stripe.paymentIntents.list({ limit: 100 })).data).toHaveLength(before);
	});
});

describe("an authorization", () => {
	it("is captured on Stripe, and its ledger row arrives with it", async () => {
		const captured = await post(`${BASE}/orders/4500/capture_authorization`, {
			payment_intent_id: authorized.id,
		});
		expect(captured.statusCode, captured.body).toBe(200);
		expect(captured.json()).toEqual({ id: authorized.id, status: "succeeded" });
		const onStripe = await pair.stripe.paymentIntents.retrieve(authorized.id);
		expect(onStripe.status).toBe("succeeded");
		expect(await ledger(pair.store.db, TEST_ACCOUNT)).toEqual(await ledger(pair.sandbox.db, STRIPE_SIDE));
		const again = await post(`${BASE}/orders/4500/capture_authorization`, {
			payment_intent_id: authorized.id,
		});
		expect(again.statusCode).toBe(409);
	});

	it("is canceled on Stripe", async () => {
		const canceled = await post(`${BASE}/orders/3100/cancel_authorization`, {
			payment_intent_id: released.id,
		});
		expect(canceled.statusCode, canceled.body).toBe(200);
		expect(canceled.json()).toEqual({ id: released.id, status: "canceled" });
		expect((await pair.stripe.paymentIntents.retrieve(released.id)).status).toBe("canceled");
	});
});

describe("a dispute", () => {
	it("its evidence is submitted on Stripe, and the copy shows it under review", async () => {
		const dispute = await pair.store.db.kysely
			.selectFrom("disputes")
			.select("id")
			.where("account_id", "=", TEST_ACCOUNT)
			.executeTakeFirstOrThrow();
		const submitted = await post(`${BASE}/disputes/${dispute.id}`, {
			evidence: { customer_name: "Ana Silva", product_description: "A mug" },
			metadata: { __product_type: "physical_product" },
			submit: true,
		});
		expect(submitted.statusCode, submitted.body).toBe(200);
		const onStripe = await pair.stripe.disputes.retrieve(dispute.id);
		expect(onStripe.status).toBe("under_review");
		expect(onStripe.evidence.customer_name).toBe("Ana Silva");
		const copy = await pair.store.db.kysely
			.selectFrom("disputes")
			.select(["status", "evidence"])
			.where("account_id", "=", TEST_ACCOUNT)
			.where("id", "=", dispute.id)
			.executeTakeFirstOrThrow();
		expect(copy.status).toBe("under_review");
		const audited = await pair.store.db.kysely
			.selectFrom("audit_log")
			.select("action")
			.where("account_id", "=", TEST_ACCOUNT)
			.where("object_id", "=", dispute.id)
			.execute();
		expect(audited.map((entry) => entry.action)).toEqual(["dispute.evidence_submitted"]);
		const timeline = await pair.store.db.kysely
			.selectFrom("timeline_events")
			.innerJoin("disputes", (join) =>
				join
					.onRef("disputes.payment_intent_id", "=", "timeline_events.payment_intent_id")
					.onRef("disputes.account_id", "=", "timeline_events.account_id"),
			)
			.select("timeline_events.type")
			.where("disputes.id", "=", dispute.id)
			.where("timeline_events.type", "like", "dispute_%")
			.orderBy("timeline_events.seq")
			.execute();
		expect(timeline.map((event) => event.type)).toEqual(["dispute_needs_response", "dispute_in_review"]);
		expect(JSON.parse(copy.evidence)).toMatchObject({ customer_name: "Ana Silva" });
	});
});

describe("what Stripe keeps to itself, and Stripe out of reach", () => {
	it("the payout schedule is managed in Stripe's Dashboard", async () => {
		const response = await post(`${BASE}/settings`, {
			deposit_schedule_interval: "weekly",
			deposit_schedule_weekly_anchor: "friday",
		});
		expect(response.statusCode).toBe(409);
		expect(response.json().message).toContain("managed in your Stripe Dashboard");
	});

	it("the sandbox's test clock is not this account's: Stripe keeps its time", async () => {
		const read = await pair.server.inject({
			method: "GET",
			url: `${BASE}/sandbox/clock`,
			headers: pair.admin.headers,
		});
		expect(read.statusCode).toBe(409);
		expect(read.json().message).toContain("managed in your Stripe Dashboard");
		const moved = await post(`${BASE}/sandbox/clock`, { advance: 3600 });
		expect(moved.statusCode).toBe(409);
	});

	it("a refund while Stripe cannot be reached is a 503 that changes nothing", async () => {
		const charge = paid.latest_charge as string;
		const before = await ledger(pair.store.db, TEST_ACCOUNT);
		const closed = new Promise((resolve) => pair.sandbox.app.server.close(resolve));
		pair.sandbox.app.server.closeAllConnections();
		await closed;
		try {
			const refused = await post(`${BASE}/refund`, { charge_id: charge, amount: 100 });
			expect(refused.statusCode).toBe(503);
			expect(refused.json()).toMatchObject({
				code: "wcpay_stripe_unreachable",
				message: "Stripe could not be reached; nothing was changed.",
			});
			expect(await ledger(pair.store.db, TEST_ACCOUNT)).toEqual(before);
		} finally {
			await new Promise<void>((resolve) =>
				pair.sandbox.app.server.listen(Number(new URL(pair.apiBase).port), "127.0.0.1", resolve),
			);
		}
	});

	it("a key Stripe no longer takes puts the account in the error state, and the overview asks to reconnect", async () => {
		const charge = paid.latest_charge as string;
		await pair.sandbox.db.kysely
			.updateTable("api_keys")
			.set({ expires_at: pair.sandbox.clock.seconds() - 1 })
			.where("account_id", "=", STRIPE_SIDE)
			.execute();
		try {
			const refused = await post(`${BASE}/refund`, { charge_id: charge, amount: 100 });
			expect(refused.statusCode).toBe(502);
			expect(refused.json()).toMatchObject({ code: "wcpay_stripe_key_invalid" });
			expect(refused.json().message).toContain("Nothing was changed.");
			const connection = await pair.store.db.kysely
				.selectFrom("stripe_connections")
				.select(["status", "last_error"])
				.where("account_id", "=", TEST_ACCOUNT)
				.executeTakeFirstOrThrow();
			expect(connection.status).toBe("error");
			expect(connection.last_error).toContain("Stripe refused the key");
			const settings = await buildPageSettings(
				pair.store.db.kysely,
				{ dataDir: "", adminDist: "", secureCookies: false, productName: "Paydesk", publicUrl: "" },
				pair.admin.user,
				{ nonceSecret: "secret", now: pair.store.clock.seconds() },
			);
			expect(settings.processor).toBe("stripe");
			expect(settings.stripeConnectionError).toContain("Stripe refused the key");
		} finally {
			await pair.sandbox.db.kysely
				.updateTable("api_keys")
				.set({ expires_at: null })
				.where("account_id", "=", STRIPE_SIDE)
				.execute();
			await pair.store.db.kysely
				.updateTable("stripe_connections")
				.set({ status: "live", last_error: null })
				.where("account_id", "=", TEST_ACCOUNT)
				.execute();
		}
	});

	it("the store's balances and summaries agree with its ledger", async () => {
		await expectMoneyInvariants(pair.store.db.kysely, TEST_ACCOUNT, pair.store.clock.seconds());
	});
});
