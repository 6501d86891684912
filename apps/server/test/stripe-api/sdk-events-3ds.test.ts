/**
 * 3-D Secure and events through the official SDK: a card that asks for authentication answers
 * requires_action with the sandbox's page, which the customer completes or fails and which sends
 * them back to return_url; the intent is then finished. Every change of a payment is listed and
 * retrievable as Stripe's events, filtered by type and paged like any list.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

let t: TestApp;
let stripe: Stripe;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 })),
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	const port = (t.app.server.address() as AddressInfo).port;
	const { secret } = await createApiKeys(t.db.kysely, TEST_ACCOUNT, "checkout", t.clock.seconds());
	stripe = new Stripe(secret, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
});

afterAll(() => t.close());

/** The customer on the authentication page: opens it and presses Complete or Fail. */
async function authenticate(redirect: string, result: "complete" | "fail") {
	const url = new URL(redirect);
	const page = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
	expect(page.statusCode).toBe(200);
	return t.app.inject({
		method: "POST",
		url: url.pathname,
		payload: {
			account: url.searchParams.get("account") ?? "",
			client_secret: url.searchParams.get("client_secret") ?? "",
			result,
		},
	});
}

describe("3-D Secure", () => {
	it("waits for the customer, returns them to return_url, and the intent succeeds", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 2500,
			currency: "usd",
			payment_method: "pm_card_authenticationRequired",
			confirm: true,
			return_url: "https://shop.example/return",
		});
		expect(intent.status).toBe("requires_action");
		expect(intent.next_action?.type).toBe("redirect_to_url");
		const redirect = intent.next_action?.redirect_to_url;
		expect(redirect?.return_url).toBe("https://shop.example/return");
		const back = await authenticate(redirect?.url ?? "", "complete");
		expect(back.statusCode).toBe(303);
		expect(back.headers.location).toBe(`https://shop.example/return?payment_intent=${intent.id}`);
		const done = await stripe.paymentIntents.retrieve(intent.id);
		expect(done.status).toBe("succeeded");
		expect(done.amount_received).toBe(2500);
	});

	it("a failed authentication leaves the intent without a payment method, with the error", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 2600,
			currency: "usd",
			payment_method: "pm_card_authenticationRequired",
			confirm: true,
			return_url: "https://shop.example/return",
		});
		await authenticate(intent.next_action?.redirect_to_url?.url ?? "", "fail");
		const failed = await stripe.paymentIntents.retrieve(intent.id);
		expect(failed.status).toBe("requires_payment_method");
		expect(failed.last_payment_error?.decline_code).toBe("authentication_required");
	});
});

describe("events", () => {
	it("lists a payment's events newest first, with the objects, and retrieves each", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 3100,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		await stripe.refunds.create({ payment_intent: intent.id, amount: 100 });
		const events = await stripe.events.list({ limit: 5 });
		expect(events.data.map((event) => event.type)).toEqual([
			"refund.created",
			"charge.refunded",
			"charge.succeeded",
			"payment_intent.succeeded",
			"payment_intent.created",
		]);
		const succeeded = events.data[3] as Stripe.Event;
		expect((succeeded.data.object as Stripe.PaymentIntent).id).toBe(intent.id);
		const again = await stripe.events.retrieve(succeeded.id);
		expect(again.type).toBe("payment_intent.succeeded");
		const refund = (events.data[0] as Stripe.Event).data.object as Stripe.Refund;
		expect(refund.object).toBe("refund");
		expect(refund.amount).toBe(100);
	});

	it("filters by type, by several types and by a wildcard, and pages without a repeat", async () => {
		const charges = await stripe.events.list({ type: "charge.succeeded", limit: 100 });
		expect(charges.data.length).toBeGreaterThan(0);
		expect(charges.data.every((event) => event.type === "charge.succeeded")).toBe(true);
		const several = await stripe.events.list({ types: ["refund.created", "charge.refunded"], limit: 100 });
		expect(new Set(several.data.map((event) => event.type))).toEqual(
			new Set(["refund.created", "charge.refunded"]),
		);
		const wildcard = await stripe.events.list({ type: "payment_intent.*", limit: 100 });
		expect(wildcard.data.every((event) => event.type.startsWith("payment_intent."))).toBe(true);
		const all = await stripe.events.list({ limit: 2 }).autoPagingToArray({ limit: 1000 });
		expect(new Set(all.map((event) => event.id)).size).toBe(all.length);
		const full = await stripe.events.list({ limit: 100 });
		expect(all.map((event) => event.id)).toEqual(full.data.map((event) => event.id));
	});

	it("an unknown event is a 404", async () => {
		const error = await stripe.events.retrieve("evt_zzzzzz_0").catch((caught: unknown) => caught);
		expect((error as Stripe.errors.StripeError).statusCode).toBe(404);
	});
});
