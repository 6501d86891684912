/**
 * Deep pages of the transactions list, which a merchant can jump to at any size: past DEEP_OFFSET rows a date-ordered page is
 * found by skipping whole days through the rollups, and must be exactly the page OFFSET gives.
 */
import type { Transaction } from "@paydesk/contract/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BalanceTransactionsTable } from "../../../src/db/schema.ts";
import { ROLLUP_DIMENSIONS } from "../../../src/ledger/rollup-dimensions.ts";
import { bulkInsertBalanceTransactions } from "../../../src/ledger/rollups.ts";
import { COARSE } from "../../../src/ledger/value-counts.ts";
import { DEEP_OFFSET } from "../../../src/payments/transactions/queries.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { transactionFixtures } from "../../support/transaction-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments/transactions";
const fixtures = transactionFixtures(6_000);
const ledger = fixtures.ledger;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await db.kysely.insertInto("orders").values(fixtures.orders).execute();
			await db.kysely.insertInto("payouts").values(fixtures.payouts).execute();
			await bulkInsertBalanceTransactions(db, ledger);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

/** The list's order by date: created, then id the other way (ids ascending among equal times). */
function expectedIds(rows: readonly BalanceTransactionsTable[], direction: "asc" | "desc"): string[] {
	return [...rows]
		.sort((a, b) =>
			a.created !== b.created
				? direction === "desc"
					? b.created - a.created
					: a.created - b.created
				: direction === "desc"
					? a.id.localeCompare(b.id)
					: b.id.localeCompare(a.id),
		)
		.map((row) => row.id);
}

async function page(query: string): Promise<{ ids: string[]; total: number }> {
	const response = await t.app.inject({ method: "GET", url: `${BASE}?${query}`, headers: admin.headers });
	expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
	const body = json<{ data: Transaction[]; total_count: number }>(response);
	return { ids: body.data.map((row) => row.transaction_id), total: body.total_count };
}

describe("a deep page is the page OFFSET would give", () => {
	it.each([
		["newest first", "desc", "", () => true],
		["oldest first", "asc", "", () => true],
		[
			"with a type filter",
			"desc",
			"&type_is_not=refund",
			(row: BalanceTransactionsTable) => row.type !== "refund",
		],
		[
			"with match any over two rules",
			"asc",
			"&match=any&customer_country_is_not=FR&type_is=refund",
			(row: BalanceTransactionsTable) => row.customer_country !== "FR" || row.type === "refund",
		],
	] as const)("%s", async (_name, direction, filter, keep) => {
		const rows = ledger.filter(keep);
		const expected = expectedIds(rows, direction);
		expect(expected.length).toBeGreaterThan(DEEP_OFFSET + 200);
		// The first pages, pages on both sides of the threshold, one inside a day, and the last one.
		const pagesize = 50;
		const last = Math.ceil(expected.length / pagesize);
		for (const number of [
			1,
			2,
			DEEP_OFFSET / pagesize,
			DEEP_OFFSET / pagesize + 1,
			DEEP_OFFSET / pagesize + 7,
			last,
		]) {
			const got = await page(`sort=date&direction=${direction}&pagesize=${pagesize}&page=${number}${filter}`);
			expect(got.total).toBe(expected.length);
			expect(got.ids, `page ${number}`).toEqual(expected.slice((number - 1) * pagesize, number * pagesize));
		}
		const beyond = await page(
			`sort=date&direction=${direction}&pagesize=${pagesize}&page=${last + 1}${filter}`,
		);
		expect(beyond.ids).toEqual([]);
	});
});

const MEASURES = { amount: "amount", fees: "fee", net: "net" } as const;

/** The list's order by a measure: the value, then the id the same way. */
function byMeasure(
	rows: readonly BalanceTransactionsTable[],
	sort: keyof typeof MEASURES,
	direction: "asc" | "desc",
): string[] {
	const column = MEASURES[sort];
	const sign = direction === "asc" ? 1 : -1;
	return [...rows]
		.sort((a, b) => sign * (a[column] - b[column] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
		.map((row) => row.id);
}

describe("a deep page sorted by amount, fee or net is the page OFFSET would give", () => {
	it.each([
		["amount", "asc", "", () => true],
		["amount", "desc", "", () => true],
		["fees", "asc", "", () => true],
		["net", "desc", "", () => true],
		["net", "asc", "&store_currency_is=usd", (row: BalanceTransactionsTable) => row.currency === "usd"],
		["amount", "desc", "&type_is=charge", (row: BalanceTransactionsTable) => row.type === "charge"],
		["fees", "desc", "&type_is_not=refund", (row: BalanceTransactionsTable) => row.type !== "refund"],
		[
			"net",
			"asc",
			"&store_currency_is=eur&type_is_in[]=charge&type_is_in[]=refund",
			(row: BalanceTransactionsTable) => row.currency === "eur" && ["charge", "refund"].includes(row.type),
		],
		// Every other filter the rollups answer: the value bands are keyed by the same columns.
		[
			"amount",
			"asc",
			"&customer_country_is_not=FR",
			(row: BalanceTransactionsTable) => row.customer_country !== "FR",
		],
		["net", "desc", "&risk_level_is=0", (row: BalanceTransactionsTable) => row.risk_level === 0],
		[
			"fees",
			"asc",
			"&channel_is_not=online&store_currency_is=usd",
			(row: BalanceTransactionsTable) => row.channel !== "online" && row.currency === "usd",
		],
		[
			"amount",
			"desc",
			"&match=any&source_is=card&customer_currency_is_not=usd",
			(row: BalanceTransactionsTable) => row.source === "card" || row.customer_currency !== "usd",
		],
		// Filters the value bands do not count: the page is read from the nearer end.
		[
			"amount",
			"asc",
			"&date_after=2026-10-01&user_timezone=UTC",
			(row: BalanceTransactionsTable) => row.created >= Date.UTC(2026, 9, 2) / 1000,
		],
		[
			"fees",
			"asc",
			"&search=jan",
			(row: BalanceTransactionsTable) => /jan/i.test(`${row.customer_name} ${row.customer_email}`),
		],
		// A search matching more rows than are read whole and sorted (every customer's e-mail).
		[
			"amount",
			"desc",
			"&search=example",
			(row: BalanceTransactionsTable) => /example/i.test(`${row.customer_name} ${row.customer_email}`),
		],
	] as const)("sort=%s %s%s", async (sort, direction, filter, keep) => {
		const expected = byMeasure(ledger.filter(keep), sort, direction);
		const pagesize = 25;
		const last = Math.ceil(expected.length / pagesize);
		const middle = Math.floor(last / 2);
		const pages = [
			1,
			2,
			DEEP_OFFSET / pagesize,
			DEEP_OFFSET / pagesize + 1,
			middle,
			middle + 1,
			last - 1,
			last,
		];
		for (const number of pages.filter((n) => n >= 1)) {
			const got = await page(
				`sort=${sort}&direction=${direction}&pagesize=${pagesize}&page=${number}${filter}`,
			);
			expect(got.total).toBe(expected.length);
			expect(got.ids, `page ${number}`).toEqual(expected.slice((number - 1) * pagesize, number * pagesize));
		}
		const beyond = await page(
			`sort=${sort}&direction=${direction}&pagesize=${pagesize}&page=${last + 1}${filter}`,
		);
		expect(beyond.ids).toEqual([]);
	});
});

describe("every deep page is the page OFFSET would give, read from either end of its band", () => {
	it.each([
		[
			"amount",
			"asc",
			"&customer_country_is_not=FR",
			(row: BalanceTransactionsTable) => row.customer_country !== "FR",
		],
		["net", "desc", "&source_is_not=card", (row: BalanceTransactionsTable) => row.source !== "card"],
	] as const)("sort=%s %s%s, 13 rows a page", async (sort, direction, filter, keep) => {
		const expected = byMeasure(ledger.filter(keep), sort, direction);
		const pagesize = 13;
		const last = Math.ceil(expected.length / pagesize);
		for (let number = Math.floor(DEEP_OFFSET / pagesize); number <= last; number++) {
			const got = await page(
				`sort=${sort}&direction=${direction}&pagesize=${pagesize}&page=${number}${filter}`,
			);
			expect(got.ids, `page ${number}`).toEqual(expected.slice((number - 1) * pagesize, number * pagesize));
		}
	});
});

describe("a deep page of a filter starts where the value counts of that filter say", () => {
	it("one count too many in a coarse band before the page moves it by one row", async () => {
		const query = `sort=amount&direction=asc&pagesize=25&page=${DEEP_OFFSET / 25 + 1}&customer_country_is_not=FR`;
		const before = await page(query);
		const lowest = await t.db.kysely
			.selectFrom("transaction_value_counts")
			.selectAll()
			.where("account_id", "=", TEST_ACCOUNT)
			.where("measure", "=", "amount")
			.where("digits", "=", COARSE)
			.where("customer_country", "=", "US")
			.orderBy("band")
			.limit(1)
			.executeTakeFirstOrThrow();
		const sameKey = t.db.kysely
			.updateTable("transaction_value_counts")
			.where("account_id", "=", TEST_ACCOUNT)
			.where("measure", "=", "amount")
			.where("digits", "=", COARSE)
			.where("band", "=", lowest.band)
			.where((eb) => eb.and(ROLLUP_DIMENSIONS.map((column) => eb(column, "=", lowest[column]))));
		await sameKey.set({ count: Number(lowest.count) + 1 }).execute();
		try {
			const after = await page(query);
			expect(after.ids.slice(1)).toEqual(before.ids.slice(0, 24));
		} finally {
			await sameKey.set({ count: lowest.count }).execute();
		}
		expect((await page(query)).ids).toEqual(before.ids);
	});
});
