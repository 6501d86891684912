/**
 * Every route of Stripe's API, as the server registered them: without a key it answers 401 in
 * Stripe's shape, and with another account's key it never reads or changes this account's
 * objects (a 404 for an object named in the path, lists that hold none of them), whatever the
 * route. A route added later is walked without being listed here.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, injectOnce, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

const OTHER = "acct_stranger";

let t: TestApp;
let strangerKey: string;
/** This account's objects, by the resource name of their path. */
const mine: Record<string, string> = {};

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 });
			await insertTestAccount(db.kysely, OTHER, { test_mode: 1 });
		},
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	const port = (t.app.server.address() as AddressInfo).port;
	const own = (await createApiKeys(t.db.kysely, TEST_ACCOUNT, "own", t.clock.seconds())).secret;
	strangerKey = (await createApiKeys(t.db.kysely, OTHER, "stranger", t.clock.seconds())).secret;
	const stripe = new Stripe(own, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
	const paid = await stripe.paymentIntents.create({
		amount: 4000,
		currency: "usd",
		payment_method: "pm_card_visa",
		confirm: true,
	});
	const refund = await stripe.refunds.create({ payment_intent: paid.id, amount: 500 });
	const events = await stripe.events.list({ limit: 1 });
	mine.payment_intents = paid.id;
	mine.charges = paid.latest_charge as string;
	mine.refunds = refund.id;
	mine.events = events.data[0]?.id ?? "";
	mine.balance_transactions = refund.balance_transaction as string;
});

afterAll(() => t.close());

function urlOf(path: string): { url: string; names: string[] } {
	const names: string[] = [];
	const url = path.replace(/\/([a-z_]+)\/:(\w+)/g, (_match, resource: string) => {
		names.push(resource);
		return `/${resource}/${mine[resource] ?? "xx_unknown1"}`;
	});
	return { url: `/v1${url}`, names };
}

describe("every /v1 route", () => {
	it("has routes to walk", () => {
		expect(t.app.stripeApiRoutes.length).toBeGreaterThanOrEqual(14);
	});

	it("answers 401 in Stripe's shape without a key", async () => {
		for (const route of t.app.stripeApiRoutes) {
			const { url } = urlOf(route.path);
			const answer = await injectOnce(t.app, {
				method: route.method,
				url,
				...(route.method === "POST"
					? { headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "" }
					: {}),
			});
			expect(answer.statusCode, `${route.method} ${route.path}`).toBe(401);
			expect(JSON.parse(answer.body), `${route.method} ${route.path}`).toMatchObject({
				error: { type: "invalid_request_error" },
			});
		}
	});

	it("never reads or changes another account's objects", async () => {
		const ids = Object.values(mine).filter(Boolean);
		for (const route of t.app.stripeApiRoutes) {
			const { url, names } = urlOf(route.path);
			const answer = await injectOnce(t.app, {
				method: route.method,
				url,
				headers: {
					authorization: `Bearer ${strangerKey}`,
					...(route.method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
				},
				...(route.method === "POST" ? { payload: "" } : {}),
			});
			const name = `${route.method} ${route.path}`;
			// An object of the path is not found (or the call's own parameters are refused first).
			if (names.length > 0) expect([400, 404], name).toContain(answer.statusCode);
			else expect(answer.statusCode, name).not.toBe(500);
			// A 404 names the id it was asked for; no other of this account's ids may appear.
			for (const id of ids.filter((id) => !url.includes(id))) expect(answer.body, name).not.toContain(id);
		}
		// The stranger's key may write its own account's rows (its own drafts); this account's rows
		// are what must not change.
		expect(await ownRows(), "this account's rows").toEqual(ownRowsBefore);
	});
});

let ownRowsBefore: Record<string, unknown[]> = {};

/** This account's rows of the tables /v1 reads and writes. */
async function ownRows(): Promise<Record<string, unknown[]>> {
	const out: Record<string, unknown[]> = {};
	for (const table of [
		"payment_intents",
		"intent_details",
		"charges",
		"refunds",
		"balance_transactions",
		"disputes",
		"payouts",
		"stripe_customers",
		"payment_methods",
		"account_events",
	] as const) {
		out[table] = await t.db.kysely
			.selectFrom(table)
			.selectAll()
			.where("account_id", "=", TEST_ACCOUNT)
			.execute();
	}
	return out;
}

beforeAll(async () => {
	ownRowsBefore = await ownRows();
});
