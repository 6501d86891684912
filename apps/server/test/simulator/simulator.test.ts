/**
 * `npm run simulate` against a real listening server: the simulator learns what the
 * store accepts, sends its payments through HTTP with an application password, and every
 * payment it counts is one payment intent in the database, with no errors. A currency the
 * store refuses is sent again in the store currency.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplicationPassword } from "../../src/auth/users.ts";
import { runSimulation, type SimulationOptions } from "../../src/simulator/run.ts";
import type { SimulationResult } from "../../src/simulator/summary.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { saveFraudFilters } from "../support/intake-fixtures.ts";

const BANKS = ["usd", "eur", "gbp"].map((currency) => ({
	currency,
	status: "verified",
	bank_name: "STRIPE TEST BANK",
	last4: "6789",
}));

let t: TestApp;
let options: Omit<SimulationOptions, "payments" | "seed">;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				external_accounts: JSON.stringify(BANKS),
				settings: JSON.stringify({ enabled_payment_method_ids: ["card", "link", "klarna", "sepa_debit"] }),
			});
			await saveFraudFilters(db.kysely, TEST_ACCOUNT, {
				purchase_price_threshold: { enabled: true, block: true, min_amount: null, max_amount: 100_000 },
				order_items_threshold: { enabled: true, block: false, min_items: null, max_items: 12 },
			});
		},
	});
	const admin = await t.actor("administrator");
	const { password } = await createApplicationPassword(
		t.db.kysely,
		admin.user,
		"simulator",
		t.clock.seconds(),
	);
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	const address = t.app.server.address();
	if (!address || typeof address === "string") throw new Error("the server is not listening on a port");
	options = {
		url: `http://127.0.0.1:${address.port}`,
		user: admin.user.login,
		password,
		overMs: 0,
		concurrency: 4,
		year: 2026,
		client: { retries: 1, retryDelayMs: 50 },
	};
});
afterAll(async () => t.close());

const intentRows = async () =>
	Number(
		(
			await sql<{
				count: number | string;
			}>`select count(*) as count from payment_intents where account_id = ${TEST_ACCOUNT}`.execute(
				t.db.kysely,
			)
		).rows[0]?.count ?? 0,
	);

const counted = (result: SimulationResult) =>
	[...result.outcomes.values()].reduce((sum, count) => sum + count, 0);

describe("the payment simulator", () => {
	it("takes 40 payments through the API: the outcomes add up to 40 payment intents, with no errors", async () => {
		const result = await runSimulation({ ...options, payments: 40, seed: 14 });
		expect(result.errorSamples).toEqual([]);
		expect(result.errors).toBe(0);
		expect(result.total).toBe(40);
		expect(counted(result)).toBe(40);
		expect(await intentRows()).toBe(40);
		expect(result.outcomes.get("succeeded") ?? 0).toBeGreaterThan(20);
		expect(result.intakeMs.length).toBeGreaterThanOrEqual(40);
		expect(result.currencyFallbacks).toBe(0);
	});

	it("sends a payment again in the store currency when the store refuses its currency", async () => {
		await t.db.kysely
			.updateTable("accounts")
			.set({ external_accounts: JSON.stringify(BANKS.slice(0, 1)) })
			.where("id", "=", TEST_ACCOUNT)
			.execute();
		const profile = {
			storeCurrency: "usd",
			currencies: ["usd", "eur", "gbp"],
			methods: ["card"],
			limits: { maxAmount: null, maxItems: null },
			year: 2026,
		};
		const result = await runSimulation({ ...options, payments: 40, seed: 15, profile });
		expect(result.errorSamples).toEqual([]);
		expect(result.currencyFallbacks).toBeGreaterThan(0);
		expect(counted(result)).toBe(40);
		expect(await intentRows()).toBe(80);
	});

	it("a run sent again with its seed and key prefix pays nothing twice: every payment is answered again", async () => {
		const before = await intentRows();
		const first = await runSimulation({ ...options, payments: 15, seed: 16, keyPrefix: "sim-retry-16" });
		expect(first.errors).toBe(0);
		const made = await intentRows();
		expect(made - before).toBe(15);
		const again = await runSimulation({ ...options, payments: 15, seed: 16, keyPrefix: "sim-retry-16" });
		expect(again.errors).toBe(0);
		expect(Object.fromEntries(again.outcomes)).toEqual(Object.fromEntries(first.outcomes));
		expect(await intentRows()).toBe(made);
	});
});
