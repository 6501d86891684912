/**
 * Webhooks through the official SDK: endpoints on /v1/webhook_endpoints, and every event sent to
 * the endpoints subscribed to its type, signed as Stripe signs (the SDK's constructEvent verifies
 * it; a tampered body or another secret does not pass). An event's body is the same in every
 * delivery and in GET /v1/events/{id}, however its object changes later. An administrator
 * resends a delivery through the REST API.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { type WebhookWorker, webhookWorker } from "../../src/stripe-api/webhooks/worker.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

let t: TestApp;
let stripe: Stripe;
let port: number;
let secretKey: string;
let receiver: WebhookReceiver;
let worker: WebhookWorker;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 })),
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
	secretKey = (await createApiKeys(t.db.kysely, TEST_ACCOUNT, "checkout", t.clock.seconds())).secret;
	stripe = new Stripe(secretKey, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
	receiver = await startWebhookReceiver();
	worker = webhookWorker({ db: t.db, clock: t.clock, publicOnly: false });
});

afterAll(async () => {
	await worker.drain();
	await receiver.close();
	await t.close();
});

/** One pass of the job runner's webhook work, waiting for its sends. */
async function deliverAll() {
	await worker.run("test-runner");
	await worker.drain();
}

/** The receiver's clock: the test server's clock is held at TEST_NOW, and so is the receiver's. */
const receivedAt = () => t.clock.now().getTime();

async function pay(amount: number) {
	return stripe.paymentIntents.create({
		amount,
		currency: "usd",
		payment_method: "pm_card_visa",
		confirm: true,
	});
}

describe("webhook endpoints", () => {
	it("are created with their secret shown once, retrieved, updated, listed and deleted", async () => {
		const created = await stripe.webhookEndpoints.create({
			url: receiver.url("/crud"),
			enabled_events: ["charge.succeeded", "refund.created"],
			description: "Order handling",
			metadata: { team: "shop" },
		});
		expect(created.id).toMatch(/^we_/);
		expect(created.secret).toMatch(/^whsec_/);
		expect(created).toMatchObject({ object: "webhook_endpoint", status: "enabled", livemode: false });
		const again = await stripe.webhookEndpoints.retrieve(created.id);
		expect(again.secret).toBeUndefined();
		expect(again.enabled_events).toEqual(["charge.succeeded", "refund.created"]);
		const updated = await stripe.webhookEndpoints.update(created.id, {
			disabled: true,
			enabled_events: ["*"],
			metadata: { team: "", owner: "ops" },
		});
		expect(updated).toMatchObject({ status: "disabled", enabled_events: ["*"], metadata: { owner: "ops" } });
		const listed = await stripe.webhookEndpoints.list({ limit: 100 });
		expect(listed.data.map((endpoint) => endpoint.id)).toContain(created.id);
		const deleted = await stripe.webhookEndpoints.del(created.id);
		expect(deleted).toEqual({ id: created.id, object: "webhook_endpoint", deleted: true });
		const gone = await stripe.webhookEndpoints.retrieve(created.id).catch((error: unknown) => error);
		expect((gone as Stripe.errors.StripeError).statusCode).toBe(404);
	});

	it("refuse an event type Paydesk does not send, an unknown parameter and a URL that is not http(s)", async () => {
		const cases: [Stripe.WebhookEndpointCreateParams, string][] = [
			[{ url: receiver.url("/x"), enabled_events: ["invoice.paid" as "*"] }, "enabled_events[0]"],
			[{ url: "ftp://127.0.0.1/x", enabled_events: ["*"] }, "url"],
			[{ url: receiver.url("/x"), enabled_events: ["*"], connect: true }, "connect"],
		];
		const before = await stripe.webhookEndpoints.list({ limit: 100 });
		for (const [params, param] of cases) {
			const error = (await stripe.webhookEndpoints
				.create(params)
				.catch((caught: unknown) => caught)) as Stripe.errors.StripeError;
			expect(error.statusCode, param).toBe(400);
			expect(error.param).toBe(param);
		}
		const after = await stripe.webhookEndpoints.list({ limit: 100 });
		expect(after.data.length).toBe(before.data.length);
	});
});

describe("deliveries", () => {
	it("are signed so that constructEvent verifies them; a tampered body or another secret fails", async () => {
		const endpoint = await stripe.webhookEndpoints.create({
			url: receiver.url("/signed"),
			enabled_events: ["*"],
		});
		const intent = await pay(1200);
		await deliverAll();
		const deliveries = receiver.at("/signed");
		expect(deliveries.length).toBeGreaterThanOrEqual(3);
		for (const delivery of deliveries) {
			expect(delivery.headers["content-type"]).toMatch(/^application\/json/);
			const header = String(delivery.headers["stripe-signature"]);
			expect(header).toMatch(new RegExp(`^t=${t.clock.seconds()},v1=[0-9a-f]{64}$`));
			const event = stripe.webhooks.constructEvent(
				delivery.body,
				header,
				endpoint.secret ?? "",
				300,
				undefined,
				receivedAt(),
			);
			expect(event.object).toBe("event");
		}
		const types = deliveries.map((delivery) => (JSON.parse(delivery.body) as Stripe.Event).type);
		expect(types).toEqual(
			expect.arrayContaining(["payment_intent.created", "payment_intent.succeeded", "charge.succeeded"]),
		);
		const first = deliveries[0] as (typeof deliveries)[number];
		const header = String(first.headers["stripe-signature"]);
		const tampered = first.body.replace(intent.id, "pi_somebodyElse");
		expect(tampered).not.toBe(first.body);
		expect(() =>
			stripe.webhooks.constructEvent(tampered, header, endpoint.secret ?? "", 300, undefined, receivedAt()),
		).toThrow(Stripe.errors.StripeSignatureVerificationError);
		const other = await stripe.webhookEndpoints.create({
			url: receiver.url("/other"),
			enabled_events: ["*"],
		});
		expect(() =>
			stripe.webhooks.constructEvent(first.body, header, other.secret ?? "", 300, undefined, receivedAt()),
		).toThrow(Stripe.errors.StripeSignatureVerificationError);
		await stripe.webhookEndpoints.del(endpoint.id);
		await stripe.webhookEndpoints.del(other.id);
	});

	it("a payment and a refund reach the endpoint subscribed to their types, each event id with one body", async () => {
		await stripe.webhookEndpoints.create({
			url: receiver.url("/orders"),
			enabled_events: ["charge.succeeded", "charge.refunded", "refund.created"],
		});
		const intent = await pay(4200);
		await deliverAll();
		// The refund changes the charge after its charge.succeeded event was made.
		await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
		await deliverAll();
		const received = receiver.at("/orders").map((delivery) => JSON.parse(delivery.body) as Stripe.Event);
		const mine = received.filter((event) => JSON.stringify(event.data.object).includes(intent.id));
		expect(mine.map((event) => event.type).sort()).toEqual([
			"charge.refunded",
			"charge.succeeded",
			"refund.created",
		]);
		const succeeded = mine.find((event) => event.type === "charge.succeeded") as Stripe.Event;
		expect((succeeded.data.object as Stripe.Charge).amount_refunded).toBe(0);
		const refunded = mine.find((event) => event.type === "charge.refunded") as Stripe.Event;
		expect((refunded.data.object as Stripe.Charge).amount_refunded).toBe(1000);
		// GET /v1/events/{id} answers the very bytes each delivery carried, now and later.
		for (const delivery of receiver.at("/orders")) {
			const id = (JSON.parse(delivery.body) as Stripe.Event).id;
			const answer = await fetch(`http://127.0.0.1:${port}/v1/events/${id}`, {
				headers: { authorization: `Bearer ${secretKey}` },
			});
			expect(await answer.text()).toBe(delivery.body);
		}
		const listed = await stripe.events.list({ type: "charge.succeeded", limit: 100 });
		const same = listed.data.find((event) => event.id === succeeded.id);
		expect(same).toEqual(succeeded);
	});

	it("an administrator resends one delivery, which arrives again with the same body; a shop manager may not", async () => {
		const row = await t.db.kysely
			.selectFrom("webhook_deliveries")
			.selectAll()
			.where("account_id", "=", TEST_ACCOUNT)
			.where("status", "=", "delivered")
			.orderBy("created")
			.executeTakeFirstOrThrow();
		const before = receiver.received.length;
		const admin = await t.actor("administrator");
		const answer = await t.app.inject({
			method: "POST",
			url: `/wp-json/wc/v3/payments/developers/webhook-deliveries/${row.id}/resend`,
			headers: admin.headers,
		});
		expect(answer.statusCode).toBe(200);
		const body = answer.json();
		expect(body).toMatchObject({ id: row.id, status: "delivered", attempts: Number(row.attempts) + 1 });
		expect(body.last_attempt).toMatchObject({ status: 200, error: null, response_body: '{"received":true}' });
		expect(receiver.received.length).toBe(before + 1);
		const resent = receiver.received.at(-1);
		expect((JSON.parse(resent?.body ?? "{}") as Stripe.Event).id).toBe(row.event_id);
		const event = await t.db.kysely
			.selectFrom("stripe_events")
			.select("body")
			.where("account_id", "=", TEST_ACCOUNT)
			.where("id", "=", row.event_id)
			.executeTakeFirstOrThrow();
		expect(resent?.body).toBe(event.body);

		const manager = await t.actor("shop_manager");
		const refused = await t.app.inject({
			method: "POST",
			url: `/wp-json/wc/v3/payments/developers/webhook-deliveries/${row.id}/resend`,
			headers: manager.headers,
		});
		expect(refused.statusCode).toBe(403);
		const missing = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc/v3/payments/developers/webhook-deliveries/whd_nothing/resend",
			headers: admin.headers,
		});
		expect(missing.statusCode).toBe(404);
		expect(missing.json().code).toBe("wcpay_webhook_delivery_not_found");
		expect(receiver.received.length).toBe(before + 1);
	});

	it("a disabled endpoint gets nothing", async () => {
		const endpoint = await stripe.webhookEndpoints.create({
			url: receiver.url("/paused"),
			enabled_events: ["*"],
		});
		await stripe.webhookEndpoints.update(endpoint.id, { disabled: true });
		await pay(700);
		await deliverAll();
		expect(receiver.at("/paused")).toEqual([]);
	});
});
