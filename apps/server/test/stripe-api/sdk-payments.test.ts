/**
 * Stripe's official Node SDK, pointed at a running Paydesk, through the flows of Stripe's own
 * guides: accept a payment, a decline, separate authorization and capture, refunds, pagination,
 * retries under one Idempotency-Key, and the balance. Each payment made through `/v1` is the same
 * payment the admin's REST API shows.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { insertPayment } from "../support/charge-fixtures.ts";
import { BASE } from "../support/invariants.ts";

const OTHER_ACCOUNT = "acct_other";

let t: TestApp;
let admin: Actor;
let stripe: Stripe;
let other: Stripe;
let secret: string;
let port: number;

function client(key: string, options: Partial<Stripe.StripeConfig> = {}): Stripe {
	return new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0, ...options });
}

async function adminGet<T>(path: string): Promise<{ status: number; body: T }> {
	const response = await t.app.inject({ method: "GET", url: `${BASE}${path}`, headers: admin.headers });
	return { status: response.statusCode, body: json<T>(response) };
}

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 });
			await insertTestAccount(db.kysely, OTHER_ACCOUNT, { test_mode: 1 });
		},
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
	admin = await t.actor("administrator");
	secret = (await createApiKeys(t.db.kysely, TEST_ACCOUNT, "checkout", t.clock.seconds())).secret;
	stripe = client(secret);
	other = client((await createApiKeys(t.db.kysely, OTHER_ACCOUNT, "other", t.clock.seconds())).secret);
});

afterAll(() => t.close());

describe("keys", () => {
	it("are made in the account's mode", () => {
		expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
	});

	it("a wrong key is a 401 naming only its last four characters", async () => {
		const wrong = "sk_test_wrongwrongwrongwrongwrongWXYZ";
		const error = await client(wrong)
			.balance.retrieve()
			.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
		const message = (error as Stripe.errors.StripeError).message;
		expect(message).toContain("WXYZ");
		expect(message).not.toContain("wrongwrong");
	});

	it("works as HTTP Basic's user name too, and every answer has a Request-Id and the version", async () => {
		const response = await fetch(`http://127.0.0.1:${port}/v1/balance`, {
			headers: { authorization: `Basic ${Buffer.from(`${secret}:`).toString("base64")}` },
		});
		expect(response.status).toBe(200);
		expect(response.headers.get("request-id")).toMatch(/^req_/);
		expect(response.headers.get("stripe-version")).toBe("2026-10-28.endive");
	});

	it("one account's key never reaches another account's payments", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 1500,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		const error = await other.paymentIntents.retrieve(intent.id).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
		expect((error as Stripe.errors.StripeError).statusCode).toBe(404);
		expect((error as Stripe.errors.StripeError).code).toBe("resource_missing");
		const listed = await other.paymentIntents.list({ limit: 100 });
		expect(listed.data.map((item) => item.id)).not.toContain(intent.id);
	});
});

describe("accepting a payment", () => {
	it("takes a payment confirmed at creation, which the admin shows as the same payment", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 2000,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
			description: "Order 6735",
			metadata: { order_id: "6735" },
			expand: ["latest_charge"],
		});
		expect(intent.status).toBe("succeeded");
		expect(intent.amount_received).toBe(2000);
		expect(intent.metadata).toEqual({ order_id: "6735" });
		expect(intent.livemode).toBe(false);
		const charge = intent.latest_charge as Stripe.Charge;
		expect(charge.object).toBe("charge");
		expect(charge.paid).toBe(true);
		expect(charge.payment_method_details?.card?.last4).toBe("4242");
		expect(charge.outcome?.network_status).toBe("approved_by_network");

		const shown = await adminGet<{ payment_intent: string; amount: number; status: string }>(
			`/charges/${charge.id}`,
		);
		expect(shown.status).toBe(200);
		expect(shown.body.payment_intent).toBe(intent.id);
		expect(shown.body.amount).toBe(2000);

		const again = await stripe.paymentIntents.retrieve(intent.id);
		expect(again.latest_charge).toBe(charge.id);
		const fetched = await stripe.charges.retrieve(charge.id);
		expect(fetched.payment_intent).toBe(intent.id);
	});

	it("creates an intent first and confirms it later", async () => {
		const draft = await stripe.paymentIntents.create({ amount: 1234, currency: "usd" });
		expect(draft.status).toBe("requires_payment_method");
		const updated = await stripe.paymentIntents.update(draft.id, { payment_method: "pm_card_mastercard" });
		expect(updated.status).toBe("requires_confirmation");
		const confirmed = await stripe.paymentIntents.confirm(draft.id);
		expect(confirmed.id).toBe(draft.id);
		expect(confirmed.status).toBe("succeeded");
		const charges = await stripe.charges.list({ payment_intent: draft.id });
		expect(charges.data).toHaveLength(1);
		expect(charges.data[0]?.payment_method_details?.card?.brand).toBe("mastercard");
	});

	it("a decline raises StripeCardError with its decline code and the failed intent", async () => {
		const error = await stripe.paymentIntents
			.create({
				amount: 3000,
				currency: "usd",
				payment_method: "pm_card_chargeDeclinedInsufficientFunds",
				confirm: true,
			})
			.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
		const card = error as Stripe.errors.StripeCardError;
		expect(card.statusCode).toBe(402);
		expect(card.code).toBe("card_declined");
		expect(card.decline_code).toBe("insufficient_funds");
		const intent = card.payment_intent as Stripe.PaymentIntent;
		expect(intent.status).toBe("requires_payment_method");
		expect(intent.last_payment_error?.decline_code).toBe("insufficient_funds");
	});

	it("refuses a canceled intent's confirmation and bad input, writing nothing", async () => {
		const draft = await stripe.paymentIntents.create({
			amount: 500,
			currency: "usd",
			payment_method: "pm_card_visa",
		});
		const canceled = await stripe.paymentIntents.cancel(draft.id, { cancellation_reason: "abandoned" });
		expect(canceled.status).toBe("canceled");
		expect(canceled.cancellation_reason).toBe("abandoned");
		const error = await stripe.paymentIntents.confirm(draft.id).catch((caught: unknown) => caught);
		expect((error as Stripe.errors.StripeError).code).toBe("payment_intent_unexpected_state");

		const before = (await stripe.paymentIntents.list({ limit: 100 })).data.length;
		const unknown = await stripe.paymentIntents
			.create({ amount: 500, currency: "usd", colour: "red" } as Stripe.PaymentIntentCreateParams)
			.catch((caught: unknown) => caught);
		expect((unknown as Stripe.errors.StripeError).code).toBe("parameter_unknown");
		expect((unknown as Stripe.errors.StripeError).param).toBe("colour");
		const zero = await stripe.paymentIntents
			.create({ amount: 0, currency: "usd" })
			.catch((caught: unknown) => caught);
		expect((zero as Stripe.errors.StripeError).param).toBe("amount");
		const large = await stripe.paymentIntents
			.create({ amount: 100_000_000, currency: "usd" })
			.catch((caught: unknown) => caught);
		expect((large as Stripe.errors.StripeError).param).toBe("amount");
		const missing = await stripe.paymentIntents
			.create({ currency: "usd" } as Stripe.PaymentIntentCreateParams)
			.catch((caught: unknown) => caught);
		expect((missing as Stripe.errors.StripeError).code).toBe("parameter_missing");
		expect((await stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(before);
	});
});

describe("separate authorization and capture", () => {
	it("authorizes, refuses capturing more than authorized, then captures", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 4200,
			currency: "usd",
			capture_method: "manual",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		expect(intent.status).toBe("requires_capture");
		expect(intent.amount_capturable).toBe(4200);
		const tooMuch = await stripe.paymentIntents
			.capture(intent.id, { amount_to_capture: 5000 })
			.catch((caught: unknown) => caught);
		expect((tooMuch as Stripe.errors.StripeError).code).toBe("amount_too_large");
		const captured = await stripe.paymentIntents.capture(intent.id);
		expect(captured.status).toBe("succeeded");
		expect(captured.amount_received).toBe(4200);
		const twice = await stripe.paymentIntents.capture(intent.id).catch((caught: unknown) => caught);
		expect((twice as Stripe.errors.StripeError).code).toBe("payment_intent_unexpected_state");
	});

	it("cancels an authorization", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 900,
			currency: "usd",
			capture_method: "manual",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		const canceled = await stripe.paymentIntents.cancel(intent.id, {
			cancellation_reason: "requested_by_customer",
		});
		expect(canceled.status).toBe("canceled");
		expect(canceled.cancellation_reason).toBe("requested_by_customer");
	});
});

describe("refunds", () => {
	it("refunds in part and in full, refusing more than remains", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 5000,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		const partial = await stripe.refunds.create({
			payment_intent: intent.id,
			amount: 1500,
			metadata: { reason_code: "R1" },
		});
		expect(partial.status).toBe("succeeded");
		expect(partial.amount).toBe(1500);
		expect(partial.metadata).toEqual({ reason_code: "R1" });
		const tooMuch = await stripe.refunds
			.create({ payment_intent: intent.id, amount: 4000 })
			.catch((caught: unknown) => caught);
		expect((tooMuch as Stripe.errors.StripeError).code).toBe("amount_too_large");
		const rest = await stripe.refunds.create({ charge: intent.latest_charge as string });
		expect(rest.amount).toBe(3500);
		const charge = await stripe.charges.retrieve(intent.latest_charge as string);
		expect(charge.refunded).toBe(true);
		expect(charge.amount_refunded).toBe(5000);
		const listed = await stripe.refunds.list({ payment_intent: intent.id });
		expect(new Set(listed.data.map((refund) => refund.id))).toEqual(new Set([rest.id, partial.id]));
		// A page answers each refund as its own retrieval does, expansions included.
		const expanded = await stripe.refunds.list({
			payment_intent: intent.id,
			expand: ["data.charge", "data.balance_transaction"],
		});
		for (const refund of expanded.data) {
			const alone = await stripe.refunds.retrieve(refund.id, { expand: ["charge", "balance_transaction"] });
			expect(refund).toEqual(alone);
			expect((refund.charge as Stripe.Charge).id).toBe(charge.id);
			expect((refund.balance_transaction as Stripe.BalanceTransaction).object).toBe("balance_transaction");
		}
		const shown = await adminGet<{ amount_refunded: number }>(`/charges/${charge.id}`);
		expect(shown.body.amount_refunded).toBe(5000);
	});
});

describe("idempotency", () => {
	it("50 concurrent creates with one Idempotency-Key make one payment", async () => {
		const key = "order-9001";
		const answers = await Promise.all(
			Array.from({ length: 50 }, () =>
				stripe.paymentIntents.create(
					{ amount: 777, currency: "usd", payment_method: "pm_card_visa", confirm: true },
					{ idempotencyKey: key },
				),
			),
		);
		expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
		const charges = await stripe.charges.list({ payment_intent: answers[0]?.id });
		expect(charges.data).toHaveLength(1);
		const reused = await stripe.paymentIntents
			.create({ amount: 778, currency: "usd" }, { idempotencyKey: key })
			.catch((caught: unknown) => caught);
		expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
	});

	it("a retried decline answers the same decline without a second attempt", async () => {
		const attempt = () =>
			stripe.paymentIntents
				.create(
					{ amount: 640, currency: "usd", payment_method: "pm_card_chargeDeclined", confirm: true },
					{ idempotencyKey: "declined-once" },
				)
				.catch((caught: unknown) => caught as Stripe.errors.StripeCardError);
		const [first, second] = [await attempt(), await attempt()];
		expect((first as Stripe.errors.StripeCardError).payment_intent?.id).toBe(
			(second as Stripe.errors.StripeCardError).payment_intent?.id,
		);
	});
});

describe("lists", () => {
	it("auto-paginates over 250 intents, newest first, without a repeat", async () => {
		for (let index = 0; index < 250; index++) {
			await stripe.paymentIntents.create({
				amount: 100 + index,
				currency: "usd",
				metadata: { n: String(index) },
			});
			if (index % 50 === 0) t.clock.advance(1);
		}
		const all = await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
		expect(all.length).toBeGreaterThanOrEqual(250);
		expect(new Set(all.map((intent) => intent.id)).size).toBe(all.length);
		for (let index = 1; index < all.length; index++) {
			expect((all[index - 1] as Stripe.PaymentIntent).created).toBeGreaterThanOrEqual(
				(all[index] as Stripe.PaymentIntent).created,
			);
		}
		const first = await stripe.paymentIntents.list({ limit: 3 });
		const before = await stripe.paymentIntents.list({ limit: 2, ending_before: first.data[2]?.id });
		expect(before.data.map((intent) => intent.id)).toEqual(first.data.slice(0, 2).map((intent) => intent.id));
	});

	it("lists and retrieves a payment the store had before (the demo store's have only their charge)", async () => {
		const earlier = await insertPayment(t.db.kysely, { amount: 6100 });
		const intent = await stripe.paymentIntents.retrieve(earlier.intentId, { expand: ["latest_charge"] });
		expect(intent.status).toBe("succeeded");
		expect(intent.amount).toBe(6100);
		expect((intent.latest_charge as Stripe.Charge).id).toBe(earlier.chargeId);
		const all = await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
		expect(all.filter((listed) => listed.id === earlier.intentId)).toHaveLength(1);
	});

	it("a cursor of another account is a 404 naming the parameter", async () => {
		const mine = await stripe.paymentIntents.create({ amount: 100, currency: "usd" });
		const error = await other.paymentIntents
			.list({ starting_after: mine.id })
			.catch((caught: unknown) => caught);
		expect((error as Stripe.errors.StripeError).param).toBe("starting_after");
	});
});

describe("the balance", () => {
	it("has the account's currencies with available, pending and instant amounts", async () => {
		const balance = await stripe.balance.retrieve();
		expect(balance.object).toBe("balance");
		const usd = balance.pending.find((entry) => entry.currency === "usd");
		expect(usd?.amount).toBeGreaterThan(0);
		expect(balance.instant_available?.some((entry) => entry.currency === "usd")).toBe(true);
	});
});
