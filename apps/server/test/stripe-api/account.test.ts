/**
 * GET /v1/account through Stripe's official Node SDK (accounts.retrieveCurrent): the key's own account as a standard
 * Stripe account, and only that one.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

const OTHER_ACCOUNT = "acct_other";
let t: TestApp;
let port: number;

function client(key: string): Stripe {
	return new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
}

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				test_mode: 1,
				name: "Rosen Goods",
				country: "FR",
				default_currency: "EUR",
				deposits_blocked: 1,
			});
			await insertTestAccount(db.kysely, OTHER_ACCOUNT, { test_mode: 1, name: "Other Shop" });
		},
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
});

afterAll(() => t.close());

describe("the account", () => {
	it("is the key's own account, as Stripe answers a standard account", async () => {
		const administrator = await t.actor("administrator");
		const { secret } = await createApiKeys(t.db.kysely, TEST_ACCOUNT, "store", t.clock.seconds());
		const account = await client(secret).accounts.retrieveCurrent();
		expect(account).toMatchObject({
			id: TEST_ACCOUNT,
			object: "account",
			type: "standard",
			country: "FR",
			default_currency: "eur",
			charges_enabled: true,
			payouts_enabled: false,
			details_submitted: true,
			email: administrator.user.email,
			business_profile: { name: "Rosen Goods" },
			settings: { dashboard: { display_name: "Rosen Goods" } },
		});
		expect(typeof account.created).toBe("number");
	});

	it("answers another key's account to that key, with a null e-mail when it has no administrator", async () => {
		const { secret } = await createApiKeys(t.db.kysely, OTHER_ACCOUNT, "other", t.clock.seconds());
		const account = await client(secret).accounts.retrieveCurrent();
		expect(account.id).toBe(OTHER_ACCOUNT);
		expect(account.email).toBeNull();
		expect(account.business_profile?.name).toBe("Other Shop");
	});

	it("refuses an unknown key with Stripe's authentication error", async () => {
		const caught = await client("sk_test_unknownkey1234")
			.accounts.retrieveCurrent()
			.catch((error: unknown) => error);
		expect(caught).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
	});
});
