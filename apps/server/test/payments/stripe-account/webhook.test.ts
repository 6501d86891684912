/**
 * Stripe's events reaching a connected store, with a Paydesk sandbox standing in for Stripe: the
 * sandbox's webhook runner delivers the events of a payment to the endpoint Paydesk registered
 * when it connected, and the store keeps each once. A body that its signature does not sign, a
 * signature too old, or an account that is not connected changes nothing.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../../src/stripe-api/keys.ts";
import { signatureHeader } from "../../../src/stripe-api/webhooks/signature.ts";
import { webhookWorker } from "../../../src/stripe-api/webhooks/worker.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";

const SYNC = "/wp-json/wc/v3/payments/stripe/sync";
const WEBHOOK = `/wp-json/wc/v3/payments/stripe/webhook?account=${TEST_ACCOUNT}`;
const STRIPE_ACCOUNT = "acct_stripe_events";

let sandbox: TestApp;
let store: TestApp;
let server: FastifyInstance;
let admin: Actor;
let stripe: Stripe;
let endpointSecret: string;
const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith("postgres"));
const appSecretKey = onPostgres ? randomBytes(32).toString("hex") : undefined;

async function freePort(): Promise<number> {
	const probe = createServer();
	await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
	const { port } = probe.address() as AddressInfo;
	await new Promise((resolve) => probe.close(resolve));
	return port;
}

const keptEvents = () =>
	store.db.kysely
		.selectFrom("stripe_inbound_events")
		.selectAll()
		.where("account_id", "=", TEST_ACCOUNT)
		.orderBy("created")
		.orderBy("id")
		.execute();

const post = (body: string, signature: string | undefined, url = WEBHOOK) =>
	server.inject({
		method: "POST",
		url,
		headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
		payload: body,
	});

beforeAll(async () => {
	sandbox = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, STRIPE_ACCOUNT, { test_mode: 1 })),
	});
	await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
	const sandboxPort = (sandbox.app.server.address() as AddressInfo).port;
	const { secret } = await createApiKeys(
		sandbox.db.kysely,
		STRIPE_ACCOUNT,
		"paydesk",
		sandbox.clock.seconds(),
	);
	stripe = new Stripe(secret, {
		host: "127.0.0.1",
		port: sandboxPort,
		protocol: "http",
		maxNetworkRetries: 0,
	});

	store = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)),
	});
	const port = await freePort();
	server = await store.anotherServer({
		stripeApiBase: `http://127.0.0.1:${sandboxPort}`,
		secretKey: appSecretKey,
		publicUrl: `http://127.0.0.1:${port}`,
	});
	await server.listen({ port, host: "127.0.0.1" });
	admin = await store.actor("administrator");
	const connected = await server.inject({
		method: "POST",
		url: "/wp-json/wc/v3/payments/stripe/connect",
		headers: admin.headers,
		payload: { secret_key: secret },
	});
	expect(connected.statusCode, connected.body).toBe(200);
	const endpoint = await sandbox.db.kysely
		.selectFrom("webhook_endpoints")
		.select(["url", "secret"])
		.where("account_id", "=", STRIPE_ACCOUNT)
		.executeTakeFirstOrThrow();
	expect(endpoint.url).toBe(`http://127.0.0.1:${port}${WEBHOOK}`);
	endpointSecret = endpoint.secret;
});

afterAll(async () => {
	await server?.close();
	await store?.close();
	await sandbox?.close();
});

describe("the connected account's events", () => {
	it("arrive from Stripe's webhook runner, each kept once, and the sync says how fresh they are", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 4200,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		const runner = webhookWorker({ db: sandbox.db, clock: sandbox.clock, publicOnly: false });
		await runner.run("sandbox-runner");
		await runner.drain();
		const kept = await keptEvents();
		expect(kept.map((event) => event.type).sort()).toEqual(
			["charge.succeeded", "payment_intent.created", "payment_intent.succeeded"].sort(),
		);
		expect(kept.find((event) => event.type === "payment_intent.succeeded")).toMatchObject({
			object_id: intent.id,
		});
		const sent = await sandbox.db.kysely
			.selectFrom("webhook_deliveries")
			.select("status")
			.where("account_id", "=", STRIPE_ACCOUNT)
			.execute();
		expect(sent.map((delivery) => delivery.status)).toEqual(["delivered", "delivered", "delivered"]);

		const sync = (await server.inject({ method: "GET", url: SYNC, headers: admin.headers })).json();
		expect(sync.last_event_at).toBe(Math.max(...kept.map((event) => Number(event.created))));
		expect(sync.lag_seconds).toBeGreaterThanOrEqual(0);
	});

	it("are applied to the copy: the payment's charge and ledger row are the sandbox's", async () => {
		for (let tries = 0; ; tries++) {
			const kept = await keptEvents();
			if (kept.every((event) => event.applied_at !== null)) break;
			if (tries > 400) throw new Error("the events were not applied");
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
		const columns = [
			"id",
			"payment_intent_id",
			"amount",
			"status",
			"captured",
			"fee",
			"balance_transaction_id",
		] as const;
		const theirs = await sandbox.db.kysely
			.selectFrom("charges")
			.select(columns)
			.where("account_id", "=", STRIPE_ACCOUNT)
			.execute();
		const ours = await store.db.kysely
			.selectFrom("charges")
			.select(columns)
			.where("account_id", "=", TEST_ACCOUNT)
			.execute();
		expect(theirs).toHaveLength(1);
		expect(ours).toEqual(theirs);
		const ledger = (db: TestApp["db"], accountId: string) =>
			db.kysely
				.selectFrom("balance_transactions")
				.select(["id", "amount", "fee", "net", "type", "charge_id"])
				.where("account_id", "=", accountId)
				.execute();
		expect(await ledger(store.db, TEST_ACCOUNT)).toEqual(await ledger(sandbox.db, STRIPE_ACCOUNT));
	});

	it("a repeated delivery is answered and changes nothing", async () => {
		const [first] = await keptEvents();
		if (!first) throw new Error("no event kept");
		const again = await post(
			first.body,
			signatureHeader(first.body, [endpointSecret], store.clock.seconds()),
		);
		expect(again.statusCode, again.body).toBe(200);
		expect(again.json()).toEqual({ received: true, duplicate: true });
		expect(await keptEvents()).toHaveLength(3);
	});

	it("a body its signature does not sign, a wrong secret, an old or missing signature are 400s that keep nothing", async () => {
		const now = store.clock.seconds();
		const event = JSON.stringify({
			id: "evt_forged_1",
			object: "event",
			type: "charge.refunded",
			created: now,
			data: { object: { id: "ch_forged" } },
		});
		const tampered = event.replace("charge.refunded", "charge.captured");
		const refusals = [
			await post(tampered, signatureHeader(event, [endpointSecret], now)),
			await post(event, signatureHeader(event, ["whsec_not_the_secret"], now)),
			await post(event, signatureHeader(event, [endpointSecret], now - 301)),
			await post(event, undefined),
		];
		for (const refusal of refusals) {
			expect(refusal.statusCode).toBe(400);
			expect(refusal.json()).toMatchObject({ code: "wcpay_stripe_webhook_signature" });
		}
		expect((await keptEvents()).map((kept) => kept.id)).not.toContain("evt_forged_1");
		// The same event, signed as Stripe signs it, is kept.
		const signed = await post(event, signatureHeader(event, [endpointSecret], now));
		expect(signed.json()).toEqual({ received: true, duplicate: false });
	});

	it("a signed body that is not an event is a 400 naming it; an account not connected is a 404", async () => {
		const now = store.clock.seconds();
		const notAnEvent = JSON.stringify({ hello: "world" });
		const refused = await post(notAnEvent, signatureHeader(notAnEvent, [endpointSecret], now));
		expect(refused.statusCode).toBe(400);
		expect(refused.json()).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { body: expect.any(String) } },
		});
		const elsewhere = await post(
			notAnEvent,
			signatureHeader(notAnEvent, [endpointSecret], now),
			"/wp-json/wc/v3/payments/stripe/webhook?account=acct_nobody",
		);
		expect(elsewhere.statusCode).toBe(404);
		expect(elsewhere.json()).toMatchObject({ code: "wcpay_stripe_not_connected" });
	});
});
