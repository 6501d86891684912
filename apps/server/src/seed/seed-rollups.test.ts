/**
 * A freshly seeded store answers its transaction summary from the rollups, so the
 * seed must leave them in line with the ledger it bulk-loaded.
 */
import { transactionQueries } from "@paydesk/contract/transactions";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summariseTransactions } from "../payments/transactions/summary.ts";
import { createTestDb, type TestDb } from "../testing/test-db.ts";
import { seedStore } from "./store.ts";

const ACCOUNT = "acct_seed_rollups";

describe("demo store rollups", () => {
	let db: TestDb;

	beforeAll(async () => {
		db = await createTestDb();
		await seedStore(db, {
			accountId: ACCOUNT,
			transactions: 800,
			seed: 3,
			now: new Date("2026-03-15T13:45:00Z"),
		});
	}, 60_000);

	afterAll(async () => {
		await db.destroy();
	});

	it("the unfiltered summary of a seeded store counts and sums every transaction of its ledger", async () => {
		const ledger = await sql<{ count: number; amount: number; fee: number; net: number }>`
			select count(*) as count, sum(amount) as amount, sum(fee) as fee, sum(net) as net
			from balance_transactions where account_id = ${ACCOUNT}`.execute(db.kysely);
		const expected = ledger.rows[0];
		const summary = await summariseTransactions(
			db,
			ACCOUNT,
			transactionQueries.filters.parse({}),
			"UTC",
			"usd",
		);
		expect(Number(expected?.count)).toBeGreaterThan(500);
		expect(summary.count).toBe(Number(expected?.count));
		expect(summary.fees).toBe(Number(expected?.fee));
		expect(summary.net).toBe(Number(expected?.net));
		expect(summary.store_currencies.length).toBeGreaterThan(0);
	});
});
