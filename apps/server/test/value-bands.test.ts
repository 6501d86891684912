/**
 * Value bands (issue 17): a deep page sorted by amount, fee or net skips whole bands, which is
 * only the page OFFSET gives when every value lies in its band's range and bands keep the
 * values' order; the rebuild's SQL must band a value as the code that adds one does.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebuildRollups } from "../src/processor/rollups.ts";
import { bandRange, valueBand, valueCountRowsOf, withValueCounts } from "../src/processor/value-counts.ts";
import { insertTestAccount } from "../src/testing/fixtures.ts";
import { createTestDb, type TestDb } from "../src/testing/test-db.ts";
import { transactionFixtures } from "./transaction-fixtures.ts";

const minorUnits = fc.integer({ min: -(10 ** 12), max: 10 ** 12 });

describe("valueBand", () => {
	it("puts every value inside its band's range", () => {
		fc.assert(
			fc.property(minorUnits, (value) => {
				const { low, high } = bandRange(valueBand(value));
				expect(value).toBeGreaterThanOrEqual(low);
				expect(value).toBeLessThanOrEqual(high);
			}),
		);
	});

	it("keeps the order of values: a smaller value never has a larger band", () => {
		fc.assert(
			fc.property(minorUnits, minorUnits, (a, b) => {
				const [small, large] = a <= b ? [a, b] : [b, a];
				expect(valueBand(small)).toBeLessThanOrEqual(valueBand(large));
			}),
		);
	});

	it("gives values below 100 a band each, and two significant digits above", () => {
		expect([0, 99, -99, 100, 109, 110, 1_299, -1_299, -1_200, 123_456].map(valueBand)).toEqual([
			0, 99, -99, 100, 100, 110, 1_200, -1_200, -1_200, 120_000,
		]);
		expect(bandRange(-1_200)).toEqual({ low: -1_299, high: -1_200 });
	});
});

describe("rebuilding the counts from the ledger", () => {
	let db: TestDb;
	const ACCOUNT = "acct_value_bands";
	const values = [0, 7, -7, 99, 100, 105, 999, 1_000, 1_099, -1_099, 25_000, 987_654_321, -3_456];

	beforeAll(async () => {
		db = await createTestDb();
		await insertTestAccount(db.kysely, ACCOUNT);
	});
	afterAll(async () => db.destroy());

	it("bands each value as valueBand does", async () => {
		const template = transactionFixtures(1).ledger[0];
		if (!template) throw new Error("no fixture row");
		const rows = values.map((value, index) => ({
			...template,
			id: `txn_band_${index}`,
			account_id: ACCOUNT,
			currency: index % 2 ? "usd" : "eur",
			amount: value,
			fee: -Math.abs(Math.trunc(value / 30)),
			net: value - Math.abs(Math.trunc(value / 30)),
		}));
		await db.kysely.insertInto("balance_transactions").values(rows).execute();
		await rebuildRollups(db.kysely, ACCOUNT);
		const stored = await withValueCounts(db.kysely)
			.selectFrom("transaction_value_counts")
			.select(["measure", "currency", "band", "count"])
			.where("account_id", "=", ACCOUNT)
			.execute();
		const key = (row: { measure: string; currency: string; band: number; count: number }) =>
			`${row.measure} ${row.currency} ${Number(row.band)} ${Number(row.count)}`;
		expect(stored.map(key).sort()).toEqual(valueCountRowsOf(rows).map(key).sort());
	});
});
