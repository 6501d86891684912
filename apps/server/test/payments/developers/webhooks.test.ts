/**
 * The Developers area's webhooks and events: endpoints listed with their recent success rate,
 * added (secret answered), changed, disabled, deleted and their secret revealed to an
 * administrator; an endpoint's deliveries filtered by status and event type and paged; a
 * delivery's request and attempts; Stripe's events filtered by type and date, and an event's
 * JSON with its deliveries. Shop managers read and change nothing.
 */
import { DELIVERIES_COUNTED } from "@paydesk/contract/developers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../../src/stripe-api/keys.ts";
import { type WebhookWorker, webhookWorker } from "../../../src/stripe-api/webhooks/worker.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver.ts";

const BASE = "/wp-json/wc/v3/payments/developers";

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

const call = (actor: Actor, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
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

async function deliverAll() {
	await worker.run("test-runner");
	await worker.drain();
}

let endpointId: string;
let failingId: string;

describe("webhook endpoints", () => {
	it("are added with their secret, listed, changed and revealed to an administrator only", async () => {
		const created = await call(admin, "POST", `${BASE}/webhook-endpoints`, {
			url: receiver.url("/dev"),
			enabled_events: ["*"],
			description: "Orders",
		});
		expect(created.statusCode).toBe(200);
		const endpoint = created.json();
		expect(endpoint).toMatchObject({
			url: receiver.url("/dev"),
			enabled_events: ["*"],
			status: "enabled",
			description: "Orders",
			success_rate: null,
			recent_deliveries: 0,
		});
		expect(endpoint.secret).toMatch(/^whsec_/);
		endpointId = endpoint.id;

		const listed = await call(manager, "GET", `${BASE}/webhook-endpoints`);
		expect(listed.statusCode).toBe(200);
		expect(listed.json().data.map((row: { id: string }) => row.id)).toContain(endpointId);
		expect(listed.body).not.toContain(endpoint.secret);

		const revealed = await call(admin, "GET", `${BASE}/webhook-endpoints/${endpointId}/secret`);
		expect(revealed.json()).toEqual({ id: endpointId, secret: endpoint.secret });
		const hidden = await call(manager, "GET", `${BASE}/webhook-endpoints/${endpointId}/secret`);
		expect(hidden.statusCode).toBe(403);

		const failing = await call(admin, "POST", `${BASE}/webhook-endpoints`, {
			url: receiver.url("/dev-failing"),
			enabled_events: ["charge.succeeded"],
		});
		failingId = failing.json().id;
		const updated = await call(admin, "POST", `${BASE}/webhook-endpoints/${failingId}`, {
			url: "http://127.0.0.1:9/nothing-listens",
			enabled_events: ["charge.succeeded", "payment_intent.succeeded"],
			description: null,
		});
		expect(updated.statusCode).toBe(200);
		expect(updated.json()).toMatchObject({
			url: "http://127.0.0.1:9/nothing-listens",
			enabled_events: ["charge.succeeded", "payment_intent.succeeded"],
			description: null,
		});
	});

	it("refuse a bad URL, an event type Paydesk does not send and an unknown parameter, naming each", async () => {
		const bad = await call(admin, "POST", `${BASE}/webhook-endpoints`, {
			url: "ftp://127.0.0.1/x",
			enabled_events: ["charge.succeeded", "invoice.paid"],
			colour: "red",
		});
		expect(bad.statusCode).toBe(400);
		expect(Object.keys(bad.json().data.params)).toEqual(["colour"]);
		const refused = await call(admin, "POST", `${BASE}/webhook-endpoints`, {
			url: "http://169.254.169.254/latest",
			enabled_events: ["charge.succeeded", "invoice.paid"],
		});
		expect(refused.statusCode).toBe(400);
		expect(Object.keys(refused.json().data.params).sort()).toEqual(["enabled_events.1", "url"]);
		const missing = await call(admin, "POST", `${BASE}/webhook-endpoints/we_missing`, { disabled: true });
		expect(missing.statusCode).toBe(404);
		expect(missing.json().code).toBe("wcpay_webhook_endpoint_not_found");
	});

	it("show deliveries filtered and paged, their success rate, and a delivery's request and attempts", async () => {
		const intent = await pay(1500);
		await pay(2500);
		await deliverAll();

		const endpoints = (await call(manager, "GET", `${BASE}/webhook-endpoints`)).json().data;
		const ok = endpoints.find((row: { id: string }) => row.id === endpointId);
		const failing = endpoints.find((row: { id: string }) => row.id === failingId);
		expect(ok.success_rate).toBe(1);
		expect(ok.recent_deliveries).toBeGreaterThanOrEqual(6);
		expect(failing).toMatchObject({ success_rate: 0, recent_deliveries: 4 });

		const all = (await call(manager, "GET", `${BASE}/webhook-endpoints/${endpointId}/deliveries`)).json();
		expect(all.total_count).toBe(ok.recent_deliveries);
		const charges = await call(
			manager,
			"GET",
			`${BASE}/webhook-endpoints/${endpointId}/deliveries?event_type_is=charge.succeeded`,
		);
		expect(charges.json().total_count).toBe(2);
		expect(
			charges.json().data.every((row: { event_type: string }) => row.event_type === "charge.succeeded"),
		).toBe(true);
		const paged = (
			await call(manager, "GET", `${BASE}/webhook-endpoints/${endpointId}/deliveries?pagesize=2&page=2`)
		).json();
		expect(paged.data.map((row: { id: string }) => row.id)).toEqual(
			all.data.slice(2, 4).map((row: { id: string }) => row.id),
		);
		const failed = (
			await call(manager, "GET", `${BASE}/webhook-endpoints/${failingId}/deliveries?status_is=pending`)
		).json();
		expect(failed.total_count).toBe(4);
		expect(failed.data[0].last_attempt).toMatchObject({ status: null, error: expect.any(String) });
		const none = (
			await call(manager, "GET", `${BASE}/webhook-endpoints/${failingId}/deliveries?status_is=delivered`)
		).json();
		expect(none).toEqual({ data: [], total_count: 0 });
		const badFilter = await call(
			manager,
			"GET",
			`${BASE}/webhook-endpoints/${endpointId}/deliveries?status_is=lost&pagesize=1000`,
		);
		expect(badFilter.statusCode).toBe(400);
		expect(Object.keys(badFilter.json().data.params).sort()).toEqual(["pagesize", "status_is"]);

		const delivery = charges.json().data[0];
		const detail = await call(manager, "GET", `${BASE}/webhook-deliveries/${delivery.id}`);
		expect(detail.statusCode).toBe(200);
		const view = detail.json();
		const received = receiver.at("/dev").find((request) => JSON.parse(request.body).id === delivery.event_id);
		expect(view.request.body).toBe(received?.body);
		expect(view.request.headers["stripe-signature"]).toBe(received?.headers["stripe-signature"]);
		expect(view.request.headers["content-type"]).toBe("application/json; charset=utf-8");
		expect(view.attempts_list).toEqual([
			expect.objectContaining({ attempt: 1, status: 200, response_body: '{"received":true}', error: null }),
		]);
		expect(view.endpoint_url).toBe(receiver.url("/dev"));
		expect(JSON.parse(view.request.body).data.object.payment_intent).toBeDefined();
		expect(typeof intent).toBe("string");
	});
});

describe("a long list of deliveries", () => {
	it("is counted up to DELIVERIES_COUNTED, and its pages and filters still read it whole", async () => {
		const made = await call(admin, "POST", `${BASE}/webhook-endpoints`, {
			url: receiver.url("/many"),
			enabled_events: ["*"],
		});
		expect(made.statusCode).toBe(200);
		const endpointId: string = made.json().id;
		const now = t.clock.seconds();
		const total = DELIVERIES_COUNTED + 5;
		const rows = Array.from({ length: total }, (_, n) => ({
			account_id: TEST_ACCOUNT,
			id: `whd_many_${String(n).padStart(6, "0")}`,
			endpoint_id: endpointId,
			event_id: `evt_many_${n}`,
			event_type: n === 0 ? "payout.paid" : "charge.succeeded",
			created: now - total + n,
			status: "delivered" as const,
			attempts: 1,
			next_attempt_at: null,
			claimed_by: null,
			claimed_until: null,
			delivered_at: now - total + n,
			last_status: 200,
			last_error: null,
		}));
		for (let at = 0; at < rows.length; at += 500) {
			await t.db.kysely
				.insertInto("webhook_deliveries")
				.values(rows.slice(at, at + 500))
				.execute();
		}
		const url = `${BASE}/webhook-endpoints/${endpointId}/deliveries`;
		const first = (await call(manager, "GET", url)).json();
		expect(first.total_count).toBe(DELIVERIES_COUNTED);
		expect(first.data[0].id).toBe(`whd_many_${String(total - 1).padStart(6, "0")}`);
		// The oldest delivery is beyond the counted pages, and a filter finds it.
		const payouts = (await call(manager, "GET", `${url}?event_type_is=payout.paid`)).json();
		expect(payouts).toMatchObject({ total_count: 1, data: [{ id: "whd_many_000000" }] });
		const oldest = (await call(manager, "GET", `${url}?sort=created&direction=asc&pagesize=1`)).json();
		expect(oldest.data[0].id).toBe("whd_many_000000");
		expect((await call(admin, "DELETE", `${BASE}/webhook-endpoints/${endpointId}`)).statusCode).toBe(200);
	});
});

describe("events", () => {
	it("are listed by type and date, and an event shows its JSON and its deliveries", async () => {
		const all = (await call(manager, "GET", `${BASE}/events?pagesize=100`)).json();
		expect(all.total_count).toBeGreaterThanOrEqual(6);
		const charges = (await call(manager, "GET", `${BASE}/events?type_is=charge.succeeded`)).json();
		expect(charges.total_count).toBe(2);
		const today = t.clock.now().toISOString().slice(0, 10);
		const dated = (
			await call(
				manager,
				"GET",
				`${BASE}/events?date_between[]=${today}&date_between[]=${today}&user_timezone=UTC`,
			)
		).json();
		expect(dated.total_count).toBe(all.total_count);
		const before = (
			await call(manager, "GET", `${BASE}/events?date_before=${today}&user_timezone=UTC`)
		).json();
		expect(before.total_count).toBe(0);
		const bad = await call(manager, "GET", `${BASE}/events?date_after=yesterday&type_is=Charge`);
		expect(Object.keys(bad.json().data.params).sort()).toEqual(["date_after", "type_is"]);

		const event = charges.data[0];
		const detail = (await call(manager, "GET", `${BASE}/events/${event.id}`)).json();
		expect(detail).toMatchObject({ id: event.id, type: "charge.succeeded" });
		expect(detail.body).toMatchObject({ id: event.id, object: "event", type: "charge.succeeded" });
		const v1 = await t.app.inject({
			method: "GET",
			url: `/v1/events/${event.id}`,
			headers: { authorization: `Bearer ${secretKey}` },
		});
		expect(detail.body).toEqual(v1.json());
		expect(detail.deliveries.map((row: { endpoint_id: string }) => row.endpoint_id).sort()).toEqual(
			[endpointId, failingId].sort(),
		);
		const missing = await call(manager, "GET", `${BASE}/events/evt_nothing_0`);
		expect(missing.statusCode).toBe(404);
		expect(missing.json().code).toBe("wcpay_stripe_event_not_found");
	});
});

describe("changes", () => {
	it("a shop manager may not add, change or delete an endpoint (403); an administrator deletes one", async () => {
		for (const [method, url, payload] of [
			["POST", `${BASE}/webhook-endpoints`, { url: receiver.url("/m"), enabled_events: ["*"] }],
			["POST", `${BASE}/webhook-endpoints/${endpointId}`, { disabled: true }],
			["DELETE", `${BASE}/webhook-endpoints/${endpointId}`, undefined],
		] as const) {
			const refused = await call(manager, method, url, payload);
			expect(refused.statusCode, `${method} ${url}`).toBe(403);
		}
		const disabled = await call(admin, "POST", `${BASE}/webhook-endpoints/${failingId}`, { disabled: true });
		expect(disabled.json().status).toBe("disabled");
		const deleted = await call(admin, "DELETE", `${BASE}/webhook-endpoints/${failingId}`);
		expect(deleted.json()).toEqual({ id: failingId, deleted: true });
		const gone = await call(manager, "GET", `${BASE}/webhook-endpoints/${failingId}/deliveries`);
		expect(gone.statusCode).toBe(404);
		const listed = (await call(manager, "GET", `${BASE}/webhook-endpoints`)).json().data;
		expect(listed.map((row: { id: string }) => row.id)).toEqual([endpointId]);
	});
});
