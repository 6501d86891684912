import type { Dispute, DisputeListRow } from "@paydesk/contract/disputes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { at, disputeFixture, insertDisputes } from "../../support/disputes-fixtures.ts";

const DISPUTES = "/wp-json/wc/v3/payments/disputes";
let t: TestApp;
let admin: Actor;

const fixtures = [
	disputeFixture({ id: "du_a", created: at("2026-11-01T00:00:00Z"), due_by: at("2026-11-20T00:00:00Z") }),
	disputeFixture({
		id: "du_b",
		status: "warning_needs_response",
		amount: 2_000,
		reason: "product_not_received",
		created: at("2026-11-03T00:00:00Z"),
		due_by: at("2026-11-16T10:00:00Z"),
	}),
	disputeFixture({
		id: "du_c",
		status: "under_review",
		amount: 9_000,
		currency: "eur",
		created: at("2026-11-05T00:00:00Z"),
		due_by: at("2026-11-25T00:00:00Z"),
	}),
	disputeFixture({
		id: "du_d",
		status: "won",
		amount: 12_000,
		created: at("2026-10-10T00:00:00Z"),
		due_by: at("2026-10-30T00:00:00Z"),
	}),
	disputeFixture({
		id: "du_e",
		status: "lost",
		amount: 700,
		currency: "gbp",
		created: at("2026-10-20T23:30:00Z"),
		due_by: at("2026-11-05T00:00:00Z"),
	}),
	disputeFixture({
		id: "du_f",
		noOrder: true,
		created: at("2026-11-02T00:00:00Z"),
		due_by: at("2026-11-18T00:00:00Z"),
	}),
];

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				settings: JSON.stringify({ store_timezone: "UTC" }),
			});
			await insertDisputes(db, fixtures);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

async function get<T>(url: string, actor: Actor = admin): Promise<{ status: number; body: T }> {
	const response = await t.app.inject({ method: "GET", url, headers: actor.headers });
	return { status: response.statusCode, body: json<T>(response) };
}

type Page = { data: DisputeListRow[]; total_count: number };
const ids = async (query: string) =>
	(await get<Page>(`${DISPUTES}?${query}`)).body.data.map((row) => row.dispute_id);

describe("GET /disputes answers { data, total_count } (spec 3 §2.2, §3.2, §7)", () => {
	it("sorts by created, descending, by default", async () => {
		const { status, body } = await get<Page>(DISPUTES);
		expect(status).toBe(200);
		expect(body.total_count).toBe(6);
		expect(body.data.map((row) => row.dispute_id)).toEqual(["du_c", "du_b", "du_f", "du_a", "du_e", "du_d"]);
	});

	it("answers the list row fields of spec 3 §3.2", async () => {
		const { body } = await get<Page>(`${DISPUTES}?status_is=won`);
		const order = fixtures[3]?.order;
		expect(body.data[0]).toEqual({
			dispute_id: "du_d",
			charge_id: "ch_du_d",
			amount: 12_000,
			currency: "usd",
			status: "won",
			reason: "fraudulent",
			source: "visa",
			order_number: order?.number,
			order: {
				id: order?.id,
				number: order?.number,
				url: `/wp-admin/post.php?post=${order?.id}&action=edit`,
			},
			customer_name: "Jane Doe",
			customer_email: "jane@example.com",
			customer_country: "US",
			created: at("2026-10-10T00:00:00Z"),
			due_by: at("2026-10-30T00:00:00Z"),
		});
		const noOrder = (await get<Page>(`${DISPUTES}?sort=due_by&direction=asc&pagesize=1&page=4`)).body.data[0];
		expect(noOrder).toMatchObject({ dispute_id: "du_f", order: null, order_number: null });
	});

	it("filter=awaiting_response keeps disputes and inquiries that need a response", async () => {
		expect(await ids("filter=awaiting_response")).toEqual(["du_b", "du_f", "du_a"]);
		expect(await ids("filter=all")).toHaveLength(6);
	});

	it("filters by status is / is not and by currency", async () => {
		expect(await ids("status_is=won")).toEqual(["du_d"]);
		expect(await ids("status_is_not=needs_response")).toEqual(["du_c", "du_b", "du_e", "du_d"]);
		expect(await ids("store_currency_is=EUR")).toEqual(["du_c"]);
	});

	it("combines advanced rules with match=any", async () => {
		expect(await ids("match=any&status_is=won&date_after=2026-11-04")).toEqual(["du_c", "du_d"]);
		expect(await ids("match=all&status_is=won&date_after=2026-11-04")).toEqual([]);
	});

	it("reads filter dates in user_timezone: a dispute at 23:30 UTC is on the next day at +02:00", async () => {
		const day = "date_between[0]=2026-10-21&date_between[1]=2026-10-21";
		expect(await ids(day)).toEqual([]);
		expect(await ids(`${day}&user_timezone=%2B02:00`)).toEqual(["du_e"]);
	});

	it("sorts by amount and due_by, ties broken by id", async () => {
		expect(await ids("sort=amount&direction=asc")).toEqual(["du_e", "du_b", "du_a", "du_f", "du_c", "du_d"]);
		expect(await ids("sort=due_by&direction=asc")).toEqual(["du_d", "du_e", "du_b", "du_f", "du_a", "du_c"]);
	});

	it("pages with page and pagesize (25 by default)", async () => {
		expect(await ids("pagesize=2&page=2")).toEqual(["du_f", "du_a"]);
		const { body } = await get<Page>(`${DISPUTES}?pagesize=2&page=2`);
		expect(body.total_count).toBe(6);
	});

	it("refuses unknown sorts and statuses, naming the parameter", async () => {
		const { status, body } = await get<{ code: string; data: { params: Record<string, string> } }>(
			`${DISPUTES}?sort=reason&status_is=maybe`,
		);
		expect(status).toBe(400);
		expect(body.code).toBe("rest_invalid_param");
		expect(Object.keys(body.data.params).sort()).toEqual(["sort", "status_is"]);
	});

	it("is refused to a customer", async () => {
		const customer = await t.actor("customer");
		expect((await get(DISPUTES, customer)).status).toBe(403);
	});
});

describe("GET /disputes/summary (spec 3 §3.3)", () => {
	it("counts the filtered disputes and lists the store's dispute currencies", async () => {
		expect((await get(`${DISPUTES}/summary`)).body).toEqual({ count: 6, currencies: ["eur", "gbp", "usd"] });
		expect((await get(`${DISPUTES}/summary?filter=awaiting_response`)).body).toEqual({
			count: 3,
			currencies: ["eur", "gbp", "usd"],
		});
	});
});

describe("GET /disputes/{id} (spec 3 §3.1)", () => {
	it("answers the dispute with its charge, order, evidence details and balance transactions", async () => {
		const { status, body } = await get<Dispute>(`${DISPUTES}/du_a`);
		expect(status).toBe(200);
		expect(body).toMatchObject({
			id: "du_a",
			status: "needs_response",
			reason: "fraudulent",
			amount: 5_000,
			currency: "usd",
			charge: { id: "ch_du_a", payment_intent: "pi_du_a", balance_transaction: "txn_ch_du_a" },
			order: { number: fixtures[0]?.order?.number },
			evidence: {},
			metadata: {},
			evidence_details: { due_by: at("2026-11-20T00:00:00Z"), has_evidence: false },
			issuer_evidence: null,
			balance_transactions: [
				{ id: "txn_du_a", amount: -5_000, fee: 1_500, reporting_category: "dispute", currency: "usd" },
			],
			evidence_files: {},
		});
	});

	it("answers 404 wcpay_dispute_not_found for an unknown dispute", async () => {
		const { status, body } = await get<{ code: string }>(`${DISPUTES}/du_missing`);
		expect(status).toBe(404);
		expect(body.code).toBe("wcpay_dispute_not_found");
	});
});

describe("the disputes export honours the filter and the sort (spec 3 §5.2)", () => {
	it("writes exactly the filtered rows, in the list's order", async () => {
		const query = "filter=awaiting_response&sort=amount&direction=desc";
		const listed = await ids(`${query}&pagesize=100`);
		const response = await t.app.inject({
			method: "GET",
			url: `${DISPUTES}/download?${query}`,
			headers: admin.headers,
		});
		expect(response.statusCode).toBe(200);
		expect(response.headers["content-type"]).toContain("text/csv");
		expect(response.body.startsWith("\uFEFF")).toBe(true);
		const lines = response.body.trim().split("\r\n");
		expect(lines[0]).toBe(
			"Dispute ID,Charge ID,Amount,Currency,Status,Reason,Source,Order #,Customer,Email,Country,Disputed on,Respond by",
		);
		expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(listed);
		expect(lines[1]).toBe(
			"du_f,ch_du_f,50.00,USD,Needs response,Transaction unauthorized,visa,,Jane Doe,jane@example.com,US,2026-11-02 00:00:00,2026-11-18 00:00:00",
		);
	});

	it("exports every dispute in the default order without a filter", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: `${DISPUTES}/download`,
			headers: admin.headers,
		});
		const exported = response.body
			.trim()
			.split("\r\n")
			.slice(1)
			.map((line) => line.split(",")[0]);
		expect(exported).toEqual(["du_c", "du_b", "du_f", "du_a", "du_e", "du_d"]);
	});
});
