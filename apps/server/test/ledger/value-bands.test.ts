/**
 * Value bands: a deep page sorted by amount, fee or net skips whole bands, which is
 * only the page OFFSET gives when every value lies in its band's range and bands keep the
 * values' order; the rebuild's SQL must band a value as the code that adds one does.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TransactionValueCountsTable } from "../../src/db/schema.ts";
import { ROLLUP_DIMENSIONS } from "../../src/ledger/rollup-dimensions.ts";
import { rebuildRollups } from "../../src/ledger/rollups.ts";
import { bandRange, COARSE, FINE, valueBand, valueCountRowsOf } from "../../src/ledger/value-counts.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestDb, type TestDb } from "../../src/testing/test-db.ts";
import { transactionFixtures } from "../support/transaction-fixtures.ts";

const minorUnits = fc.integer({ min: -(10 ** 12), max: 10 ** 12 });

const digitsOf = fc.constantFrom(COARSE, FINE);

describe("valueBand", () => {
	it("puts every value inside its band's range, coarse or fine", () => {
		fc.assert(
			fc.property(minorUnits, digitsOf, (value, digits) => {
				const { low, high } = bandRange(valueBand(value, digits), digits);
				expect(value).toBeGreaterThanOrEqual(low);
				expect(value).toBeLessThanOrEqual(high);
			}),
		);
	});

	it("keeps the order of values: a smaller value never has a larger band", () => {
		fc.assert(
			fc.property(minorUnits, minorUnits, digitsOf, (a, b, digits) => {
				const [small, large] = a <= b ? [a, b] : [b, a];
				expect(valueBand(small, digits)).toBeLessThanOrEqual(valueBand(large, digits));
			}),
		);
	});

	it("puts a value's fine band inside its coarse band", () => {
		fc.assert(
			fc.property(minorUnits, (value) => {
				const coarse = bandRange(valueBand(value, COARSE), COARSE);
				const fine = bandRange(valueBand(value, FINE), FINE);
				expect(fine.low).toBeGreaterThanOrEqual(coarse.low);
				expect(fine.high).toBeLessThanOrEqual(coarse.high);
				expect(valueBand(valueBand(value, FINE), COARSE)).toBe(valueBand(value, COARSE));
			}),
		);
	});

	it("gives values below 100 a fine band each, and two significant digits above", () => {
		expect([0, 99, -99, 100, 109, 110, 1_299, -1_299, -1_200, 123_456].map((v) => valueBand(v))).toEqual([
			0, 99, -99, 100, 100, 110, 1_200, -1_200, -1_200, 120_000,
		]);
		expect(bandRange(-1_200)).toEqual({ low: -1_299, high: -1_200 });
	});

	it("gives values below 10 a coarse band each, and one significant digit above", () => {
		expect([0, 9, -9, 10, 99, 100, 1_299, -1_299, 123_456].map((v) => valueBand(v, COARSE))).toEqual([
			0, 9, -9, 10, 90, 100, 1_000, -1_000, 100_000,
		]);
		expect(bandRange(-1_000, COARSE)).toEqual({ low: -1_999, high: -1_000 });
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

	it("bands each value as valueBand does, keyed by the rollups' columns stored as they store them", async () => {
		const template = transactionFixtures(1).ledger[0];
		if (!template) throw new Error("no fixture row");
		const rows = values.map((value, index) => ({
			...template,
			id: `txn_band_${index}`,
			account_id: ACCOUNT,
			currency: index % 2 ? "usd" : "eur",
			customer_country: [null, "FR", "US"][index % 3] ?? null,
			risk_level: index % 4 === 0 ? null : index % 3,
			source: index % 5 === 0 ? null : "card",
			amount: value,
			fee: -Math.abs(Math.trunc(value / 30)),
			net: value - Math.abs(Math.trunc(value / 30)),
		}));
		await db.kysely.insertInto("balance_transactions").values(rows).execute();
		await rebuildRollups(db.kysely, ACCOUNT);
		const stored = await db.kysely
			.selectFrom("transaction_value_counts")
			.selectAll()
			.where("account_id", "=", ACCOUNT)
			.execute();
		const key = (row: TransactionValueCountsTable) =>
			[
				row.measure,
				Number(row.digits),
				Number(row.band),
				...ROLLUP_DIMENSIONS.map((column) => row[column]),
				Number(row.count),
			].join(" ");
		expect(stored.map(key).sort()).toEqual(valueCountRowsOf(rows).map(key).sort());
	});
});
