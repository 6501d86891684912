import type { Authorization } from "@paydesk/contract/authorizations";
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

const BASE = "/wp-json/wc/v3/payments/authorizations";
let t: TestApp;
let admin: Actor;

const uncaptured = { intent_status: "requires_capture", captured: 0, amount_captured: 0 };

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await db.kysely
				.insertInto("charges")
				.values([
					chargeRow({
						id: "ch_a",
						payment_intent_id: "pi_a",
						...uncaptured,
						created: at("2026-11-12T09:00:00Z"),
						amount: 3000,
						order_id: 41,
					}),
					chargeRow({
						id: "ch_b",
						payment_intent_id: "pi_b",
						...uncaptured,
						created: at("2026-11-09T09:00:00Z"),
						amount: 5000,
					}),
					chargeRow({
						id: "ch_c",
						payment_intent_id: "pi_c",
						...uncaptured,
						created: at("2026-11-14T09:00:00Z"),
						amount: 1000,
						risk_level: 2,
					}),
					chargeRow({ id: "ch_d", payment_intent_id: "pi_d", created: at("2026-11-13T09:00:00Z") }),
					chargeRow({ id: "ch_e", payment_intent_id: "pi_e", intent_status: "canceled", captured: 0 }),
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

type List = { data: Authorization[]; total_count: number };
const intents = (list: List) => list.data.map((row) => row.payment_intent_id);

describe("GET /authorizations lists the payments waiting for capture (spec 2 §2 Uncaptured tab)", () => {
	it("sorts by created ascending by default and carries the capture deadline, 7 days after creation", async () => {
		const { status, body } = await get<List>(BASE);
		expect(status).toBe(200);
		expect(body.total_count).toBe(3);
		expect(intents(body)).toEqual(["pi_b", "pi_a", "pi_c"]);
		expect(body.data[1]).toEqual({
			payment_intent_id: "pi_a",
			charge_id: "ch_a",
			is_captured: false,
			created: "2026-11-12T09:00:00.000Z",
			capture_by: "2026-11-19T09:00:00.000Z",
			order_id: 41,
			customer_name: "Jane Doe",
			customer_email: "jane.doe@example.com",
			customer_country: "US",
			risk_level: 0,
			amount: 3000,
			currency: "usd",
		});
	});

	it("reads the sort key capture_by as created", async () => {
		const { body } = await get<List>(`${BASE}?sort=capture_by&direction=desc`);
		expect(intents(body)).toEqual(["pi_c", "pi_a", "pi_b"]);
	});

	it("sorts by amount and pages", async () => {
		const { body } = await get<List>(`${BASE}?sort=amount&direction=desc&pagesize=2&page=2`);
		expect(intents(body)).toEqual(["pi_c"]);
		expect(body.total_count).toBe(3);
	});

	it("refuses an unknown sort key, naming it", async () => {
		const { status, body } = await get<{ data: { params: Record<string, string> } }>(`${BASE}?sort=customer`);
		expect(status).toBe(400);
		expect(Object.keys(body.data.params)).toEqual(["sort"]);
	});
});

describe("GET /authorizations/summary (spec 2 §3 Authorization summary)", () => {
	it("counts and totals the uncaptured authorizations, with their currencies", async () => {
		const { body } = await get(`${BASE}/summary?page=1&pagesize=25&sort=created&direction=asc`);
		expect(body).toEqual({ count: 3, total: 9000, currency: "usd", all_currencies: ["usd"] });
	});

	it("names no currency when the authorizations span several", async () => {
		await t.db.kysely
			.insertInto("charges")
			.values(
				chargeRow({ id: "ch_f", payment_intent_id: "pi_f", ...uncaptured, currency: "eur", amount: 700 }),
			)
			.execute();
		const { body } = await get(`${BASE}/summary`);
		expect(body).toEqual({ count: 4, total: 9700, currency: null, all_currencies: ["eur", "usd"] });
	});
});

describe("GET /authorizations/{id} (spec 2 §7)", () => {
	it("answers the authorization of a payment intent, captured or not", async () => {
		const open = await get<Authorization>(`${BASE}/pi_a`);
		expect(open.body).toMatchObject({
			payment_intent_id: "pi_a",
			is_captured: false,
			created: "2026-11-12T09:00:00.000Z",
		});
		const captured = await get<Authorization>(`${BASE}/pi_d`);
		expect(captured.body).toMatchObject({ payment_intent_id: "pi_d", is_captured: true });
	});

	it("answers 404 authorization_missing for an unknown payment intent", async () => {
		const { status, body } = await get<{ code: string }>(`${BASE}/pi_nope`);
		expect(status).toBe(404);
		expect(body.code).toBe("authorization_missing");
	});
});
