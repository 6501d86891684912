import type { BlockedTransaction } from "@paydesk/contract/fraud-outcomes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { at, chargeRow } from "../../support/transaction-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments/transactions/fraud-outcomes";
let t: TestApp;
let admin: Actor;

const blocked = { status: "failed", intent_status: "canceled", captured: 0, paid: 0, fraud_outcome: "block" };
const review = { intent_status: "requires_capture", captured: 0, fraud_outcome: "review" };

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await db.kysely
				.insertInto("charges")
				.values([
					chargeRow({
						id: "ch_1",
						payment_intent_id: "pi_1",
						...blocked,
						created: at("2026-11-01T10:00:00Z"),
						amount: 500,
						order_id: 71,
					}),
					chargeRow({
						id: "ch_2",
						payment_intent_id: "pi_2",
						...blocked,
						created: at("2026-11-03T10:00:00Z"),
						amount: 9000,
						currency: "eur",
						customer_name: "Marc Dubois",
						customer_email: "marc@example.fr",
					}),
					chargeRow({
						id: "ch_3",
						payment_intent_id: "pi_3",
						...review,
						created: at("2026-11-02T10:00:00Z"),
						amount: 1500,
						order_id: 72,
					}),
					chargeRow({
						id: "ch_4",
						payment_intent_id: "pi_4",
						fraud_outcome: "allow",
						fraud_meta_box_type: "review_allowed",
					}),
					chargeRow({ id: "ch_5", payment_intent_id: "pi_5" }),
				])
				.execute();
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

async function get<T>(url: string): Promise<{ status: number; body: T }> {
	const response = await t.app.inject({ method: "GET", url, headers: admin.headers });
	return { status: response.statusCode, body: json<T>(response) };
}

type List = { data: BlockedTransaction[]; total_count: number };
const intents = (rows: BlockedTransaction[]) => rows.map((row) => row.payment_intent.id);

describe("GET /transactions/fraud-outcomes lists blocked transactions (spec 2 §2 Blocked tab)", () => {
	it("holds the blocked payments, date descending by default, as Blocked transaction entities", async () => {
		const { status, body } = await get<List>(`${BASE}?status=block`);
		expect(status).toBe(200);
		expect(body.total_count).toBe(2);
		expect(intents(body.data)).toEqual(["pi_2", "pi_1"]);
		expect(body.data[1]).toEqual({
			status: "block",
			created: "2026-11-01T10:00:00.000Z",
			amount: 500,
			currency: "usd",
			customer_name: "Jane Doe",
			order_id: 71,
			payment_intent: { id: "pi_1" },
		});
	});

	it("adds the additional status, sorts by amount and pages", async () => {
		const { body } = await get<List>(
			`${BASE}?status=block&additional_status=review&sort=amount&direction=asc&pagesize=2`,
		);
		expect(body.total_count).toBe(3);
		expect(intents(body.data)).toEqual(["pi_1", "pi_3"]);
	});

	it("searches by customer, order number and payment id", async () => {
		expect(intents((await get<List>(`${BASE}?status=block&search=dubois`)).body.data)).toEqual(["pi_2"]);
		expect(intents((await get<List>(`${BASE}?status=block&search=%2371`)).body.data)).toEqual(["pi_1"]);
		expect(intents((await get<List>(`${BASE}?status=block&search=pi_2`)).body.data)).toEqual(["pi_2"]);
	});

	it("answers wcpay_fraud_outcome_not_found when nothing matches (the admin reads it as empty)", async () => {
		const { status, body } = await get<{ code: string }>(`${BASE}?status=block&search=nobody`);
		expect(status).toBe(404);
		expect(body.code).toBe("wcpay_fraud_outcome_not_found");
	});

	it("refuses a status outside allow, review and block, naming it", async () => {
		const { status, body } = await get<{ data: { params: Record<string, string> } }>(`${BASE}?status=maybe`);
		expect(status).toBe(400);
		expect(Object.keys(body.data.params)).toEqual(["status"]);
	});
});

describe("the fraud summary, suggestions and download (spec 2 §3, §7)", () => {
	it("counts and totals the outcomes, with their currencies", async () => {
		expect((await get(`${BASE}/summary?status=block`)).body).toEqual({
			count: 2,
			total: 9500,
			currencies: ["eur", "usd"],
		});
		expect((await get(`${BASE}/summary?status=review`)).body).toEqual({
			count: 1,
			total: 1500,
			currencies: ["usd"],
		});
		expect((await get<{ code: string }>(`${BASE}/summary?status=block&search=nobody`)).body.code).toBe(
			"wcpay_fraud_outcome_not_found",
		);
	});

	it("suggests order numbers, customers and payment ids among the blocked outcomes", async () => {
		const { body } = await get<{ label: string; value: string }[]>(
			`${BASE}/search?status=block&search_term=marc`,
		);
		expect(body).toEqual([
			{ label: "Marc Dubois", value: "Marc Dubois" },
			{ label: "marc@example.fr", value: "marc@example.fr" },
		]);
		const orders = await get<{ label: string; value: string }[]>(`${BASE}/search?search_term=71`);
		expect(orders.body).toEqual([{ label: "Order #71", value: "#71" }]);
	});

	it("downloads every blocked and on-review row as JSON, in the list's order, for the admin's CSV", async () => {
		const { status, body } = await get<{ data: BlockedTransaction[] }>(
			`${BASE}/download?status=block&additional_status=review&sort=date&direction=desc&paged=3&per_page=25`,
		);
		expect(status).toBe(200);
		expect(intents(body.data)).toEqual(["pi_2", "pi_3", "pi_1"]);
		const none = await get<{ code: string }>(`${BASE}/download?status=block&search=nobody`);
		expect(none.status).toBe(404);
		expect(none.body.code).toBe("wcpay_fraud_outcome_not_found");
	});
});
