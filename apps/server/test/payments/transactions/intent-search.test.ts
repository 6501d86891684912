/**
 * A search by payment intent id finds every balance transaction of the intent (its payment and
 * what followed, such as a refund) through the intent's charge, and intent suggestions name the
 * intents that have balance transactions: both as the ledger's own payment_intent_id says.
 */
import type { Transaction } from "@paydesk/contract/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBalanceTransactions } from "../../../src/ledger/rollups.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { DAY, insertAuthorization, insertPayment, type Payment } from "../../support/charge-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments/transactions";
const START = Date.UTC(2026, 10, 1, 12) / 1000;
let t: TestApp;
let admin: Actor;
const payments: Payment[] = [];
let uncaptured: Payment;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			for (let i = 0; i < 12; i++)
				payments.push(await insertPayment(db.kysely, { created: START + i * DAY }));
			uncaptured = await insertAuthorization(db.kysely, START + 20 * DAY);
			const refunded = payments[3] as Payment;
			const [own] = await db.kysely
				.selectFrom("balance_transactions")
				.selectAll()
				.where("id", "=", refunded.transactionId ?? "")
				.execute();
			if (!own) throw new Error("no ledger row for the refunded payment");
			await insertBalanceTransactions(db.kysely, [
				{
					...own,
					id: "txn_refund_of_test4",
					type: "refund",
					reporting_category: "refund",
					source_id: "re_of_test4",
					amount: -1000,
					fee: 0,
					net: -1000,
					created: own.created + DAY / 2,
					available_on: own.created + DAY / 2,
				},
			]);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

async function get<T>(url: string): Promise<T> {
	const response = await t.app.inject({ method: "GET", url, headers: admin.headers });
	expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
	return json<T>(response);
}

/** The ledger's rows of these intents by their own column, in the list's order. */
async function rowsOf(intents: string[]): Promise<string[]> {
	const rows = await t.db.kysely
		.selectFrom("balance_transactions")
		.select("id")
		.where("payment_intent_id", "in", intents)
		.orderBy("created", "desc")
		.orderBy("id")
		.execute();
	return rows.map((row) => row.id);
}

describe("search by payment intent id", () => {
	it("finds the intent's payment and its refund", async () => {
		const intent = (payments[3] as Payment).intentId;
		const body = await get<{ data: Transaction[]; total_count: number }>(`${BASE}?search=${intent}`);
		const expected = await rowsOf([intent]);
		expect(expected).toHaveLength(2);
		expect(body.data.map((row) => row.transaction_id)).toEqual(expected);
		expect(body.total_count).toBe(2);
		expect(body.data.every((row) => row.payment_intent_id === intent)).toBe(true);
	});

	it("finds the rows of any of several intents, and none of an intent without any", async () => {
		const intents = [
			(payments[0] as Payment).intentId,
			(payments[3] as Payment).intentId,
			uncaptured.intentId,
		];
		const body = await get<{ data: Transaction[] }>(
			`${BASE}?${intents.map((id) => `search[]=${id}`).join("&")}`,
		);
		expect(body.data.map((row) => row.transaction_id)).toEqual(await rowsOf(intents));
		const none = await get<{ data: Transaction[] }>(`${BASE}?search=${uncaptured.intentId}`);
		expect(none.data).toEqual([]);
	});

	it("suggests the first ten intents with balance transactions that start with the term", async () => {
		const suggestions = await get<{ label: string; value: string }[]>(`${BASE}/search?search_term=pi_test`);
		const expected = await t.db.kysely
			.selectFrom("balance_transactions")
			.select("payment_intent_id")
			.distinct()
			.where("payment_intent_id", "like", "pi_test%")
			.orderBy("payment_intent_id")
			.limit(10)
			.execute();
		expect(expected).toHaveLength(10);
		expect(suggestions).toEqual(
			expected.map((row) => ({ label: row.payment_intent_id, value: row.payment_intent_id })),
		);
		const own = await get<{ value: string }[]>(`${BASE}/search?search_term=${uncaptured.intentId}`);
		expect(own).toEqual([]);
	});
});
