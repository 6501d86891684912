/**
 * PaymentMethods through Stripe's official Node SDK: only the sandbox's test cards are saved
 * (a real card is declined as Stripe's test mode declines it, a wrong number is
 * incorrect_number), never their number or CVC; a publishable key may create one; named test
 * methods read as their card; attach, detach and a customer's lists; a saved method pays a
 * PaymentIntent, which the admin shows as the same payment.
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
let publishable: Stripe;
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

async function methodCount(): Promise<number> {
	const row = await t.db.kysely
		.selectFrom("payment_methods")
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.where("account_id", "=", TEST_ACCOUNT)
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

const card = (number: string, extra: Partial<Stripe.PaymentMethodCreateParams.Card> = {}) => ({
	type: "card" as const,
	card: { number, exp_month: 8, exp_year: 2041, cvc: "314", ...extra },
});

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
	const keys = await createApiKeys(t.db.kysely, TEST_ACCOUNT, "store", t.clock.seconds());
	stripe = client(keys.secret);
	publishable = client(keys.publishable);
	other = client((await createApiKeys(t.db.kysely, OTHER_ACCOUNT, "other", t.clock.seconds())).secret);
});

afterAll(() => t.close());

describe("creating a payment method", () => {
	it("saves a test card with what it shows, and never its number or CVC", async () => {
		const method = await stripe.paymentMethods.create({
			...card("4000 0566 5566 5556"),
			billing_details: { name: "Jenny Rosen", email: "jenny@example.com", address: { country: "fr" } },
			metadata: { source: "checkout" },
		});
		expect(method.id).toMatch(/^pm_/);
		expect(method.type).toBe("card");
		expect(method.card).toMatchObject({
			brand: "visa",
			last4: "5556",
			exp_month: 8,
			exp_year: 2041,
			country: "US",
			funding: "debit",
		});
		expect(method.billing_details.name).toBe("Jenny Rosen");
		expect(method.billing_details.address?.country).toBe("FR");
		expect(method.metadata).toEqual({ source: "checkout" });
		expect(method.customer).toBeNull();
		const row = await t.db.kysely
			.selectFrom("payment_methods")
			.selectAll()
			.where("id", "=", method.id)
			.executeTakeFirstOrThrow();
		const stored = JSON.stringify(row);
		expect(stored).not.toContain("4000056655665556");
		expect(stored).not.toContain("314");
		expect(row.test_card).toMatch(/^[0-9a-f]{64}$/);
		expect(await stripe.paymentMethods.retrieve(method.id)).toEqual(method);
	});

	it("the same card has the same fingerprint", async () => {
		const a = await stripe.paymentMethods.create(card("4242424242424242"));
		const b = await stripe.paymentMethods.create(card("4242424242424242", { exp_year: 2042 }));
		const c = await stripe.paymentMethods.create(card("5555555555554444"));
		expect(a.card?.fingerprint).toBe(b.card?.fingerprint);
		expect(a.card?.fingerprint).not.toBe(c.card?.fingerprint);
	});

	it("takes a test token as card[token]", async () => {
		const method = await stripe.paymentMethods.create({ type: "card", card: { token: "tok_amex" } });
		expect(method.card?.brand).toBe("amex");
		expect(method.card?.last4).toBe("0005");
	});

	it("a publishable key may create one, and nothing else", async () => {
		const method = await publishable.paymentMethods.create(card("4242424242424242"));
		expect(method.card?.last4).toBe("4242");
		const read = await failure(publishable.paymentMethods.retrieve(method.id));
		expect(read.statusCode).toBe(401);
	});

	it("declines a real card and a wrong number as card errors, and refuses bad input, writing nothing", async () => {
		const before = await methodCount();
		const live = await failure(stripe.paymentMethods.create(card("4111 1111 1111 1111")));
		expect(live).toBeInstanceOf(Stripe.errors.StripeCardError);
		expect(live.statusCode).toBe(402);
		expect(live.code).toBe("card_declined");
		expect(live.decline_code).toBe("test_mode_live_card");
		const wrong = await failure(stripe.paymentMethods.create(card("4242424242424241")));
		expect(wrong).toBeInstanceOf(Stripe.errors.StripeCardError);
		expect(wrong.code).toBe("incorrect_number");
		expect(wrong.param).toBe("card[number]");
		const month = await failure(stripe.paymentMethods.create(card("4242424242424242", { exp_month: 13 })));
		expect(month.code).toBe("invalid_expiry_month");
		const year = await failure(stripe.paymentMethods.create(card("4242424242424242", { exp_year: 2001 })));
		expect(year.code).toBe("invalid_expiry_year");
		const cvc = await failure(stripe.paymentMethods.create(card("4242424242424242", { cvc: "12" })));
		expect(cvc.code).toBe("invalid_cvc");
		const token = await failure(stripe.paymentMethods.create({ type: "card", card: { token: "tok_nope" } }));
		expect(token.statusCode).toBe(404);
		expect(token.param).toBe("card[token]");
		const missing = await failure(
			stripe.paymentMethods.create({ type: "card", card: { number: "4242424242424242" } } as never),
		);
		expect(missing.code).toBe("parameter_missing");
		expect(missing.param).toBe("card[exp_month]");
		const sepa = await failure(stripe.paymentMethods.create({ type: "sepa_debit" } as never));
		expect(sepa.param).toBe("type");
		const unknown = await failure(
			stripe.paymentMethods.create({ ...card("4242424242424242"), colour: "red" } as never),
		);
		expect(unknown.code).toBe("parameter_unknown");
		expect(await methodCount()).toBe(before);
	});
});

describe("named test methods", () => {
	it("read as a card of their test card", async () => {
		const method = await stripe.paymentMethods.retrieve("pm_card_chargeDeclinedInsufficientFunds");
		expect(method.id).toBe("pm_card_chargeDeclinedInsufficientFunds");
		expect(method.card?.brand).toBe("visa");
		expect(method.card?.last4).toBe("9995");
		expect(method.customer).toBeNull();
		const missing = await failure(stripe.paymentMethods.retrieve("pm_card_nope"));
		expect(missing.statusCode).toBe(404);
	});
});

describe("attaching and detaching", () => {
	it("attaches to a customer, lists the customer's cards, detaches", async () => {
		const customer = await stripe.customers.create({ email: "attach@example.com" });
		const first = await stripe.paymentMethods.create(card("4242424242424242"));
		t.clock.advance(1);
		const second = await stripe.paymentMethods.create(card("5555555555554444"));
		const attached = await stripe.paymentMethods.attach(first.id, { customer: customer.id });
		expect(attached.customer).toBe(customer.id);
		await stripe.paymentMethods.attach(second.id, { customer: customer.id });
		const again = await stripe.paymentMethods.attach(first.id, { customer: customer.id });
		expect(again.customer).toBe(customer.id);
		const listed = await stripe.paymentMethods.list({ customer: customer.id, type: "card" });
		expect(listed.data.map((method) => method.id)).toEqual([second.id, first.id]);
		const paged = await stripe.customers.listPaymentMethods(customer.id, { limit: 1 });
		expect(paged.has_more).toBe(true);
		expect(paged.data.map((method) => method.id)).toEqual([second.id]);
		const rest = await stripe.customers.listPaymentMethods(customer.id, {
			limit: 1,
			starting_after: second.id,
		});
		expect(rest.data.map((method) => method.id)).toEqual([first.id]);
		const one = await stripe.customers.retrievePaymentMethod(customer.id, first.id);
		expect(one.id).toBe(first.id);
		const expanded = await stripe.paymentMethods.retrieve(first.id, { expand: ["customer"] });
		expect((expanded.customer as Stripe.Customer).email).toBe("attach@example.com");

		const elsewhere = await stripe.customers.create({});
		const taken = await failure(stripe.paymentMethods.attach(first.id, { customer: elsewhere.id }));
		expect(taken.code).toBe("payment_method_unexpected_state");

		const detached = await stripe.paymentMethods.detach(first.id);
		expect(detached.customer).toBeNull();
		const twice = await failure(stripe.paymentMethods.detach(first.id));
		expect(twice.code).toBe("payment_method_unexpected_state");
		const after = await stripe.customers.listPaymentMethods(customer.id);
		expect(after.data.map((method) => method.id)).toEqual([second.id]);
		const noCustomer = await failure(stripe.paymentMethods.list({} as never));
		expect(noCustomer.code).toBe("parameter_missing");
		const missingCustomer = await failure(stripe.paymentMethods.attach(second.id, { customer: "cus_nope" }));
		expect(missingCustomer.statusCode).toBe(404);
		expect(missingCustomer.param).toBe("customer");
	});

	it("attaching a named test method saves a new method of its card", async () => {
		const customer = await stripe.customers.create({});
		const attached = await stripe.paymentMethods.attach("pm_card_amex", { customer: customer.id });
		expect(attached.id).not.toBe("pm_card_amex");
		expect(attached.card?.brand).toBe("amex");
		expect(attached.customer).toBe(customer.id);
	});

	it("updates billing details, expiry and metadata", async () => {
		const method = await stripe.paymentMethods.create({
			...card("4242424242424242"),
			billing_details: { name: "Old", address: { city: "Paris" } },
			metadata: { a: "1" },
		});
		const updated = await stripe.paymentMethods.update(method.id, {
			billing_details: { name: "New", address: { postal_code: "75001" } },
			card: { exp_month: 3 },
			metadata: { b: "2" },
		});
		expect(updated.billing_details.name).toBe("New");
		expect(updated.billing_details.address).toMatchObject({ city: "Paris", postal_code: "75001" });
		expect(updated.card?.exp_month).toBe(3);
		expect(updated.metadata).toEqual({ a: "1", b: "2" });
	});

	it("another account's key never reaches a payment method", async () => {
		const method = await stripe.paymentMethods.create(card("4242424242424242"));
		const error = await failure(other.paymentMethods.retrieve(method.id));
		expect(error.statusCode).toBe(404);
		const customer = await other.customers.create({});
		const attach = await failure(other.paymentMethods.attach(method.id, { customer: customer.id }));
		expect(attach.statusCode).toBe(404);
	});
});

describe("paying with a saved payment method", () => {
	it("a PaymentIntent confirmed with it is the customer's payment, shown by the admin", async () => {
		const customer = await stripe.customers.create({ email: "payer@example.com" });
		const method = await stripe.paymentMethods.create({
			...card("5555555555554444"),
			billing_details: { name: "Payer", address: { country: "US", postal_code: "94103" } },
		});
		await stripe.paymentMethods.attach(method.id, { customer: customer.id });
		const intent = await stripe.paymentIntents.create({
			amount: 2500,
			currency: "usd",
			customer: customer.id,
			payment_method: method.id,
			confirm: true,
			expand: ["latest_charge"],
		});
		expect(intent.status).toBe("succeeded");
		expect(intent.customer).toBe(customer.id);
		expect(intent.payment_method).toBe(method.id);
		const charge = intent.latest_charge as Stripe.Charge;
		expect(charge.payment_method).toBe(method.id);
		expect(charge.customer).toBe(customer.id);
		expect(charge.payment_method_details?.card?.last4).toBe("4444");
		expect(charge.payment_method_details?.card?.brand).toBe("mastercard");
		const byCustomer = await stripe.charges.list({ customer: customer.id });
		expect(byCustomer.data.map((item) => item.id)).toEqual([charge.id]);
		const shown = await t.app.inject({
			method: "GET",
			url: `${BASE}/charges/${charge.id}`,
			headers: admin.headers,
		});
		expect(shown.statusCode).toBe(200);
		expect(json<{ payment_intent: string; amount: number }>(shown)).toMatchObject({
			payment_intent: intent.id,
			amount: 2500,
		});
	});

	it("a saved declining card is declined when it pays", async () => {
		const method = await stripe.paymentMethods.create(card("4000000000000002"));
		const error = await failure(
			stripe.paymentIntents.create({
				amount: 700,
				currency: "usd",
				payment_method: method.id,
				confirm: true,
			}),
		);
		expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
		expect(error.decline_code).toBe("generic_decline");
	});
});
