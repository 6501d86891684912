/**
 * A card payment's source is its brand (visa, mastercard, amex …), so the Payment method filter
 * finds a brand's payments, the summary offers the brands the store has, and exports carry them:
 * merchants filter by method because fees differ by method. Other methods keep their type.
 */
import type { Transaction, TransactionsSummary } from "@paydesk/contract/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { BILLING, pay, paymentBody, saveFraudFilters } from "../../support/intake-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const CARDS = [
	["visa", "4242424242424242"],
	["mastercard", "5555555555554444"],
	["amex", "378282246310005"],
	["discover", "6011111111111117"],
	["diners", "3056930009020004"],
	["jcb", "3566002020360505"],
	["unionpay", "6200000000000005"],
] as const;

let t: TestApp;
let admin: Actor;
/** The payment intent of each brand's payment, and of the Klarna payment. */
const intents = new Map<string, string>();

const get = async <T>(url: string) =>
	json<T>(await t.app.inject({ method: "GET", url, headers: admin.headers }));
const listed = async (query: string) =>
	(await get<{ data: Transaction[] }>(`${BASE}/transactions?${query}&pagesize=100`)).data;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) =>
			void (await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				settings: JSON.stringify({ enabled_payment_method_ids: ["card", "klarna"] }),
			})),
	});
	admin = await t.actor("administrator");
	await saveFraudFilters(t.db.kysely, TEST_ACCOUNT, {});
	for (const [brand, number] of CARDS) {
		const { status, intent } = await pay(t, admin.headers, paymentBody(number));
		expect(status).toBe(200);
		intents.set(brand, intent.id);
	}
	const klarna = await pay(
		t,
		admin.headers,
		paymentBody(undefined, { payment_method: { type: "klarna", billing_details: BILLING } }),
	);
	expect(klarna.error).toBeNull();
	intents.set("klarna", klarna.intent.id);
});
afterAll(async () => t.close());

describe("a card payment's source is its brand", () => {
	it.each(CARDS)("source_is=%s lists that brand's payment, and only it", async (brand) => {
		const rows = await listed(`source_is=${brand}`);
		expect(rows.map((row) => [row.payment_intent_id, row.source])).toEqual([[intents.get(brand), brand]]);
		expect((await get<TransactionsSummary>(`${BASE}/transactions/summary?source_is=${brand}`)).count).toBe(1);
	});

	it("source_is_not=visa keeps every other brand and method; nothing is left as 'card'", async () => {
		const rows = await listed("source_is_not=visa");
		expect(rows.map((row) => row.source).sort()).toEqual([
			"amex",
			"diners",
			"discover",
			"jcb",
			"klarna",
			"mastercard",
			"unionpay",
		]);
		expect(await listed("source_is=card")).toEqual([]);
	});

	it("the summary offers the brands present and the other methods by type", async () => {
		const summary = await get<TransactionsSummary>(`${BASE}/transactions/summary`);
		expect(summary.sources).toEqual([
			"amex",
			"diners",
			"discover",
			"jcb",
			"klarna",
			"mastercard",
			"unionpay",
			"visa",
		]);
	});

	it("the export's Source column carries the brand", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: `${BASE}/transactions/download?source_is=amex`,
			headers: admin.headers,
		});
		expect(response.statusCode).toBe(200);
		const [header = "", row = ""] = response.body.replace(/^\uFEFF/, "").split("\r\n");
		const column = header.split(",").indexOf("Source");
		expect(column).toBeGreaterThan(0);
		expect(row.split(",")[column]).toBe("amex");
	});

	it("a refund of a card payment keeps the brand as its source", async () => {
		const chargeId = (await listed("source_is=mastercard"))[0]?.charge_id ?? "";
		const response = await t.app.inject({
			method: "POST",
			url: `${BASE}/refund/`,
			headers: admin.headers,
			payload: { charge_id: chargeId, amount: 1000, reason: "requested_by_customer" },
		});
		expect(response.statusCode).toBe(200);
		const rows = await listed("source_is=mastercard");
		expect(rows.map((row) => row.type).sort()).toEqual(["charge", "refund"]);
	});
});
