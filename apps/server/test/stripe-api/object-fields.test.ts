/**
 * The compiler holds Paydesk's Stripe objects to the official SDK's types; this test holds the
 * answers themselves to them at run time. Every field the SDK's type declares required (a
 * property without `?` in node_modules/stripe/esm/resources/*.d.ts) is in the JSON answered, for
 * each kind of object, as the SDK's users read it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

/** The SDK's esm/resources folder, found from the module the SDK resolves to. */
const resources = path.join(
	createRequire(import.meta.url)
		.resolve("stripe")
		.replace(/[/\\](cjs|esm)[/\\].*$/, ""),
	"esm",
	"resources",
);

/** The required property names of `export interface <name> {` in one of the SDK's declaration files. */
function requiredFields(file: string, name: string): string[] {
	const text = readFileSync(path.join(resources, file), "utf8");
	const start = text.indexOf(`export interface ${name} {`);
	if (start === -1) throw new Error(`no interface ${name} in ${file}`);
	const body = text.slice(start, text.indexOf("\n}", start));
	return [...body.matchAll(/^ {4}([a-z_]+): /gm)].map((match) => match[1] as string);
}

let t: TestApp;
let stripe: Stripe;
let port: number;
let secret: string;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 })),
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
	secret = (await createApiKeys(t.db.kysely, TEST_ACCOUNT, "fields", t.clock.seconds())).secret;
	stripe = new Stripe(secret, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
});

afterAll(() => t.close());

/** The raw JSON of a GET, as the server answered it. */
async function raw(pathname: string): Promise<Record<string, unknown>> {
	const response = await fetch(`http://127.0.0.1:${port}${pathname}`, {
		headers: { authorization: `Bearer ${secret}` },
	});
	expect(response.status, pathname).toBe(200);
	return (await response.json()) as Record<string, unknown>;
}

describe("every object answered has each field the SDK's type requires", () => {
	it("payment intents, charges, refunds, balance transactions, customers, payment methods, the balance and events", async () => {
		const customer = await stripe.customers.create({ email: "fields@example.com" });
		const method = await stripe.paymentMethods.create({
			type: "card",
			card: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
		});
		const intent = await stripe.paymentIntents.create({
			amount: 3000,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
			customer: customer.id,
		});
		const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
		const charge = await raw(`/v1/charges/${intent.latest_charge}`);
		const events = await raw("/v1/events?limit=1");
		const checks: [string, string, Record<string, unknown>][] = [
			["PaymentIntents.d.ts", "PaymentIntent", await raw(`/v1/payment_intents/${intent.id}`)],
			["Charges.d.ts", "Charge", charge],
			["Refunds.d.ts", "Refund", await raw(`/v1/refunds/${refund.id}`)],
			[
				"BalanceTransactions.d.ts",
				"BalanceTransaction",
				await raw(`/v1/balance_transactions/${charge.balance_transaction}`),
			],
			["Customers.d.ts", "Customer", await raw(`/v1/customers/${customer.id}`)],
			["PaymentMethods.d.ts", "PaymentMethod", await raw(`/v1/payment_methods/${method.id}`)],
			["Balance.d.ts", "Balance", await raw("/v1/balance")],
			[
				"Events.d.ts",
				"EventBase",
				((events.data as Record<string, unknown>[])[0] ?? {}) as Record<string, unknown>,
			],
		];
		for (const [file, name, object] of checks) {
			const required = requiredFields(file, name);
			expect(required.length, `${name} has required fields`).toBeGreaterThan(3);
			const missing = required.filter((field) => !(field in object));
			expect(missing, `${name} lacks`).toEqual([]);
		}
	});
});
