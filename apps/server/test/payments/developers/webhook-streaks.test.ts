/**
 * What an administrator does about a failing receiver: roll an endpoint's signing secret (the old
 * one signs beside the new one for the time chosen, so a receiver switches over without losing a
 * delivery), resend every failed delivery since a time, and hear of trouble: the bell says when an
 * endpoint has failed 10 deliveries in a row, once per run of failures. A disabled endpoint's
 * deliveries wait; a payment's events are found by its PaymentIntent.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceTestClock } from "../../../src/accounts/clock.ts";
import { createApiKeys } from "../../../src/stripe-api/keys.ts";
import { FAILURES_NOTICED } from "../../../src/stripe-api/webhooks/deliver.ts";
import { RETRY_WINDOW_SECONDS } from "../../../src/stripe-api/webhooks/schedule.ts";
import { type WebhookWorker, webhookWorker } from "../../../src/stripe-api/webhooks/worker.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver.ts";

const BASE = "/wp-json/wc/v3/payments/developers";
// constructEvent only checks a signature's parts; the tolerance is for the receiver's clock.
const verifier = new Stripe("sk_test_unused");

let t: TestApp;
let admin: Actor;
let manager: Actor;
let secretKey: string;
let receiver: WebhookReceiver;
let worker: WebhookWorker;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 })),
	});
	admin = await t.actor("administrator");
	manager = await t.actor("shop_manager");
	secretKey = (await createApiKeys(t.db.kysely, TEST_ACCOUNT, "shop", t.clock.seconds())).secret;
	receiver = await startWebhookReceiver();
	worker = webhookWorker({ db: t.db, clock: t.clock, publicOnly: false });
});
afterAll(async () => {
	await worker.drain();
	await receiver.close();
	await t.close();
});

const call = (actor: Actor, method: "GET" | "POST", url: string, payload?: unknown) =>
	t.app.inject({
		method,
		url,
		headers: payload === undefined ? actor.headers : { ...actor.headers, "content-type": "application/json" },
		payload: payload === undefined ? undefined : JSON.stringify(payload),
	});

async function pay(amount: number): Promise<string> {
	const answer = await t.app.inject({
		method: "POST",
		url: "/v1/payment_intents",
		headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded" },
		payload: `amount=${amount}&currency=usd&payment_method=pm_card_visa&confirm=true`,
	});
	expect(answer.statusCode).toBe(200);
	return answer.json().id;
}

/** A few passes of the runner: one sends at most a few deliveries of an endpoint at once. */
async function deliverAll() {
	for (let pass = 0; pass < 4; pass++) {
		await worker.run("test-runner");
		await worker.drain();
	}
}

async function addEndpoint(path: string, events: string[] = ["charge.succeeded"]) {
	const created = await call(admin, "POST", `${BASE}/webhook-endpoints`, {
		url: receiver.url(path),
		enabled_events: events,
	});
	expect(created.statusCode).toBe(200);
	return created.json() as { id: string; secret: string };
}

const verifies = (body: string, header: string, secret: string) => {
	try {
		verifier.webhooks.constructEvent(body, header, secret, Number.MAX_SAFE_INTEGER);
		return true;
	} catch {
		return false;
	}
};

function notices(type: string) {
	return t.db.kysely
		.selectFrom("notifications")
		.selectAll()
		.where("account_id", "=", TEST_ACCOUNT)
		.where("type", "=", type)
		.execute();
}

describe("rolling an endpoint's secret", () => {
	it("keeps the old secret signing beside the new one for the time chosen, then only the new one", async () => {
		const endpoint = await addEndpoint("/roll");
		const refused = await call(manager, "POST", `${BASE}/webhook-endpoints/${endpoint.id}/roll-secret`, {
			expires_in: 3600,
		});
		expect(refused.statusCode).toBe(403);
		const tooLong = await call(admin, "POST", `${BASE}/webhook-endpoints/${endpoint.id}/roll-secret`, {
			expires_in: 2 * 86_400,
		});
		expect(tooLong.statusCode).toBe(400);
		expect(tooLong.json().message).toContain("expires_in");

		const rolled = await call(admin, "POST", `${BASE}/webhook-endpoints/${endpoint.id}/roll-secret`, {
			expires_in: 3600,
		});
		expect(rolled.statusCode).toBe(200);
		const { secret, previous_secret_expires_at } = rolled.json();
		expect(secret).toMatch(/^whsec_/);
		expect(secret).not.toBe(endpoint.secret);
		expect(previous_secret_expires_at).toBe(t.clock.seconds() + 3600);
		const revealed = await call(admin, "GET", `${BASE}/webhook-endpoints/${endpoint.id}/secret`);
		expect(revealed.json().secret).toBe(secret);

		await pay(1100);
		await deliverAll();
		const during = receiver.at("/roll").at(-1);
		if (!during) throw new Error("nothing was delivered");
		const header = String(during.headers["stripe-signature"]);
		expect(header.match(/v1=/g)).toHaveLength(2);
		expect(verifies(during.body, header, secret)).toBe(true);
		expect(verifies(during.body, header, endpoint.secret)).toBe(true);
		expect(verifies(during.body, header, "whsec_someone_else")).toBe(false);

		// An hour later (server time) the old secret has stopped.
		t.clock.advance(3600);
		await pay(1200);
		await deliverAll();
		const after = receiver.at("/roll").at(-1);
		if (!after || after === during) throw new Error("the second payment was not delivered");
		const later = String(after.headers["stripe-signature"]);
		expect(later.match(/v1=/g)).toHaveLength(1);
		expect(verifies(after.body, later, secret)).toBe(true);
		expect(verifies(after.body, later, endpoint.secret)).toBe(false);

		// Rolled with no overlap, the replaced secret stops at once.
		const again = await call(admin, "POST", `${BASE}/webhook-endpoints/${endpoint.id}/roll-secret`, {});
		expect(again.json().previous_secret_expires_at).toBeNull();
		await pay(1300);
		await deliverAll();
		const last = receiver.at("/roll").at(-1);
		if (!last) throw new Error("the third payment was not delivered");
		const header3 = String(last.headers["stripe-signature"]);
		expect(verifies(last.body, header3, again.json().secret)).toBe(true);
		expect(verifies(last.body, header3, secret)).toBe(false);
		await call(admin, "POST", `${BASE}/webhook-endpoints/${endpoint.id}`, { disabled: true });
	});
});

describe("a failing endpoint", () => {
	it(`reaches the bell once at ${FAILURES_NOTICED} failures in a row, and again only after a success`, async () => {
		receiver.mode = "fail";
		const endpoint = await addEndpoint("/streak");
		for (let payment = 0; payment < FAILURES_NOTICED - 1; payment++) await pay(2000 + payment);
		await deliverAll();
		expect(await notices("webhook_endpoint_failing")).toHaveLength(0);
		await pay(2100);
		await pay(2200);
		await deliverAll();
		const [notice, ...more] = await notices("webhook_endpoint_failing");
		expect(more).toHaveLength(0);
		expect(notice?.object_id).toContain(endpoint.id);
		const bell = await call(admin, "GET", "/wp-json/wc/v3/payments/notifications");
		const text = JSON.stringify(bell.json());
		expect(text).toContain(`failed ${FAILURES_NOTICED} deliveries in a row`);
		expect(text).toContain(`/payments/developers/webhooks/details`);
		expect(text).toContain(endpoint.id);

		// A success ends the run; the next run of ten is told again.
		receiver.mode = "ok";
		await pay(2300);
		await deliverAll();
		receiver.mode = "fail";
		await advanceTestClock(t.db.kysely, TEST_ACCOUNT, 60, t.clock);
		for (let payment = 0; payment < FAILURES_NOTICED; payment++) await pay(2400 + payment);
		await deliverAll();
		expect(await notices("webhook_endpoint_failing")).toHaveLength(2);
		receiver.mode = "ok";
		await call(admin, "POST", `${BASE}/webhook-endpoints/${endpoint.id}`, { disabled: true });
	});
});

describe("resending failed deliveries", () => {
	it("queues every failed delivery since the time chosen, and the runner sends them", async () => {
		receiver.mode = "fail";
		const endpoint = await addEndpoint("/resend-failed");
		const first = await pay(3100);
		await deliverAll();
		await advanceTestClock(t.db.kysely, TEST_ACCOUNT, 3600, t.clock);
		await pay(3200);
		await deliverAll();
		// Past the retry window (RETRY_WINDOW_SECONDS) the endpoint is disabled and both deliveries have failed.
		for (let hours = 0; hours * 3600 <= RETRY_WINDOW_SECONDS; hours += 8) {
			await advanceTestClock(t.db.kysely, TEST_ACCOUNT, 8 * 3600, t.clock);
			await deliverAll();
		}
		const listed = await call(
			admin,
			"GET",
			`${BASE}/webhook-endpoints/${endpoint.id}/deliveries?status_is=failed`,
		);
		const failed = listed.json().data as { created: number; event_id: string }[];
		expect(failed).toHaveLength(2);
		const [newer, older] = failed;
		if (!newer || !older) throw new Error("two failed deliveries expected");
		expect(newer.created - older.created).toBe(3600);

		receiver.mode = "ok";
		const before = receiver.at("/resend-failed").length;
		// Disabled, the endpoint's queued deliveries wait until it is enabled again.
		const queued = await call(admin, "POST", `${BASE}/webhook-endpoints/${endpoint.id}/resend-failed`, {
			since: newer.created,
		});
		expect(queued.json()).toEqual({ queued: 1 });
		await deliverAll();
		expect(receiver.at("/resend-failed").length).toBe(before);
		await call(admin, "POST", `${BASE}/webhook-endpoints/${endpoint.id}`, { disabled: false });
		await deliverAll();
		const resent = receiver.at("/resend-failed").slice(before);
		expect(resent.map((request) => JSON.parse(request.body).id)).toEqual([newer.event_id]);

		const rest = await call(admin, "POST", `${BASE}/webhook-endpoints/${endpoint.id}/resend-failed`, {
			since: older.created,
		});
		expect(rest.json()).toEqual({ queued: 1 });
		await deliverAll();
		const all = await call(admin, "GET", `${BASE}/webhook-endpoints/${endpoint.id}/deliveries`);
		expect(all.json().data.map((row: { status: string }) => row.status)).toEqual(["delivered", "delivered"]);
		expect(JSON.parse(receiver.at("/resend-failed").at(-1)?.body ?? "{}").data.object.payment_intent).toBe(
			first,
		);

		const nothing = await call(admin, "POST", `${BASE}/webhook-endpoints/${endpoint.id}/resend-failed`, {
			since: 0,
		});
		expect(nothing.json()).toEqual({ queued: 0 });
		const refused = await call(manager, "POST", `${BASE}/webhook-endpoints/${endpoint.id}/resend-failed`, {
			since: 0,
		});
		expect(refused.statusCode).toBe(403);
		const unknown = await call(admin, "POST", `${BASE}/webhook-endpoints/we_nothing/resend-failed`, {
			since: 0,
		});
		expect(unknown.statusCode).toBe(404);
	});
});

describe("a payment's events", () => {
	it("are its PaymentIntent's and its charge's, found by the PaymentIntent", async () => {
		const intent = await pay(4100);
		await pay(4200);
		await deliverAll();
		const listed = await call(manager, "GET", `${BASE}/events?payment_intent_is=${intent}`);
		expect(listed.statusCode).toBe(200);
		const types = (listed.json().data as { type: string }[]).map((event) => event.type).sort();
		expect(types).toEqual(["charge.succeeded", "payment_intent.created", "payment_intent.succeeded"]);
		for (const { id } of listed.json().data as { id: string }[]) {
			const event = (await call(manager, "GET", `${BASE}/events/${id}`)).json();
			const object = event.body.data.object;
			expect(object.object === "payment_intent" ? object.id : object.payment_intent).toBe(intent);
		}
		const bad = await call(manager, "GET", `${BASE}/events?payment_intent_is=ch_1`);
		expect(bad.statusCode).toBe(400);
		expect(bad.json().message).toContain("payment_intent_is");
	});
});
