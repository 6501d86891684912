/**
 * A filter value that matches nothing is answered as fast as a full list: when the value counts
 * show that no transaction can match (a country or a payment method the store never saw), the
 * list, its summary and its export answer empty without reading the ledger, where a walk down
 * the list's index would read every row to find none.
 */
import type { Transaction, TransactionsSummary } from "@paydesk/contract/transactions";
import type { CompiledQuery } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bulkInsertBalanceTransactions } from "../../../src/ledger/rollups.ts";
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
const fixtures = transactionFixtures();
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await db.kysely.insertInto("orders").values(fixtures.orders).execute();
			await db.kysely.insertInto("payouts").values(fixtures.payouts).execute();
			await bulkInsertBalanceTransactions(db, fixtures.ledger);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

/** The SQL of every statement the server runs while answering `url`, and the answer. */
async function answerWithStatements(url: string) {
	const spy = vi.spyOn(t.db.kysely.getExecutor(), "executeQuery");
	const response = await t.app.inject({ method: "GET", url, headers: admin.headers });
	const statements = spy.mock.calls.map(([query]) => (query as CompiledQuery).sql);
	spy.mockRestore();
	return { response, statements };
}

const readsLedger = (statements: readonly string[]) =>
	statements.some((statement) => /\bbalance_transactions\b/.test(statement));
const readsCounts = (statements: readonly string[]) =>
	statements.some((statement) => /\btransaction_value_counts\b/.test(statement));

/** Values no fixture row has: the fixtures' countries are US, FR, DE, GB, JP, and no card is a Visa. */
const NOTHING = [
	"customer_country_is=ZZ",
	"source_is=visa",
	"customer_country_is=ZZ&sort=amount&direction=desc",
	"customer_country_is=ZZ&page=40",
	"customer_country_is=ZZ&search=jane",
	"source_is=visa&date_after=2026-10-01",
	"match=any&source_is=visa&customer_country_is=ZZ",
	"customer_country_is=ZZ&deposit_id=po_none",
	"store_currency_is=chf&match=any&date_after=2026-10-01&type_is=charge",
];

describe("a filter the value counts show to match nothing", () => {
	it.each(NOTHING)("%s: the empty page, without reading the ledger", async (query) => {
		const { response, statements } = await answerWithStatements(`${BASE}?${query}`);
		expect(response.statusCode).toBe(200);
		expect(json<{ data: Transaction[]; total_count: number }>(response)).toEqual({
			data: [],
			total_count: 0,
		});
		expect(readsCounts(statements)).toBe(true);
		expect(readsLedger(statements)).toBe(false);
	});

	it.each(["customer_country_is=ZZ&search=jane", "source_is=visa&deposit_id=po_none"])(
		"%s: the summary counts 0 without reading the ledger",
		async (query) => {
			const { response, statements } = await answerWithStatements(`${BASE}/summary?${query}`);
			expect(json<TransactionsSummary>(response)).toMatchObject({ count: 0, total: 0, fees: 0, net: 0 });
			expect(readsLedger(statements)).toBe(false);
		},
	);

	it("the export is its header alone, without reading the ledger", async () => {
		const { response, statements } = await answerWithStatements(`${BASE}/download?source_is=visa`);
		expect(response.statusCode).toBe(200);
		expect(
			response.body
				.replace(/^\uFEFF/, "")
				.split("\r\n")
				.filter(Boolean),
		).toHaveLength(1);
		expect(readsLedger(statements)).toBe(false);
	});
});

describe("a filter that may match is still read from the ledger", () => {
	const listed = async (query: string) => {
		const { response, statements } = await answerWithStatements(`${BASE}?${query}&pagesize=100`);
		return { body: json<{ data: Transaction[]; total_count: number }>(response), statements };
	};

	it("a country the store has", async () => {
		const { body, statements } = await listed("customer_country_is=FR");
		const want = fixtures.ledger.filter((row) => row.customer_country === "FR").length;
		expect(want).toBeGreaterThan(0);
		expect(body.total_count).toBe(want);
		expect(readsLedger(statements)).toBe(true);
	});

	it("match=any with a date rule: a row may match by its date alone", async () => {
		const { body } = await listed("match=any&customer_country_is=ZZ&date_after=2026-11-01");
		const byDate = await listed("date_after=2026-11-01");
		expect(byDate.body.total_count).toBeGreaterThan(0);
		expect(body).toEqual(byDate.body);
	});
});
