/**
 * Migration 0010 on a store that has rows: the value counts it rebuilds from the ledger, keyed by
 * every filter the rollups answer, are the counts the code keeps as it inserts; down rebuilds
 * the counts per balance currency and type that migration 0006 made.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { down, up } from "../../../src/db/migrations/0010-value-bands-by-every-filter.ts";
import { bulkInsertBalanceTransactions } from "../../../src/ledger/rollups.ts";
import { FINE, valueCountDrift, valueCountRowsOf } from "../../../src/ledger/value-counts.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { TEST_ACCOUNT } from "../../../src/testing/test-app.ts";
import { createTestDb, type TestDb } from "../../../src/testing/test-db.ts";
import { transactionFixtures } from "../../support/transaction-fixtures.ts";

let db: TestDb;
const ledger = transactionFixtures(400).ledger;
const migrationDb = () => db.kysely as unknown as Kysely<unknown>;

beforeAll(async () => {
	db = await createTestDb();
	await insertTestAccount(db.kysely, TEST_ACCOUNT);
	await bulkInsertBalanceTransactions(db, ledger);
});
afterAll(async () => db.destroy());

/** The counts per measure, balance currency, type and band, as `measure currency type band count`. */
function perCurrencyAndType(
	rows: { measure: string; currency: string; type: string; band: number; count: number }[],
) {
	const sums = new Map<string, number>();
	for (const row of rows) {
		const key = `${row.measure} ${row.currency} ${row.type} ${Number(row.band)}`;
		sums.set(key, (sums.get(key) ?? 0) + Number(row.count));
	}
	return [...sums.entries()].map(([key, count]) => `${key} ${count}`).sort();
}

describe("migration 0010 on existing rows", () => {
	it("down counts per balance currency and type, as migration 0006 did", async () => {
		await down(migrationDb());
		const stored = await sql<{
			measure: string;
			currency: string;
			type: string;
			band: number;
			count: number;
		}>`
			select measure, currency, type, band, count from transaction_value_counts`.execute(db.kysely);
		const fine = valueCountRowsOf(ledger).filter((row) => row.digits === FINE);
		expect(perCurrencyAndType(stored.rows)).toEqual(perCurrencyAndType(fine));
		expect(stored.rows).toHaveLength(perCurrencyAndType(fine).length);
	});

	it("up counts by every filter the rollups answer, as the code does when it inserts", async () => {
		await up(migrationDb(), db.dialect);
		expect(await valueCountDrift(db.kysely, TEST_ACCOUNT)).toEqual([]);
		const stored = await sql<{ n: number }>`select count(*) as n from transaction_value_counts`.execute(
			db.kysely,
		);
		expect(Number(stored.rows[0]?.n)).toBe(valueCountRowsOf(ledger).length);
	});
});
