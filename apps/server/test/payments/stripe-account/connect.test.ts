/**
 * Connecting a store to its own Stripe account, with a Paydesk sandbox standing in for Stripe: a
 * second server whose STRIPE_API_BASE points at the first. The key is checked before anything is
 * saved, Paydesk's webhook endpoint is registered on the account, the key is kept sealed, and
 * disconnecting removes the endpoint and forgets the key. Only administrators connect.
 */
import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedKey } from "../../../src/payments/stripe-account/connection.ts";
import { APP_KEY_FILE, appKeyProvider } from "../../../src/secrets/app-key.ts";
import { createApiKeys } from "../../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";

const CONNECT = "/wp-json/wc/v3/payments/stripe/connect";
const SYNC = "/wp-json/wc/v3/payments/stripe/sync";
const WEBHOOK_URL = `http://localhost:8080/wp-json/wc/v3/payments/stripe/webhook?account=${TEST_ACCOUNT}`;
/** The sandbox's account that plays the merchant's Stripe account. */
const STRIPE_ACCOUNT = "acct_stripe_side";

let sandbox: TestApp;
let store: TestApp;
let server: FastifyInstance;
let apiBase: string;
let secretKey: string;
let admin: Actor;
let manager: Actor;
const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith("postgres"));
/** PostgreSQL needs PAYDESK_SECRET_KEY; SQLite makes its key file in the data folder. */
const appSecretKey = onPostgres ? randomBytes(32).toString("hex") : undefined;

async function sandboxEndpoints() {
	return sandbox.db.kysely
		.selectFrom("webhook_endpoints")
		.select(["id", "url", "enabled_events", "secret"])
		.where("account_id", "=", STRIPE_ACCOUNT)
		.execute();
}

const connectWith = (key: string, actor: Actor = admin) =>
	server.inject({ method: "POST", url: CONNECT, headers: actor.headers, payload: { secret_key: key } });

beforeAll(async () => {
	sandbox = await createTestApp({
		seed: async (db) =>
			void (await insertTestAccount(db.kysely, STRIPE_ACCOUNT, { test_mode: 1, name: "Rosen Goods" })),
	});
	await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
	apiBase = `http://127.0.0.1:${(sandbox.app.server.address() as AddressInfo).port}`;
	secretKey = (await createApiKeys(sandbox.db.kysely, STRIPE_ACCOUNT, "paydesk", sandbox.clock.seconds()))
		.secret;

	store = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)),
	});
	server = await store.anotherServer({ stripeApiBase: apiBase, secretKey: appSecretKey });
	admin = await store.actor("administrator");
	manager = await store.actor("shop_manager");
});

afterAll(async () => {
	await server?.close();
	await store?.close();
	await sandbox?.close();
});

describe("before connecting", () => {
	it("the state says not connected, and the sync is a 404", async () => {
		const state = await server.inject({ method: "GET", url: CONNECT, headers: admin.headers });
		expect(state.statusCode).toBe(200);
		expect(state.json()).toEqual({ connected: false });
		const sync = await server.inject({ method: "GET", url: SYNC, headers: admin.headers });
		expect(sync.statusCode).toBe(404);
		expect(sync.json()).toMatchObject({ code: "wcpay_stripe_not_connected", data: { status: 404 } });
	});

	it("a shop manager may not connect (403), and nothing reaches Stripe", async () => {
		const response = await connectWith(secretKey, manager);
		expect(response.statusCode).toBe(403);
		expect(response.json()).toMatchObject({ code: "rest_forbidden" });
		expect(await sandboxEndpoints()).toEqual([]);
	});

	it("a key that is not a Stripe secret or restricted key is a 400 naming the parameter", async () => {
		const response = await connectWith("pk_test_123456789abc");
		expect(response.statusCode).toBe(400);
		expect(response.json()).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { secret_key: expect.any(String) } },
		});
	});

	it("a key Stripe refuses is a 400 wcpay_stripe_key_invalid carrying Stripe's reason, and nothing is saved", async () => {
		const wrong = `sk_test_${randomBytes(16).toString("hex")}`;
		const response = await connectWith(wrong);
		expect(response.statusCode).toBe(400);
		const body = response.json();
		expect(body.code).toBe("wcpay_stripe_key_invalid");
		expect(body.message).toMatch(/^Stripe refused the key: /);
		// The sandbox's own words for an unknown key.
		expect(body.message).toContain("Invalid API Key provided");
		expect(body.data.stripe).toMatchObject({ status: 401, type: "invalid_request_error" });
		expect(await store.db.kysely.selectFrom("stripe_connections").selectAll().execute()).toEqual([]);
		expect(await sandboxEndpoints()).toEqual([]);
	});
});

describe("connecting with a secret key", () => {
	let connected: Record<string, unknown>;

	beforeAll(async () => {
		const response = await connectWith(secretKey);
		expect(response.statusCode, response.body).toBe(200);
		connected = response.json();
	});

	it("answers the Stripe account, the key's kind and last four, and an import under way", () => {
		expect(connected).toMatchObject({
			connected: true,
			stripe_account_id: STRIPE_ACCOUNT,
			stripe_account_name: "Rosen Goods",
			livemode: false,
			key_kind: "secret",
			key_last4: secretKey.slice(-4),
			status: "importing",
			connected_at: store.clock.seconds(),
			last_error: null,
		});
		expect(JSON.stringify(connected)).not.toContain(secretKey);
	});

	it("registers Paydesk's webhook endpoint on the Stripe account, for every event", async () => {
		const endpoints = await sandboxEndpoints();
		expect(endpoints).toHaveLength(1);
		expect(endpoints[0]).toMatchObject({ id: connected.webhook_endpoint_id, url: WEBHOOK_URL });
		expect(JSON.parse(endpoints[0]?.enabled_events ?? "[]")).toEqual(["*"]);
	});

	it("keeps the key and the endpoint's secret sealed: the row holds neither", async () => {
		const row = await store.db.kysely
			.selectFrom("stripe_connections")
			.selectAll()
			.where("account_id", "=", TEST_ACCOUNT)
			.executeTakeFirstOrThrow();
		const [endpoint] = await sandboxEndpoints();
		const text = JSON.stringify(row);
		expect(text).not.toContain(secretKey);
		expect(text).not.toContain(secretKey.slice(8));
		expect(text).not.toContain(endpoint?.secret);
		expect(row.key_encrypted).toMatch(/^v1\./);
		expect(row.webhook_secret_encrypted).toMatch(/^v1\./);
		// …and the server's application key opens it again.
		const appKey = appKeyProvider({
			envKey: appSecretKey,
			dataDir: store.dataDir,
			dialect: onPostgres ? "postgres" : "sqlite",
		})();
		expect(storedKey(row, appKey)).toBe(secretKey);
	});

	it.skipIf(onPostgres)("on SQLite, made the application key file in the data folder with mode 0600", () => {
		expect(statSync(path.join(store.dataDir, APP_KEY_FILE)).mode & 0o777).toBe(0o600);
	});

	it("the state shows the connection; a second connect is refused (409)", async () => {
		const state = await server.inject({ method: "GET", url: CONNECT, headers: manager.headers });
		expect(state.statusCode).toBe(200);
		// The import of the (empty) account may have ended since: the rest is as connecting answered.
		expect({ ...state.json(), status: connected.status }).toEqual(connected);
		const again = await connectWith(secretKey);
		expect(again.statusCode).toBe(409);
		expect(again.json()).toMatchObject({ code: "wcpay_stripe_already_connected" });
		expect(await sandboxEndpoints()).toHaveLength(1);
	});

	it("the sync answers the import of an account with no history: live, with nothing imported", async () => {
		let sync: Record<string, unknown> = {};
		for (let tries = 0; tries < 200; tries++) {
			const response = await server.inject({ method: "GET", url: SYNC, headers: admin.headers });
			expect(response.statusCode).toBe(200);
			sync = response.json();
			if (sync.status !== "importing") break;
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
		expect(sync).toEqual({
			status: "live",
			counts: {
				customers: 0,
				payment_intents: 0,
				charges: 0,
				refunds: 0,
				disputes: 0,
				balance_transactions: 0,
				payouts: 0,
			},
			kinds_done: [
				"customers",
				"payment_intents",
				"charges",
				"refunds",
				"disputes",
				"balance_transactions",
				"payouts",
			],
			rate_per_second: null,
			import_started_at: store.clock.seconds(),
			import_finished_at: store.clock.seconds(),
			last_error: null,
			last_event_at: null,
			lag_seconds: null,
		});
	});

	it("the store's payments account was already open: it keeps its own record", async () => {
		const account = await store.db.kysely
			.selectFrom("accounts")
			.select(["connected", "test_mode", "name"])
			.where("id", "=", TEST_ACCOUNT)
			.executeTakeFirstOrThrow();
		expect(account).toMatchObject({ connected: 1, test_mode: 0 });
		expect(account.name).not.toBe("Rosen Goods");
	});

	it("a shop manager may not disconnect (403)", async () => {
		const response = await server.inject({ method: "DELETE", url: CONNECT, headers: manager.headers });
		expect(response.statusCode).toBe(403);
		expect(await sandboxEndpoints()).toHaveLength(1);
	});

	it("disconnecting removes the endpoint from the Stripe account and forgets the key", async () => {
		const response = await server.inject({ method: "DELETE", url: CONNECT, headers: admin.headers });
		expect(response.statusCode, response.body).toBe(200);
		expect(response.json()).toEqual({ connected: false, webhook_endpoint_removed: true });
		expect(await sandboxEndpoints()).toEqual([]);
		expect(await store.db.kysely.selectFrom("stripe_connections").selectAll().execute()).toEqual([]);
		const state = await server.inject({ method: "GET", url: CONNECT, headers: admin.headers });
		expect(state.json()).toEqual({ connected: false });
		const again = await server.inject({ method: "DELETE", url: CONNECT, headers: admin.headers });
		expect(again.statusCode).toBe(404);
		expect(again.json()).toMatchObject({ code: "wcpay_stripe_not_connected" });
	});
});

describe("a store with no payments account yet", () => {
	it("is opened by its Stripe account: connected, its name and country, test mode for a test key", async () => {
		await store.db.kysely
			.updateTable("accounts")
			.set({ connected: 0, status: "pending", details_submitted: 0, payments_enabled: 0, country: "DE" })
			.where("id", "=", TEST_ACCOUNT)
			.execute();
		const response = await connectWith(secretKey);
		expect(response.statusCode, response.body).toBe(200);
		const account = await store.db.kysely
			.selectFrom("accounts")
			.select([
				"connected",
				"status",
				"details_submitted",
				"payments_enabled",
				"test_mode",
				"name",
				"country",
			])
			.where("id", "=", TEST_ACCOUNT)
			.executeTakeFirstOrThrow();
		expect(account).toEqual({
			connected: 1,
			status: "complete",
			details_submitted: 1,
			payments_enabled: 1,
			test_mode: 1,
			name: "Rosen Goods",
			country: "US",
		});
		const disconnected = await server.inject({ method: "DELETE", url: CONNECT, headers: admin.headers });
		expect(disconnected.statusCode).toBe(200);
	});
});

describe.runIf(onPostgres)("on PostgreSQL without PAYDESK_SECRET_KEY", () => {
	it("connecting is a clear error naming PAYDESK_SECRET_KEY, and nothing reaches Stripe", async () => {
		const keyless = await store.anotherServer({ stripeApiBase: apiBase, secretKey: undefined });
		try {
			const response = await keyless.inject({
				method: "POST",
				url: CONNECT,
				headers: admin.headers,
				payload: { secret_key: secretKey },
			});
			expect(response.statusCode).toBe(500);
			expect(response.json()).toMatchObject({ code: "wcpay_secret_key_missing" });
			expect(response.json().message).toContain("PAYDESK_SECRET_KEY must be set");
			expect(await sandboxEndpoints()).toEqual([]);
		} finally {
			await keyless.close();
		}
	});
});
