/**
 * Restricted keys (rk_…) through Stripe's official SDK: a key reaches only the resources its
 * permissions give it, read or write, and write implies read. A call beyond them is a 403
 * invalid_request_error without a code (the SDK's permission error) naming the permission that
 * would allow it, as rak_<permission>_<read|write>. A deleted or rolled key stops working, a
 * rolled one's successor keeps its permissions, and the request log names the key of a refusal.
 * Every /v1 route declares what a restricted key needs.
 */
import type { AddressInfo } from "node:net";
import { RESTRICTED_KEY_RESOURCES } from "@paydesk/contract/developers";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKeys, createRestrictedKey, rollApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

let t: TestApp;
let port: number;
let chargeId: string;
let intentId: string;

function client(key: string): Stripe {
	return new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
}

async function restricted(name: string, permissions: Parameters<typeof createRestrictedKey>[3]) {
	return (await createRestrictedKey(t.db.kysely, TEST_ACCOUNT, name, permissions, t.clock.seconds())).secret;
}

/** The error a call fails with (the test fails if it succeeds). */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
	const outcome = await call.then(
		() => null,
		(error: unknown) => error,
	);
	expect(outcome, "the call should have been refused").toBeInstanceOf(Stripe.errors.StripeError);
	return outcome as Stripe.errors.StripeError;
}

function expectPermissionRefusal(error: Stripe.errors.StripeError, permission: string) {
	expect(error).toBeInstanceOf(Stripe.errors.StripePermissionError);
	expect(error.statusCode).toBe(403);
	expect(error.type).toBe("StripePermissionError");
	expect(error.rawType).toBe("invalid_request_error");
	expect(error.code).toBeUndefined();
	expect(error.message).toContain(`'${permission}'`);
}

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 })),
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
	const secret = (await createApiKeys(t.db.kysely, TEST_ACCOUNT, "full", t.clock.seconds())).secret;
	const paid = await client(secret).paymentIntents.create({
		amount: 2500,
		currency: "usd",
		payment_method: "pm_card_visa",
		confirm: true,
	});
	intentId = paid.id;
	chargeId = paid.latest_charge as string;
});

afterAll(() => t.close());

describe("a restricted key", () => {
	it("is made in the account's mode and works with the SDK like a secret key", async () => {
		const key = await restricted("charges reader", { charges: "read" });
		expect(key).toMatch(/^rk_test_[0-9A-Za-z]{40}$/);
		const charges = await client(key).charges.list({ limit: 10 });
		expect(charges.data.map((charge) => charge.id)).toContain(chargeId);
		expect((await client(key).charges.retrieve(chargeId)).id).toBe(chargeId);
	});

	it("with read on charges is refused creating a refund, naming rak_refund_write", async () => {
		const stripe = client(await restricted("read only", { charges: "read" }));
		const error = await refusal(stripe.refunds.create({ charge: chargeId, amount: 100 }));
		expectPermissionRefusal(error, "rak_refund_write");
		// Nothing was refunded.
		const refunds = await t.db.kysely
			.selectFrom("refunds")
			.select("id")
			.where("account_id", "=", TEST_ACCOUNT)
			.execute();
		expect(refunds).toEqual([]);
	});

	it("with read on charges is refused writing them, naming rak_charge_write", async () => {
		const stripe = client(await restricted("read charges", { charges: "read" }));
		const error = await refusal(stripe.charges.update(chargeId, { description: "changed" }));
		expectPermissionRefusal(error, "rak_charge_write");
	});

	it("without charges is refused listing them, naming rak_charge_read", async () => {
		const stripe = client(await restricted("customers only", { customers: "write" }));
		expectPermissionRefusal(await refusal(stripe.charges.list()), "rak_charge_read");
		expectPermissionRefusal(await refusal(stripe.balance.retrieve()), "rak_balance_read");
		expectPermissionRefusal(
			await refusal(stripe.balanceTransactions.list()),
			"rak_balance_transaction_source_read",
		);
		expectPermissionRefusal(await refusal(stripe.webhookEndpoints.list()), "rak_webhook_read");
		// What it was given works.
		expect((await stripe.customers.create({ email: "jo@example.com" })).object).toBe("customer");
	});

	it("write implies read", async () => {
		const stripe = client(await restricted("refunder", { refunds: "write", payment_intents: "write" }));
		const refund = await stripe.refunds.create({ payment_intent: intentId, amount: 300 });
		expect((await stripe.refunds.retrieve(refund.id)).amount).toBe(300);
		expect((await stripe.refunds.list()).data.map((item) => item.id)).toContain(refund.id);
		expect((await stripe.paymentIntents.retrieve(intentId)).id).toBe(intentId);
		// A resource it was not given stays closed, whatever the method.
		expectPermissionRefusal(await refusal(stripe.charges.retrieve(chargeId)), "rak_charge_read");
	});

	it("reads a customer's payment methods with payment_methods, not with customers alone", async () => {
		const customers = client(await restricted("customer reader", { customers: "read" }));
		const customer = await client(
			await restricted("customer writer", { customers: "write" }),
		).customers.create({});
		expect((await customers.customers.retrieve(customer.id)).id).toBe(customer.id);
		expectPermissionRefusal(
			await refusal(customers.customers.listPaymentMethods(customer.id)),
			"rak_payment_method_read",
		);
		const methods = client(await restricted("methods reader", { payment_methods: "read" }));
		expect((await methods.customers.listPaymentMethods(customer.id)).data).toEqual([]);
	});

	it("reads the account only with account read", async () => {
		const without = client(await restricted("no account", { balance: "read" }));
		expectPermissionRefusal(await refusal(without.accounts.retrieveCurrent()), "rak_connected_account_read");
		const reader = client(await restricted("account reader", { account: "read" }));
		expect((await reader.accounts.retrieveCurrent()).id).toBe(TEST_ACCOUNT);
	});

	it("stops working once deleted", async () => {
		const key = await restricted("short-lived", { balance: "read" });
		expect((await client(key).balance.retrieve()).object).toBe("balance");
		await t.db.kysely.deleteFrom("api_keys").where("name", "=", "short-lived").execute();
		const error = await refusal(client(key).balance.retrieve());
		expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
	});

	it("rolled, stops working when its expiry comes, and its successor keeps its permissions", async () => {
		const key = await restricted("rolling", { balance: "read" });
		const rolled = await rollApiKeys(t.db.kysely, TEST_ACCOUNT, "rolling", t.clock.seconds(), 60);
		expect(rolled?.publishable).toBeNull();
		const next = rolled?.secret ?? "";
		expect(next).toMatch(/^rk_test_/);
		expect((await client(key).balance.retrieve()).object).toBe("balance");
		expect((await client(next).balance.retrieve()).object).toBe("balance");
		expectPermissionRefusal(await refusal(client(next).charges.list()), "rak_charge_read");
		t.clock.advance(61);
		expect(await refusal(client(key).balance.retrieve())).toBeInstanceOf(
			Stripe.errors.StripeAuthenticationError,
		);
		expect((await client(next).balance.retrieve()).object).toBe("balance");
	});

	it("a refused request is kept in the request log under the key's name", async () => {
		const key = await restricted("logged reader", { charges: "read" });
		await refusal(client(key).refunds.create({ charge: chargeId, amount: 100 }));
		const entry = await vi.waitFor(async () => {
			const row = await t.db.kysely
				.selectFrom("request_log")
				.selectAll()
				.where("key_name", "=", "logged reader")
				.executeTakeFirst();
			expect(row).toBeDefined();
			return row;
		});
		expect(entry).toMatchObject({ method: "POST", path: "/v1/refunds", status: 403 });
		expect(entry?.response).toContain("rak_refund_write");
	});
});

describe("every /v1 route", () => {
	it("declares a permission a restricted key can be given", () => {
		expect(t.app.stripeApiRoutes.length).toBeGreaterThanOrEqual(14);
		for (const route of t.app.stripeApiRoutes) {
			const name = `${route.method} ${route.path}`;
			const resource = RESTRICTED_KEY_RESOURCES[route.permission.resource];
			expect(resource, name).toBeDefined();
			expect(route.permission.access, name).toBe(route.method === "GET" ? "read" : "write");
			if (route.permission.access === "write") expect(resource.writable, name).toBe(true);
		}
	});
});
