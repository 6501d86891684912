/**
 * The request log of `/v1`: every request made with a key is kept with its status, key name,
 * Request-Id, duration and Idempotency-Key, its parameters and answer redacted (card numbers,
 * CVCs, secrets); listed newest first by keyset, filtered by status class, path or route and key
 * name; kept 7 days.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKeys } from "../../../src/stripe-api/keys.ts";
import { purgeRequestLog, REQUEST_LOG_RETENTION_SECONDS } from "../../../src/stripe-api/request-log.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";

const BASE = "/wp-json/wc/v3/payments/developers/request-log";

let t: TestApp;
let admin: Actor;
let manager: Actor;
let shopKey: string;
let batchKey: string;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 })),
	});
	admin = await t.actor("administrator");
	manager = await t.actor("shop_manager");
	shopKey = (await createApiKeys(t.db.kysely, TEST_ACCOUNT, "shop", t.clock.seconds())).secret;
	batchKey = (await createApiKeys(t.db.kysely, TEST_ACCOUNT, "batch", t.clock.seconds())).secret;
});
afterAll(async () => t.close());

const logged = async () =>
	Number(
		(
			await t.db.kysely
				.selectFrom("request_log")
				.select((eb) => eb.fn.countAll().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);

/** A `/v1` call, answered once its log entry is written (that happens after the answer went out). */
async function v1(key: string, method: "GET" | "POST", url: string, form?: string, headers = {}) {
	const before = await logged();
	const answer = await t.app.inject({
		method,
		url,
		headers: {
			authorization: `Bearer ${key}`,
			...(form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
			...headers,
		},
		payload: form,
	});
	await vi.waitFor(async () => expect(await logged()).toBe(before + 1));
	return answer;
}

const get = (actor: Actor, url: string) => t.app.inject({ method: "GET", url, headers: actor.headers });

describe("the request log", () => {
	it("keeps a card payment method's request with the number and CVC redacted, and its answer", async () => {
		const answer = await v1(
			shopKey,
			"POST",
			"/v1/payment_methods",
			"type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2034&card[cvc]=314&billing_details[name]=Ada",
			{ "idempotency-key": "pm-create-1" },
		);
		expect(answer.statusCode).toBe(200);
		const list = (await get(manager, BASE)).json();
		const entry = list.data[0];
		expect(entry).toMatchObject({
			method: "POST",
			path: "/v1/payment_methods",
			route: "/v1/payment_methods",
			status: 200,
			key_name: "shop",
			request_id: answer.headers["request-id"],
			idempotency_key: "pm-create-1",
			created: t.clock.seconds(),
		});
		expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
		const detail = await get(manager, `${BASE}/${entry.id}`);
		expect(detail.statusCode).toBe(200);
		const body = detail.json();
		expect(body.params).toEqual({
			type: "card",
			card: { number: "[redacted]", exp_month: "12", exp_year: "2034", cvc: "[redacted]" },
			billing_details: { name: "Ada" },
		});
		expect(detail.body).not.toContain("4242424242424242");
		expect(JSON.parse(body.response)).toMatchObject({ id: answer.json().id, card: { last4: "4242" } });
		const stored = await t.db.kysely.selectFrom("request_log").select(["params", "response"]).execute();
		expect(JSON.stringify(stored)).not.toMatch(/4242424242424242|"314"/);
	});

	it("redacts a secret in an answer: a webhook endpoint's signing secret", async () => {
		const answer = await v1(
			shopKey,
			"POST",
			"/v1/webhook_endpoints",
			"url=http%3A%2F%2F127.0.0.1%3A9%2Fhook&enabled_events[]=*",
		);
		expect(answer.json().secret).toMatch(/^whsec_/);
		const entry = (await get(admin, BASE)).json().data[0];
		const detail = (await get(admin, `${BASE}/${entry.id}`)).json();
		expect(JSON.parse(detail.response)).toMatchObject({ secret: "[redacted]", id: answer.json().id });
		expect(JSON.stringify(detail)).not.toContain(answer.json().secret);
	});

	it("lists newest first by keyset, filtered by status class, path, route and key", async () => {
		await v1(batchKey, "GET", "/v1/payment_intents/pi_missing");
		await v1(batchKey, "GET", "/v1/balance");
		await v1(shopKey, "GET", "/v1/charges?limit=3");
		const all = (await get(manager, `${BASE}?pagesize=100`)).json();
		expect(all.has_more).toBe(false);
		expect(all.data.map((row: { path: string }) => row.path).slice(0, 3)).toEqual([
			"/v1/charges",
			"/v1/balance",
			"/v1/payment_intents/pi_missing",
		]);
		const first = (await get(manager, `${BASE}?pagesize=2`)).json();
		expect(first.has_more).toBe(true);
		const second = (await get(manager, `${BASE}?pagesize=2&starting_after=${first.data[1].id}`)).json();
		expect([...first.data, ...second.data].map((row: { id: string }) => row.id)).toEqual(
			all.data.slice(0, 4).map((row: { id: string }) => row.id),
		);

		const errors = (await get(manager, `${BASE}?status_class=4xx`)).json().data;
		expect(errors.map((row: { path: string; status: number }) => [row.path, row.status])).toEqual([
			["/v1/payment_intents/pi_missing", 404],
		]);
		expect((await get(manager, `${BASE}?status_class=5xx`)).json().data).toEqual([]);
		const byRoute = (await get(manager, `${BASE}?path=/v1/payment_intents/:id`)).json().data;
		expect(byRoute.map((row: { path: string }) => row.path)).toEqual(["/v1/payment_intents/pi_missing"]);
		const byPath = (await get(manager, `${BASE}?path=/v1/balance`)).json().data;
		expect(byPath.map((row: { key_name: string }) => row.key_name)).toEqual(["batch"]);
		const byKey = (await get(manager, `${BASE}?key_name=batch`)).json().data;
		expect(byKey.map((row: { path: string }) => row.path)).toEqual([
			"/v1/balance",
			"/v1/payment_intents/pi_missing",
		]);
	});

	it("names bad parameters and answers 404 for an unknown entry", async () => {
		const bad = await get(
			manager,
			`${BASE}?status_class=3xx&path=payment_intents&pagesize=0&starting_after=pi_1`,
		);
		expect(bad.statusCode).toBe(400);
		expect(Object.keys(bad.json().data.params).sort()).toEqual([
			"pagesize",
			"path",
			"starting_after",
			"status_class",
		]);
		const missing = await get(manager, `${BASE}/rlog_nothing`);
		expect(missing.statusCode).toBe(404);
		expect(missing.json().code).toBe("wcpay_request_log_entry_not_found");
	});

	it("does not keep a request made without a valid key", async () => {
		const before = await logged();
		const refused = await t.app.inject({
			method: "GET",
			url: "/v1/balance",
			headers: { authorization: "Bearer sk_test_unknownunknownunknown" },
		});
		expect(refused.statusCode).toBe(401);
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(await logged()).toBe(before);
	});

	it("keeps requests 7 days, then the job runner's purge removes them", async () => {
		const count = await logged();
		expect(count).toBeGreaterThan(0);
		t.clock.advance(REQUEST_LOG_RETENTION_SECONDS - 60);
		await v1(shopKey, "GET", "/v1/balance");
		expect(await purgeRequestLog(t.db.kysely, t.clock.seconds())).toBe(0);
		t.clock.advance(120);
		expect(await purgeRequestLog(t.db.kysely, t.clock.seconds())).toBe(count);
		// (The test sessions have run out by now: the table itself is read.)
		const left = await t.db.kysely.selectFrom("request_log").select("path").execute();
		expect(left).toEqual([{ path: "/v1/balance" }]);
	});
});
