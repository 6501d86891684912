/**
 * The legacy Charges API through Stripe's official Node SDK: a charge with a test token, made as
 * a PaymentIntent behind it through the processor, so the admin shows the same payment; a
 * decline is a StripeCardError naming the failed charge; `capture: false` authorizes and the
 * capture takes the whole amount; a charge's description and metadata are updated.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { BASE } from "../support/invariants.ts";

const OTHER_ACCOUNT = "acct_other";

let t: TestApp;
let admin: Actor;
let stripe: Stripe;
let other: Stripe;
let port: number;

function client(key: string): Stripe {
	return new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
}

const failure = (promise: Promise<unknown>) =>
	promise.then(
		() => {
			throw new Error("expected Stripe's error");
		},
		(caught: unknown) => caught as Stripe.errors.StripeError,
	);

async function adminCharge(id: string) {
	const response = await t.app.inject({
		method: "GET",
		url: `${BASE}/charges/${id}`,
		headers: admin.headers,
	});
	return {
		status: response.statusCode,
		body: json<{ payment_intent: string; amount: number; captured: boolean; amount_captured: number }>(
			response,
		),
	};
}

async function chargeCount(): Promise<number> {
	const row = await t.db.kysely
		.selectFrom("charges")
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.where("account_id", "=", TEST_ACCOUNT)
		.executeTakeFirstOrThrow();
	return Number(row.n);
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
	stripe = client((await createApiKeys(t.db.kysely, TEST_ACCOUNT, "store", t.clock.seconds())).secret);
	other = client((await createApiKeys(t.db.kysely, OTHER_ACCOUNT, "other", t.clock.seconds())).secret);
});

afterAll(() => t.close());

describe("a charge with a token", () => {
	it("is paid through a PaymentIntent behind it, which the admin shows as the same payment", async () => {
		const customer = await stripe.customers.create({ email: "legacy@example.com" });
		const charge = await stripe.charges.create({
			amount: 2000,
			currency: "usd",
			source: "tok_visa",
			description: "Order 77",
			metadata: { order_id: "77" },
			customer: customer.id,
			receipt_email: "receipt@example.com",
		});
		expect(charge.id).toMatch(/^ch_/);
		expect(charge.object).toBe("charge");
		expect(charge.status).toBe("succeeded");
		expect(charge.paid).toBe(true);
		expect(charge.captured).toBe(true);
		expect(charge.amount_captured).toBe(2000);
		expect(charge.description).toBe("Order 77");
		expect(charge.metadata).toEqual({ order_id: "77" });
		expect(charge.customer).toBe(customer.id);
		expect(charge.receipt_email).toBe("receipt@example.com");
		expect(charge.payment_method_details?.card?.last4).toBe("4242");
		expect(charge.payment_intent).toMatch(/^pi_/);

		const intent = await stripe.paymentIntents.retrieve(charge.payment_intent as string);
		expect(intent.latest_charge).toBe(charge.id);
		expect(intent.status).toBe("succeeded");
		expect(intent.customer).toBe(customer.id);
		expect(await stripe.charges.retrieve(charge.id)).toEqual(charge);
		const shown = await adminCharge(charge.id);
		expect(shown.status).toBe(200);
		expect(shown.body).toMatchObject({ payment_intent: intent.id, amount: 2000, captured: true });
	});

	it("takes a payment method as source too", async () => {
		const charge = await stripe.charges.create({
			amount: 1100,
			currency: "usd",
			source: "pm_card_mastercard",
		});
		expect(charge.payment_method_details?.card?.brand).toBe("mastercard");
		expect(charge.payment_method).toBe("pm_card_mastercard");
	});

	it("a decline is a StripeCardError naming the failed charge", async () => {
		const error = await failure(
			stripe.charges.create({ amount: 3000, currency: "usd", source: "tok_chargeDeclinedInsufficientFunds" }),
		);
		expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
		expect(error.statusCode).toBe(402);
		expect(error.code).toBe("card_declined");
		expect(error.decline_code).toBe("insufficient_funds");
		const failed = await stripe.charges.retrieve(error.charge as string);
		expect(failed.status).toBe("failed");
		expect(failed.paid).toBe(false);
		expect(failed.failure_code).toBe("card_declined");
		expect((await adminCharge(failed.id)).status).toBe(200);
	});

	it("refuses bad input and unknown tokens, writing no charge", async () => {
		const before = await chargeCount();
		const token = await failure(stripe.charges.create({ amount: 100, currency: "usd", source: "tok_nope" }));
		expect(token.statusCode).toBe(404);
		expect(token.param).toBe("source");
		const noSource = await failure(stripe.charges.create({ amount: 100, currency: "usd" }));
		expect(noSource.param).toBe("source");
		const customer = await stripe.customers.create({});
		const noCard = await failure(
			stripe.charges.create({ amount: 100, currency: "usd", customer: customer.id }),
		);
		expect(noCard.code).toBe("missing");
		const noCustomer = await failure(
			stripe.charges.create({ amount: 100, currency: "usd", source: "tok_visa", customer: "cus_nope" }),
		);
		expect(noCustomer.statusCode).toBe(404);
		expect(noCustomer.param).toBe("customer");
		const zero = await failure(stripe.charges.create({ amount: 0, currency: "usd", source: "tok_visa" }));
		expect(zero.param).toBe("amount");
		const currency = await failure(
			stripe.charges.create({ amount: 100, currency: "eur", source: "tok_visa" }),
		);
		expect(currency.param).toBe("currency");
		const unknown = await failure(
			stripe.charges.create({ amount: 100, currency: "usd", source: "tok_visa", colour: "red" } as never),
		);
		expect(unknown.code).toBe("parameter_unknown");
		const authentication = await failure(
			stripe.charges.create({ amount: 100, currency: "usd", source: "tok_authenticationRequired" }),
		);
		expect(authentication.decline_code).toBe("authentication_required");
		expect(await chargeCount()).toBe(before);
		expect(
			(await stripe.paymentIntents.list({ limit: 100 })).data.map((intent) => intent.amount),
		).not.toContain(100);
	});

	it("a retry under one Idempotency-Key makes one charge", async () => {
		const before = await chargeCount();
		const intentsBefore = (await stripe.paymentIntents.list({ limit: 100 })).data.length;
		const create = () =>
			stripe.charges.create(
				{ amount: 321, currency: "usd", source: "tok_visa" },
				{ idempotencyKey: "legacy-order-1" },
			);
		const [first, second] = [await create(), await create()];
		expect(second.id).toBe(first.id);
		expect(await chargeCount()).toBe(before + 1);
		expect((await stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(intentsBefore + 1);
	});

	it("a saved payment method of a customer is charged only with that customer", async () => {
		const customer = await stripe.customers.create({ payment_method: "pm_card_visa" });
		const method = (await stripe.customers.listPaymentMethods(customer.id)).data[0] as Stripe.PaymentMethod;
		const alone = await failure(stripe.charges.create({ amount: 100, currency: "usd", source: method.id }));
		expect(alone.param).toBe("customer");
		const charge = await stripe.charges.create({
			amount: 100,
			currency: "usd",
			source: method.id,
			customer: customer.id,
		});
		expect(charge.payment_method).toBe(method.id);
		expect(charge.customer).toBe(customer.id);
	});
});

describe("authorize, then capture", () => {
	it("capture=false authorizes; the capture takes the whole amount only, once", async () => {
		const charge = await stripe.charges.create({
			amount: 4200,
			currency: "usd",
			source: "tok_visa",
			capture: false,
		});
		expect(charge.captured).toBe(false);
		expect(charge.amount_captured).toBe(0);
		expect((await adminCharge(charge.id)).body.captured).toBe(false);
		const tooMuch = await failure(stripe.charges.capture(charge.id, { amount: 5000 }));
		expect(tooMuch.code).toBe("amount_too_large");
		expect(tooMuch.param).toBe("amount");
		const part = await failure(stripe.charges.capture(charge.id, { amount: 1000 }));
		expect(part.param).toBe("amount");
		expect((await stripe.charges.retrieve(charge.id)).captured).toBe(false);
		const captured = await stripe.charges.capture(charge.id, {
			amount: 4200,
			receipt_email: "late@example.com",
		});
		expect(captured.captured).toBe(true);
		expect(captured.amount_captured).toBe(4200);
		expect(captured.receipt_email).toBe("late@example.com");
		const intent = await stripe.paymentIntents.retrieve(charge.payment_intent as string);
		expect(intent.status).toBe("succeeded");
		const shown = await adminCharge(charge.id);
		expect(shown.body).toMatchObject({ captured: true, amount_captured: 4200 });
		const twice = await failure(stripe.charges.capture(charge.id));
		expect(twice.code).toBe("charge_already_captured");
	});

	it("a charge of another account cannot be captured", async () => {
		const charge = await stripe.charges.create({
			amount: 900,
			currency: "usd",
			source: "tok_visa",
			capture: false,
		});
		const error = await failure(other.charges.capture(charge.id));
		expect(error.statusCode).toBe(404);
		expect((await stripe.charges.retrieve(charge.id)).captured).toBe(false);
	});
});

describe("updating a charge", () => {
	it("sets its description and merges its metadata", async () => {
		const charge = await stripe.charges.create({
			amount: 1500,
			currency: "usd",
			source: "tok_visa",
			metadata: { a: "1", b: "2" },
		});
		const updated = await stripe.charges.update(charge.id, {
			description: "Updated",
			metadata: { b: "", c: "3" },
		});
		expect(updated.description).toBe("Updated");
		expect(updated.metadata).toEqual({ a: "1", c: "3" });
		const intent = await stripe.paymentIntents.retrieve(charge.payment_intent as string);
		expect(intent.description).toBe("Updated");
		const unknown = await failure(stripe.charges.update(charge.id, { shipping: null } as never));
		expect(unknown.code).toBe("parameter_unknown");
		const missing = await failure(stripe.charges.update("ch_nope", { description: "x" }));
		expect(missing.statusCode).toBe(404);
	});

	it("also updates a charge made through a PaymentIntent", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 800,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		const updated = await stripe.charges.update(intent.latest_charge as string, { metadata: { k: "v" } });
		expect(updated.metadata).toEqual({ k: "v" });
	});
});
