import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLog } from "../../../src/testing/captured-log.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";
import { BILLING, pay, paymentBody } from "../../support/intake-fixtures.ts";

const log = capturedLog();
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)),
		logger: { level: "trace", stream: log.stream },
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

describe("card data never reaches the logs", () => {
	it("a payment, a decline, a 3-D Secure payment and a refused number log no card number or CVC", async () => {
		const card = (number: string) => ({
			type: "card",
			card: { number, exp_month: 12, exp_year: 2030, cvc: "7319" },
			billing_details: BILLING,
		});
		await pay(t, admin.headers, paymentBody(undefined, { payment_method: card("4242424242424242") }));
		await pay(t, admin.headers, paymentBody(undefined, { payment_method: card("4000000000009995") }));
		await pay(t, admin.headers, paymentBody(undefined, { payment_method: card("4000002760003184") }));
		const refused = await pay(
			t,
			admin.headers,
			paymentBody(undefined, { payment_method: card("4242424242424241") }),
		);
		expect(refused.status).toBe(400);
		const text = log.text();
		expect(text.length).toBeGreaterThan(0);
		expect(text).toContain("/payment_intents");
		for (const secret of [
			"4242424242424242",
			"4000000000009995",
			"4000002760003184",
			"4242424242424241",
			"7319",
		]) {
			expect(text).not.toContain(secret);
		}
	});
});

describe("secrets in query strings never reach the logs", () => {
	it("a 3-D Secure page's client_secret, a KYC session, a nonce and a key are written [redacted]", async () => {
		const secrets = {
			client_secret: "pi_3Qx9_secret_Zk2mQ7rT1vW8",
			session: "kyc_4b7c9d2e8f1a3b5c7d9e0f2a4b6c8d0e",
			_wpnonce: "0a1b2c3d4e",
			key: "exp_key_9f8e7d6c5b4a",
		};
		for (const [name, value] of Object.entries(secrets)) {
			await t.app.inject({
				method: "GET",
				url: `/sandbox-partner/authenticate?${name}=${encodeURIComponent(value)}&account=acct_x`,
			});
		}
		// A secret-looking value under any name, and a password in a path's query.
		await t.app.inject({
			method: "GET",
			url: "/wp-json/wc/v3/payments/accounts?anything=sk_test_51HqLyjWDarjtT1zdp7dc",
		});
		await t.app.inject({ method: "GET", url: "/wp-login.php?password=hunter2&redirect_to=%2Fwp-admin%2F" });
		const text = log.text();
		for (const value of [...Object.values(secrets), "sk_test_51HqLyjWDarjtT1zdp7dc", "hunter2"]) {
			expect(text).not.toContain(value);
			expect(text).not.toContain(encodeURIComponent(value));
		}
		expect(text).toContain("client_secret=[redacted]");
		expect(text).toContain("account=acct_x");
		expect(text).toContain("redirect_to=%2Fwp-admin%2F");
	});
});
