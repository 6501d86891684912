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

describe("card data never reaches the logs (issue 14)", () => {
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
