import type { DepositsOverview, Payout } from "@paydesk/contract/deposits";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	TEST_NOW,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { at, ledgerRow, payoutRow } from "../../support/payout-fixtures.ts";

const DEPOSITS = "/wp-json/wc/v3/payments/deposits";
const now = TEST_NOW.getTime() / 1000;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				external_accounts: JSON.stringify([
					{ currency: "usd", status: "verified", bank_name: "STRIPE TEST BANK", last4: "6789" },
					{ currency: "eur", status: "errored", bank_name: "EURO BANK", last4: "3000" },
				]),
			});
			await db.kysely
				.insertInto("balance_transactions")
				.values([
					// USD: 600.00 available, 250.00 pending, 100.00 already paid out, a refund of 50.00.
					ledgerRow({ net: 50_000, available_on: now - 86_400 }),
					ledgerRow({ net: 25_000, available_on: now - 3_600 }),
					ledgerRow({ net: -5_000, type: "refund", available_on: now - 60 }),
					ledgerRow({ net: 25_000, available_on: now + 86_400 }),
					// EUR: 80.00 available, withdrawal of 20.00 added back, a failed payout returned.
					ledgerRow({ net: 6_000, currency: "eur", available_on: now - 86_400 }),
					// JPY is not paid out instantly.
					ledgerRow({ net: 9_000, currency: "jpy", available_on: now - 86_400 }),
				])
				.execute();
			await db.kysely
				.insertInto("payouts")
				.values([
					payoutRow({ id: "po_paid", amount: 10_000, date: at("2026-11-10T00:00:00Z") }),
					payoutRow({ id: "po_next", amount: 0, status: "pending", date: at("2026-11-16T00:00:00Z") }),
					payoutRow({ id: "po_with", currency: "eur", type: "withdrawal", amount: -2_000, automatic: 0 }),
					payoutRow({ id: "po_fail", currency: "eur", status: "failed", amount: 4_000 }),
				])
				.execute();
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const overview = async () =>
	json<DepositsOverview>(
		await t.app.inject({ method: "GET", url: `${DEPOSITS}/overview-all`, headers: admin.headers }),
	);

const instantPayout = (currency: string, headers: Record<string, string> = {}) =>
	t.app.inject({
		method: "POST",
		url: DEPOSITS,
		headers: { ...admin.headers, ...headers },
		payload: { type: "instant", currency },
	});

/** The balance rule computed independently: Σ net − Σ (amount + fee) of payouts not failed or canceled. */
async function ledgerTotal(currency: string): Promise<number> {
	const ledger = await t.db.kysely
		.selectFrom("balance_transactions")
		.select(sql<number>`coalesce(sum(net), 0)`.as("sum"))
		.where("currency", "=", currency)
		.executeTakeFirstOrThrow();
	const payouts = await t.db.kysely
		.selectFrom("payouts")
		.select(sql<number>`coalesce(sum(amount + fee), 0)`.as("sum"))
		.where("currency", "=", currency)
		.where("status", "not in", ["failed", "canceled"])
		.executeTakeFirstOrThrow();
	return Number(ledger.sum) - Number(payouts.sum);
}

describe("GET /deposits/overview-all (spec 2 payout overview, spec 3 §3.11)", () => {
	it("answers pending, available and instant balances per currency from the ledger", async () => {
		const body = await overview();
		expect(body.balance.pending).toEqual([
			{ amount: 0, currency: "eur" },
			{ amount: 0, currency: "jpy" },
			{ amount: 25_000, currency: "usd" },
		]);
		expect(body.balance.available).toEqual([
			{ amount: 8_000, currency: "eur" },
			{ amount: 9_000, currency: "jpy" },
			{ amount: 60_000, currency: "usd" },
		]);
		// Instant: 1.5 % fee, net is what reaches the bank; JPY is not paid out instantly.
		expect(body.balance.instant).toEqual([
			{ amount: 8_000, fee: 120, net: 7_880, fee_percentage: 1.5, currency: "eur" },
			{ amount: 60_000, fee: 900, net: 59_100, fee_percentage: 1.5, currency: "usd" },
		]);
	});

	it("answers the latest paid payout, the next one and the account's payout settings", async () => {
		const body = await overview();
		expect(body.deposit.last_paid.map((p) => p.id)).toEqual(["po_paid"]);
		expect(body.deposit.next_scheduled.map((p) => p.id)).toEqual(["po_next"]);
		expect(body.account).toMatchObject({
			default_currency: "usd",
			deposits_blocked: false,
			deposits_schedule: { interval: "daily" },
			default_external_accounts: [
				{ currency: "usd", status: "verified" },
				{ currency: "eur", status: "errored" },
			],
		});
	});
});

describe("POST /deposits {type: instant} moves the instant balance exactly once (DESIGN §4)", () => {
	it("refuses a currency with nothing to pay out instantly", async () => {
		const response = await instantPayout("jpy");
		expect(response.statusCode).toBe(400);
		expect(json(response).code).toBe("wcpay_instant_deposit_unavailable");
	});

	it("twenty concurrent requests make exactly one payout, and balances still equal their ledger", async () => {
		// Open enough connections first (PostgreSQL), so the twenty requests really overlap.
		await Promise.all(Array.from({ length: 20 }, () => overview()));
		const responses = await Promise.all(Array.from({ length: 20 }, () => instantPayout("usd")));
		const ok = responses.filter((r) => r.statusCode === 200);
		expect(ok).toHaveLength(1);
		for (const refused of responses.filter((r) => r.statusCode !== 200)) {
			expect(refused.statusCode).toBe(400);
			expect(json(refused).code).toBe("wcpay_instant_deposit_unavailable");
		}
		const payout = json<Payout>(ok[0]!);
		// Funds arrive within 30 minutes; the bank gets the net, the balance gives amount + fee.
		expect(payout).toMatchObject({
			type: "deposit",
			method: "instant",
			automatic: false,
			status: "in_transit",
			amount: 59_100,
			fee: 900,
			fee_percentage: 1.5,
			currency: "usd",
			date: new Date((now + 30 * 60) * 1000).toISOString(),
			bankAccount: "STRIPE TEST BANK •••• 6789 (USD)",
		});
		const instant = await t.db.kysely
			.selectFrom("payouts")
			.select("id")
			.where("method", "=", "instant")
			.execute();
		expect(instant).toHaveLength(1);

		const body = await overview();
		const usd = (list: { amount: number; currency: string }[]) =>
			list.find((b) => b.currency === "usd")?.amount;
		expect(usd(body.balance.available)).toBe(0);
		expect(usd(body.balance.instant)).toBe(0);
		expect((usd(body.balance.available) ?? 0) + (usd(body.balance.pending) ?? 0)).toBe(
			await ledgerTotal("usd"),
		);
		expect(body.deposit.last_manual_deposits.map((p) => p.id)).toEqual([payout.id]);
	});

	it("a retry with the same Idempotency-Key answers the first payout again, even when concurrent", async () => {
		const key = { "idempotency-key": "checkout-eur-1" };
		const responses = await Promise.all(Array.from({ length: 20 }, () => instantPayout("eur", key)));
		expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
		const payoutIds = new Set(responses.map((r) => json<Payout>(r).id));
		expect(payoutIds.size).toBe(1);
		expect(json<Payout>(responses[0]!)).toMatchObject({ amount: 7_880, fee: 120, currency: "eur" });
		const stored = await t.db.kysely
			.selectFrom("payouts")
			.select("id")
			.where("method", "=", "instant")
			.where("currency", "=", "eur")
			.execute();
		expect(stored).toHaveLength(1);
		expect((await overview()).balance.available.find((b) => b.currency === "eur")?.amount).toBe(0);
		expect(await ledgerTotal("eur")).toBe(0);
	});

	it("refuses an Idempotency-Key reused for another currency, or malformed", async () => {
		const reused = await instantPayout("usd", { "idempotency-key": "checkout-eur-1" });
		expect(reused.statusCode).toBe(400);
		expect(json(reused).code).toBe("wcpay_idempotency_key_reused");
		const malformed = await instantPayout("usd", { "idempotency-key": "two words" });
		expect(malformed.statusCode).toBe(400);
		expect(json(malformed).code).toBe("rest_invalid_param");
	});

	it("refuses instant payouts while payouts are blocked", async () => {
		await t.db.kysely
			.insertInto("balance_transactions")
			.values(ledgerRow({ net: 1_000, available_on: now - 10 }))
			.execute();
		await t.db.kysely
			.updateTable("accounts")
			.set({ deposits_blocked: 1 })
			.where("id", "=", TEST_ACCOUNT)
			.execute();
		const response = await instantPayout("usd");
		expect(response.statusCode).toBe(400);
		expect(json(response).code).toBe("wcpay_instant_deposit_unavailable");
		expect((await overview()).balance.instant.find((b) => b.currency === "usd")?.amount).toBe(0);
		await t.db.kysely
			.updateTable("accounts")
			.set({ deposits_blocked: 0 })
			.where("id", "=", TEST_ACCOUNT)
			.execute();
	});

	it("validates the body: type must be instant and currency a currency code", async () => {
		const wrongType = await t.app.inject({
			method: "POST",
			url: DEPOSITS,
			headers: admin.headers,
			payload: { type: "standard", currency: "usd" },
		});
		expect(wrongType.statusCode).toBe(400);
		expect(Object.keys(json<{ data: { params: object } }>(wrongType).data.params)).toContain("type");
	});
});
