/**
 * How deliveries behave when endpoints misbehave: a failing endpoint is retried on the account's
 * clock (the test clock moves the retries) until it answers, with every attempt recorded; a
 * delivery whose sender died is sent again once its claim runs out; a hanging endpoint does not
 * delay another; a redirect is an answer, never followed; link-local and metadata addresses are
 * always refused, and loopback or private ones under WEBHOOK_PUBLIC_ONLY; an endpoint failing
 * for 3 days is disabled and the account's users are told.
 */
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceTestClock } from "../../src/accounts/clock.ts";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { CLAIM_SECONDS, claimDelivery } from "../../src/stripe-api/webhooks/deliver.ts";
import { classifyAddress, urlRefusal } from "../../src/stripe-api/webhooks/destination.ts";
import { materializeEvents } from "../../src/stripe-api/webhooks/materialize.ts";
import { RETRY_DELAYS_SECONDS, RETRY_WINDOW_SECONDS } from "../../src/stripe-api/webhooks/schedule.ts";
import { PER_ENDPOINT, type WebhookWorker, webhookWorker } from "../../src/stripe-api/webhooks/worker.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

let t: TestApp;
let stripe: Stripe;
let receiver: WebhookReceiver;
let worker: WebhookWorker;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 })),
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	const port = (t.app.server.address() as AddressInfo).port;
	const { secret } = await createApiKeys(t.db.kysely, TEST_ACCOUNT, "checkout", t.clock.seconds());
	stripe = new Stripe(secret, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
	receiver = await startWebhookReceiver();
	worker = webhookWorker({ db: t.db, clock: t.clock, publicOnly: false });
});

afterAll(async () => {
	await worker.drain();
	await receiver.close();
	await t.close();
});

async function deliverAll(using: WebhookWorker = worker) {
	await using.run("test-runner");
	await using.drain();
}

async function pay(amount: number) {
	return stripe.paymentIntents.create({
		amount,
		currency: "usd",
		payment_method: "pm_card_visa",
		confirm: true,
	});
}

function deliveriesOf(endpointId: string) {
	return t.db.kysely
		.selectFrom("webhook_deliveries")
		.selectAll()
		.where("account_id", "=", TEST_ACCOUNT)
		.where("endpoint_id", "=", endpointId)
		.orderBy("id")
		.execute();
}

function attemptsOf(deliveryId: string) {
	return t.db.kysely
		.selectFrom("webhook_attempts")
		.selectAll()
		.where("account_id", "=", TEST_ACCOUNT)
		.where("delivery_id", "=", deliveryId)
		.orderBy("attempt")
		.execute();
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		if (check()) return true;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	return check();
}

describe("retries", () => {
	it("an endpoint down for an hour of test-clock time gets every event when it is back, with the attempts kept", async () => {
		const endpoint = await stripe.webhookEndpoints.create({
			url: receiver.url("/down"),
			enabled_events: ["*"],
		});
		receiver.mode = "fail";
		await pay(1500);
		await pay(1600);
		await deliverAll();
		const pending = await deliveriesOf(endpoint.id);
		expect(pending.length).toBeGreaterThanOrEqual(6);
		expect(pending.every((delivery) => delivery.status === "pending" && delivery.last_status === 500)).toBe(
			true,
		);
		// Nothing is retried before its time on the account's clock.
		const tried = receiver.at("/down").length;
		await deliverAll();
		expect(receiver.at("/down").length).toBe(tried);
		for (let minutes = 0; minutes < 60; minutes += 10) {
			await advanceTestClock(t.db.kysely, TEST_ACCOUNT, 600, t.clock);
			await deliverAll();
		}
		expect(receiver.at("/down").length).toBeGreaterThan(tried);
		receiver.mode = "ok";
		await advanceTestClock(t.db.kysely, TEST_ACCOUNT, 2 * 3600, t.clock);
		await deliverAll();
		const done = await deliveriesOf(endpoint.id);
		expect(done.map((delivery) => delivery.status)).toEqual(done.map(() => "delivered"));
		const eventIds = new Set(done.map((delivery) => delivery.event_id));
		const arrived = new Set(
			receiver
				.at("/down")
				.slice(-done.length)
				.map((request) => (JSON.parse(request.body) as Stripe.Event).id),
		);
		expect(arrived).toEqual(eventIds);
		const attempts = await attemptsOf(done[0]?.id ?? "");
		expect(attempts.length).toBeGreaterThanOrEqual(4);
		expect(attempts.slice(0, -1).every((attempt) => attempt.status === 500)).toBe(true);
		expect(attempts.at(-1)).toMatchObject({ status: 200, error: null, response_body: '{"received":true}' });
		expect(attempts[0]?.response_body).toBe("handler crashed");
		// Retried 1 min, then 5 min … after each failure, on the account's clock.
		expect(Number(attempts[1]?.created) - Number(attempts[0]?.created)).toBeGreaterThanOrEqual(
			RETRY_DELAYS_SECONDS[0],
		);
		await stripe.webhookEndpoints.del(endpoint.id);
	});

	it("a delivery whose sender died is sent once its claim runs out", async () => {
		const endpoint = await stripe.webhookEndpoints.create({
			url: receiver.url("/crash"),
			enabled_events: ["charge.succeeded"],
		});
		await pay(1800);
		// Rendered with its delivery, which a server process claims and then dies without sending.
		await materializeEvents(t.db.kysely, TEST_ACCOUNT);
		const [waiting] = await deliveriesOf(endpoint.id);
		expect(waiting?.status).toBe("pending");
		const accountNow = t.clock.seconds() + 1_000_000;
		expect(
			await claimDelivery(
				t.db.kysely,
				TEST_ACCOUNT,
				waiting?.id ?? "",
				"dead-process",
				t.clock.seconds(),
				accountNow,
			),
		).toBe(true);
		await deliverAll();
		expect(receiver.at("/crash")).toEqual([]);
		t.clock.advance(CLAIM_SECONDS + 1);
		await deliverAll();
		expect(receiver.at("/crash").length).toBe(1);
		expect((await deliveriesOf(endpoint.id)).map((row) => row.status)).toEqual(["delivered"]);
		await stripe.webhookEndpoints.del(endpoint.id);
	});
});

describe("one endpoint never delays another", () => {
	it("a hanging endpoint holds only its own deliveries", async () => {
		const hanging = await startWebhookReceiver("hang");
		const stuck = await stripe.webhookEndpoints.create({
			url: hanging.url("/stuck"),
			enabled_events: ["charge.succeeded"],
		});
		const fast = await stripe.webhookEndpoints.create({
			url: receiver.url("/fast"),
			enabled_events: ["charge.succeeded"],
		});
		const started = Date.now();
		await pay(1900);
		await worker.run("test-runner");
		expect(await until(() => receiver.at("/fast").length === 1, 3000)).toBe(true);
		await pay(2000);
		await worker.run("test-runner");
		expect(await until(() => receiver.at("/fast").length === 2, 3000)).toBe(true);
		expect(Date.now() - started).toBeLessThan(5000);
		// Both are on their way to the hanging endpoint (the second may reach it just after the fast one).
		expect(await until(() => hanging.at("/stuck").length === 2, 3000)).toBe(true);
		// The hanging endpoint's deliveries are still being sent.
		expect((await deliveriesOf(stuck.id)).every((row) => row.claimed_by !== null && row.attempts === 0)).toBe(
			true,
		);
		await hanging.close();
		await worker.drain();
		expect(
			(await deliveriesOf(stuck.id)).every((row) => row.status === "pending" && row.attempts === 1),
		).toBe(true);
		await stripe.webhookEndpoints.del(stuck.id);
		await stripe.webhookEndpoints.del(fast.id);
	});
});

describe("a stopping worker", () => {
	it("waits for the sends in flight only, leaving a hanging endpoint's queue to the next pass", async () => {
		const hanging = await startWebhookReceiver("hang");
		const stuck = await stripe.webhookEndpoints.create({
			url: hanging.url("/queue"),
			enabled_events: ["charge.succeeded"],
		});
		for (let i = 0; i < 12; i++) await pay(2200 + i);
		const stopping = webhookWorker({ db: t.db, clock: t.clock, publicOnly: false });
		await stopping.run("stopping-runner");
		// Each of the endpoint's lanes holds one delivery; the rest wait in its queue.
		expect(await until(() => hanging.at("/queue").length === PER_ENDPOINT, 3000)).toBe(true);
		const inFlight = PER_ENDPOINT;
		const stopped = stopping.stop();
		await hanging.close();
		await stopped;
		const rows = await deliveriesOf(stuck.id);
		expect(rows.filter((row) => row.attempts === 1)).toHaveLength(inFlight);
		// The queued ones were never claimed: any process's next pass takes them at once.
		const left = rows.filter((row) => row.attempts === 0);
		expect(left).toHaveLength(12 - inFlight);
		expect(left.every((row) => row.status === "pending" && row.claimed_by === null)).toBe(true);
		await stripe.webhookEndpoints.del(stuck.id);
	});
});

describe("where deliveries may go", () => {
	it("a redirect is recorded as the answer and never followed", async () => {
		const redirecting = await startWebhookReceiver({ redirectTo: receiver.url("/redirected") });
		const endpoint = await stripe.webhookEndpoints.create({
			url: redirecting.url("/moved"),
			enabled_events: ["charge.succeeded"],
		});
		await pay(2100);
		await deliverAll();
		const [delivery] = await deliveriesOf(endpoint.id);
		expect(delivery).toMatchObject({ status: "pending", last_status: 302 });
		expect(redirecting.at("/moved").length).toBe(1);
		expect(receiver.at("/redirected")).toEqual([]);
		await redirecting.close();
		await stripe.webhookEndpoints.del(endpoint.id);
	});

	it("a host name is resolved, checked and delivered to", async () => {
		const endpoint = await stripe.webhookEndpoints.create({
			url: receiver.url("/named").replace("127.0.0.1", "localhost"),
			enabled_events: ["charge.succeeded"],
		});
		await pay(2150);
		await deliverAll();
		expect(receiver.at("/named").length).toBe(1);
		expect((await deliveriesOf(endpoint.id)).map((row) => row.status)).toEqual(["delivered"]);
		await stripe.webhookEndpoints.del(endpoint.id);
	});

	it("link-local and cloud metadata addresses are refused when an endpoint is saved", async () => {
		for (const url of [
			"http://169.254.169.254/latest/meta-data",
			"http://[fe80::1]/hook",
			"http://[::ffff:169.254.169.254]/hook",
			"http://2852039166/hook",
			"http://metadata.google.internal/computeMetadata/v1",
		]) {
			const error = (await stripe.webhookEndpoints
				.create({ url, enabled_events: ["*"] })
				.catch((caught: unknown) => caught)) as Stripe.errors.StripeError;
			expect(error.statusCode, url).toBe(400);
			expect(error.param, url).toBe("url");
		}
		const endpoint = await stripe.webhookEndpoints.create({
			url: receiver.url("/ok"),
			enabled_events: ["*"],
		});
		const error = (await stripe.webhookEndpoints
			.update(endpoint.id, { url: "http://169.254.170.2/v2/credentials" })
			.catch((caught: unknown) => caught)) as Stripe.errors.StripeError;
		expect(error.param).toBe("url");
		expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).url).toBe(receiver.url("/ok"));
		await stripe.webhookEndpoints.del(endpoint.id);
		expect(classifyAddress("64:ff9b::a9fe:a9fe")).toBe("forbidden");
		expect(classifyAddress("100.100.100.200")).toBe("forbidden");
		expect(classifyAddress("10.1.2.3")).toBe("private");
		expect(classifyAddress("93.184.215.14")).toBe("public");
		expect(urlRefusal("http://192.168.1.10/hook", false)).toBeNull();
		expect(urlRefusal("http://192.168.1.10/hook", true)).toMatch(/private/);
	});

	it("under WEBHOOK_PUBLIC_ONLY, loopback and private addresses are refused when saved and when delivered", async () => {
		const shared: FastifyInstance = await t.anotherServer({ webhookPublicOnly: true });
		try {
			await shared.listen({ port: 0, host: "127.0.0.1" });
			const port = (shared.server.address() as AddressInfo).port;
			const { secret } = await createApiKeys(t.db.kysely, TEST_ACCOUNT, "shared", t.clock.seconds());
			const onShared = new Stripe(secret, {
				host: "127.0.0.1",
				port,
				protocol: "http",
				maxNetworkRetries: 0,
			});
			for (const url of [receiver.url("/private"), "http://10.0.0.8/hook", "http://[::1]:9/hook"]) {
				const error = (await onShared.webhookEndpoints
					.create({ url, enabled_events: ["*"] })
					.catch((caught: unknown) => caught)) as Stripe.errors.StripeError;
				expect(error.statusCode, url).toBe(400);
				expect(error.param, url).toBe("url");
			}
			// A name is checked when it is resolved, at delivery: localhost is loopback.
			const byName = await onShared.webhookEndpoints.create({
				url: receiver.url("/by-name").replace("127.0.0.1", "localhost"),
				enabled_events: ["charge.succeeded"],
			});
			await pay(2200);
			await deliverAll(webhookWorker({ db: t.db, clock: t.clock, publicOnly: true }));
			const [delivery] = await deliveriesOf(byName.id);
			expect(delivery?.status).toBe("pending");
			expect(delivery?.last_status).toBeNull();
			expect(delivery?.last_error).toMatch(/loopback or private/);
			expect(receiver.at("/by-name")).toEqual([]);
			await onShared.webhookEndpoints.del(byName.id);
		} finally {
			await shared.close();
		}
	});
});

describe("an endpoint failing for 3 days", () => {
	it("is disabled, its deliveries end failed, and the account's users are told", async () => {
		const endpoint = await stripe.webhookEndpoints.create({
			url: receiver.url("/broken"),
			enabled_events: ["charge.succeeded"],
		});
		receiver.mode = "fail";
		await pay(2300);
		await deliverAll();
		for (let hours = 0; hours <= 72; hours += 4) {
			await advanceTestClock(t.db.kysely, TEST_ACCOUNT, 4 * 3600, t.clock);
			await deliverAll();
		}
		receiver.mode = "ok";
		expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).status).toBe("disabled");
		const [delivery] = await deliveriesOf(endpoint.id);
		expect(delivery).toMatchObject({ status: "failed", next_attempt_at: null });
		// Tried until 3 days after the event (the last try at that time), then no more.
		const attempts = await attemptsOf(delivery?.id ?? "");
		expect(attempts.length).toBeGreaterThanOrEqual(8);
		expect(Number(attempts.at(-1)?.created) - Number(delivery?.created)).toBe(RETRY_WINDOW_SECONDS);
		const notices = await t.db.kysely
			.selectFrom("notifications")
			.selectAll()
			.where("account_id", "=", TEST_ACCOUNT)
			.where("type", "=", "webhook_endpoint_disabled")
			.execute();
		expect(notices.length).toBe(1);
		expect(notices[0]?.object_id).toContain(endpoint.id);
		const admin = await t.actor("administrator");
		const bell = await t.app.inject({
			method: "GET",
			url: "/wp-json/wc/v3/payments/notifications",
			headers: admin.headers,
		});
		expect(JSON.stringify(bell.json())).toContain(receiver.url("/broken"));
	});
});
