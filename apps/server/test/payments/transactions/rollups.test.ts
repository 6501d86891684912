import { transactionQueries } from "@paydesk/contract/transactions";
import { parseQueryString } from "@paydesk/domain/query-string";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkInsert } from "../../../src/db/bulk.ts";
import { rollupCover } from "../../../src/ledger/rollup-cover.ts";
import {
	bulkInsertBalanceTransactions,
	insertBalanceTransactions,
	rebuildRollups,
	rollupDrift,
} from "../../../src/ledger/rollups.ts";
import { filterTimeZone } from "../../../src/lists/time-zones.ts";
import { summariseTransactions } from "../../../src/payments/transactions/summary.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { TEST_ACCOUNT } from "../../../src/testing/test-app.ts";
import { createTestDb, type TestDb } from "../../../src/testing/test-db.ts";
import { at, transactionFixtures } from "../../support/transaction-fixtures.ts";

const fixtures = transactionFixtures(500);
let db: TestDb;

beforeAll(async () => {
	db = await createTestDb();
	await insertTestAccount(db.kysely, TEST_ACCOUNT, {
		settings: JSON.stringify({ store_timezone: "Australia/Adelaide" }),
	});
	await bulkInsertBalanceTransactions(db, fixtures.ledger);
});
afterAll(async () => db.destroy());

async function summaries(query: string) {
	const filters = transactionQueries.filters.parse(parseQueryString(query));
	const zone = await filterTimeZone(db.kysely, TEST_ACCOUNT, filters);
	const fromRollups = await summariseTransactions(db, TEST_ACCOUNT, filters, zone, "usd");
	const fromScan = await summariseTransactions(db, TEST_ACCOUNT, filters, zone, "usd", { scanOnly: true });
	return { fromRollups, fromScan };
}

describe("summaries from daily rollups equal a scan of the ledger (a summary stays fast at any size)", () => {
	it.each([
		"",
		"date_between[0]=2026-10-03&date_between[1]=2026-11-09",
		"date_between[0]=2026-10-03&date_between[1]=2026-11-09&user_timezone=Europe/Paris",
		"date_between[0]=2026-10-03&date_between[1]=2026-11-09&user_timezone=%2B05:30",
		"date_between[0]=2026-10-03&date_between[1]=2026-11-09&user_timezone=%2D09:30",
		"date_after=2026-10-15&user_timezone=America/New_York",
		"date_after=2025-01-01",
		"date_between[0]=2025-01-01&date_between[1]=2027-12-31&user_timezone=Pacific/Chatham",
		"date_before=2026-11-01&type_is_not=charge",
		"date_before=2026-10-15 13:17:00&user_timezone=America/New_York",
		"date_between[0]=2026-11-10&date_between[1]=2026-11-10&user_timezone=Asia/Kolkata",
		"date_between[0]=2026-11-10 08:00:00&date_between[1]=2026-11-10 09:00:00",
		"date_after=2026-11-01&date_before=2026-10-01",
		"store_currency_is=eur&date_after=2026-10-01",
		"type_is=charge&date_between[0]=2026-09-10&date_between[1]=2026-10-20&user_timezone=Europe/Paris",
		"type_is_in[]=refund&type_is_in[]=dispute&customer_currency_is_not=jpy",
		"source_is=card&channel_is_not=online&risk_level_is_not=2",
		"source_device_is=ios&customer_country_is=FR",
		"match=any&type_is=refund&customer_country_is=JP&risk_level_is=2",
		"match=any&type_is=refund&date_after=2026-11-01",
		"match=any&date_before=2026-09-15&date_after=2026-11-10",
	])("%s", async (query) => {
		const { fromRollups, fromScan } = await summaries(query);
		expect(fromRollups).toEqual(fromScan);
	});

	it("answers from the rollups when the filters allow (a changed rollup shows), from the ledger otherwise", async () => {
		const bump = (by: number) =>
			db.kysely
				.updateTable("transaction_rollups")
				.set({ count: sql`count + ${sql.lit(by)}` })
				.where("account_id", "=", TEST_ACCOUNT)
				.where("span", "=", 360)
				.where("type", "=", "refund")
				.execute();
		const before = await summaries("type_is=refund");
		const orDate = await summaries("match=any&type_is=refund&date_after=2026-06-01");
		await bump(1000);
		try {
			expect((await summaries("type_is=refund")).fromRollups.count).toBeGreaterThan(before.fromRollups.count);
			expect((await summaries("type_is=refund&customer_country_is=FR")).fromRollups.count).toBeGreaterThan(
				1000,
			);
			// An OR with a date cannot be split into whole days: the ledger answers it.
			expect((await summaries("match=any&type_is=refund&date_after=2026-06-01")).fromRollups).toEqual(
				orDate.fromScan,
			);
		} finally {
			await bump(-1000);
		}
	});

	it("reads the coarsest whole periods from rollups, finer ones at the ends, the ledger for partial days", () => {
		const day = (iso: string) => at(iso) / 86_400;
		const from = at("2026-01-02T22:00:00Z");
		const until = at("2026-11-09T23:00:00Z");
		// Day 20456 (2026-01-03) .. 20766 (2026-11-09): 30-day blocks 20460..20760, days either side.
		expect(rollupCover({ from, until })).toEqual({
			periods: [
				{ span: 30, from: 20460, until: 20760 },
				{ span: 1, from: day("2026-01-03T00:00:00Z"), until: 20460 },
				{ span: 1, from: 20760, until: day("2026-11-09T00:00:00Z") },
			],
			edges: [
				{ from, until: at("2026-01-03T00:00:00Z") },
				{ from: at("2026-11-09T00:00:00Z"), until },
			],
		});
		expect(rollupCover({})).toEqual({ periods: [{ span: 360 }], edges: [] });
		expect(rollupCover({ from: at("2024-01-01T00:00:00Z") }).periods).toEqual([
			{ span: 360, from: 19800 },
			{ span: 30, from: 19740, until: 19800 },
			{ span: 1, from: day("2024-01-01T00:00:00Z"), until: 19740 },
		]);
		const inOneDay = { from: at("2026-11-10T08:00:00Z"), until: at("2026-11-10T09:00:01Z") };
		expect(rollupCover(inOneDay)).toEqual({ periods: [], edges: [inOneDay] });
	});
});

describe("rollups are kept by whoever writes the ledger", () => {
	it("hold every row of a bulk load once per span", async () => {
		expect(await rollupDrift(db.kysely, TEST_ACCOUNT)).toEqual([]);
		const rolled = await db.kysely
			.selectFrom("transaction_rollups")
			.select(["span", sql<number>`sum(count)`.as("count")])
			.where("account_id", "=", TEST_ACCOUNT)
			.groupBy("span")
			.orderBy("span")
			.execute();
		expect(rolled.map((row) => [row.span, Number(row.count)])).toEqual([
			[1, fixtures.ledger.length],
			[30, fixtures.ledger.length],
			[360, fixtures.ledger.length],
		]);
	});

	it("insertBalanceTransactions adds the rows and their rollups in one transaction", async () => {
		const row = { ...fixtures.ledger[0]!, id: "txn_new_1", created: at("2026-11-15T10:00:00Z") };
		await insertBalanceTransactions(db.kysely, [row, { ...row, id: "txn_new_2" }]);
		expect(await rollupDrift(db.kysely, TEST_ACCOUNT)).toEqual([]);
		await expect(
			db.kysely.transaction().execute(async (trx) => {
				await insertBalanceTransactions(trx, [{ ...row, id: "txn_new_3" }]);
				throw new Error("the payment failed after all");
			}),
		).rejects.toThrow("the payment failed after all");
		expect(await rollupDrift(db.kysely, TEST_ACCOUNT)).toEqual([]);
	});

	it("rollupDrift names a day and value bands written without their rollup, and rebuildRollups repairs them", async () => {
		const row = {
			...fixtures.ledger[1]!,
			id: "txn_forgotten",
			created: at("2026-11-14T10:00:00Z"),
			amount: 12_345,
			fee: -388,
			net: 11_957,
		};
		await bulkInsert(db, "balance_transactions", [row]);
		const day = at("2026-11-14T00:00:00Z") / 86_400;
		expect(await rollupDrift(db.kysely, TEST_ACCOUNT)).toEqual([
			// The bands of its fee, net and amount: fine −389…−380, 11,000…11,999, 12,000…12,999,
			// and coarse −399…−300 and 10,000…19,999.
			{ span: 0, period: -380 },
			{ span: 0, period: -300 },
			{ span: 0, period: 10_000 },
			{ span: 0, period: 11_000 },
			{ span: 0, period: 12_000 },
			{ span: 1, period: day },
			{ span: 30, period: Math.floor(day / 30) * 30 },
			{ span: 360, period: Math.floor(day / 360) * 360 },
		]);
		await rebuildRollups(db.kysely, TEST_ACCOUNT);
		expect(await rollupDrift(db.kysely, TEST_ACCOUNT)).toEqual([]);
		const { fromRollups, fromScan } = await summaries("");
		expect(fromRollups).toEqual(fromScan);
	});
});
