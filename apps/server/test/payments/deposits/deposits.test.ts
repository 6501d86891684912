import { depositQueries, type Payout } from "@paydesk/contract/deposits";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutPage } from "../../../src/payments/deposits/queries.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { at, payoutRow } from "../../support/payout-fixtures.ts";

const DEPOSITS = "/wp-json/wc/v3/payments/deposits";
let t: TestApp;
let admin: Actor;

const rows = [
	payoutRow({ id: "po_a", date: at("2026-11-01T12:00:00Z"), amount: 5_000 }),
	payoutRow({ id: "po_b", date: at("2026-11-05T12:00:00Z"), amount: 20_000, status: "pending" }),
	payoutRow({
		id: "po_c",
		date: at("2026-11-09T23:30:00Z"),
		amount: 7_500,
		status: "failed",
		failure_code: "account_closed",
		failure_message: "The bank account has been closed.",
	}),
	payoutRow({
		id: "po_d",
		date: at("2026-11-12T12:00:00Z"),
		amount: -3_000,
		type: "withdrawal",
		automatic: 0,
	}),
	payoutRow({
		id: "po_e",
		date: at("2026-11-12T12:00:00Z"),
		amount: 9_000,
		currency: "eur",
		status: "in_transit",
	}),
];

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await db.kysely.insertInto("payouts").values(rows).execute();
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

async function get<T>(url: string, actor: Actor = admin): Promise<{ status: number; body: T }> {
	const response = await t.app.inject({ method: "GET", url, headers: actor.headers });
	return { status: response.statusCode, body: json<T>(response) };
}

const ids = (list: { data: Payout[] }) => list.data.map((p) => p.id);

describe("GET /deposits answers { data, total_count } (spec 2 §7)", () => {
	it("sorts by date descending by default (spec 2 §9), ties kept in index order", async () => {
		const { status, body } = await get<{ data: Payout[]; total_count: number }>(DEPOSITS);
		expect(status).toBe(200);
		expect(body.total_count).toBe(5);
		expect(ids(body)).toEqual(["po_d", "po_e", "po_c", "po_b", "po_a"]);
	});

	it("answers the spec's payout fields, dates as ISO strings in UTC", async () => {
		const { body } = await get<{ data: Payout[] }>(`${DEPOSITS}?status_is=failed`);
		expect(body.data[0]).toEqual({
			id: "po_c",
			type: "deposit",
			method: "standard",
			automatic: true,
			status: "failed",
			date: "2026-11-09T23:30:00.000Z",
			created: "2026-10-30T00:00:00.000Z",
			amount: 7_500,
			fee: 0,
			fee_percentage: 0,
			currency: "usd",
			bankAccount: "STRIPE TEST BANK •••• 6789 (USD)",
			bank_reference_key: null,
			failure_code: "account_closed",
			failure_message: "The bank account has been closed.",
		});
	});

	it("pages with page and pagesize, and sorts by amount", async () => {
		const page = await get<{ data: Payout[]; total_count: number }>(`${DEPOSITS}?pagesize=2&page=2`);
		expect(ids(page.body)).toEqual(["po_c", "po_b"]);
		expect(page.body.total_count).toBe(5);
		const byAmount = await get<{ data: Payout[] }>(`${DEPOSITS}?sort=amount&direction=asc`);
		expect(ids(byAmount.body)).toEqual(["po_d", "po_a", "po_c", "po_e", "po_b"]);
	});

	it("filters by status (is / is not) and by payout currency", async () => {
		expect(ids((await get<{ data: Payout[] }>(`${DEPOSITS}?status_is=paid`)).body)).toEqual(["po_d", "po_a"]);
		expect(ids((await get<{ data: Payout[] }>(`${DEPOSITS}?status_is_not=paid`)).body)).toEqual([
			"po_e",
			"po_c",
			"po_b",
		]);
		expect(ids((await get<{ data: Payout[] }>(`${DEPOSITS}?store_currency_is=EUR`)).body)).toEqual(["po_e"]);
	});

	it("reads filter dates in user_timezone: a payout at 23:30 UTC is on the next day at +02:00", async () => {
		const day = "date_between[0]=2026-11-10&date_between[1]=2026-11-10";
		expect(ids((await get<{ data: Payout[] }>(`${DEPOSITS}?${day}`)).body)).toEqual([]);
		expect(ids((await get<{ data: Payout[] }>(`${DEPOSITS}?${day}&user_timezone=%2B02:00`)).body)).toEqual([
			"po_c",
		]);
		expect(
			ids((await get<{ data: Payout[] }>(`${DEPOSITS}?${day}&user_timezone=Europe/Berlin`)).body),
		).toEqual(["po_c"]);
	});

	it("date-between values in either order select the same payouts (spec 2 §5)", async () => {
		const forward = await get<{ data: Payout[] }>(
			`${DEPOSITS}?date_between[]=2026-11-01&date_between[]=2026-11-05`,
		);
		const backward = await get<{ data: Payout[] }>(
			`${DEPOSITS}?date_between[]=2026-11-05&date_between[]=2026-11-01`,
		);
		expect(ids(forward.body)).toEqual(["po_b", "po_a"]);
		expect(ids(backward.body)).toEqual(ids(forward.body));
	});

	it("before and after exclude the day given; match=any joins the rules with OR", async () => {
		expect(ids((await get<{ data: Payout[] }>(`${DEPOSITS}?date_before=2026-11-05`)).body)).toEqual(["po_a"]);
		expect(ids((await get<{ data: Payout[] }>(`${DEPOSITS}?date_after=2026-11-09`)).body)).toEqual([
			"po_d",
			"po_e",
		]);
		const all = await get<{ data: Payout[] }>(`${DEPOSITS}?status_is=failed&date_before=2026-11-05`);
		expect(ids(all.body)).toEqual([]);
		const any = await get<{ data: Payout[] }>(
			`${DEPOSITS}?match=any&status_is=failed&date_before=2026-11-05`,
		);
		expect(ids(any.body)).toEqual(["po_c", "po_a"]);
	});

	it("names a bad parameter with 400 rest_invalid_param", async () => {
		for (const [query, name] of [
			["pagesize=500", "pagesize"],
			["date_before=yesterday", "date_before"],
			["status_is=deducted", "status_is"],
			["user_timezone=Mars/Olympus", "user_timezone"],
			["sort=bank", "sort"],
		] as const) {
			const { status, body } = await get<{ code: string; data: { params: Record<string, string> } }>(
				`${DEPOSITS}?${query}`,
			);
			expect(status, query).toBe(400);
			expect(body.code).toBe("rest_invalid_param");
			expect(Object.keys(body.data.params)).toContain(name);
		}
	});

	it.runIf(process.env.DATABASE_URL === undefined)(
		"pages through payouts_date without sorting (SQLite plan)",
		() => {
			const query = depositQueries.paged.parse({ page: "3" });
			const compiled = payoutPage(t.db.kysely, TEST_ACCOUNT, query, "UTC").compile();
			const plan = t.db
				.sqlite!.prepare(`explain query plan ${compiled.sql}`)
				.all(...(compiled.parameters as unknown[])) as { detail: string }[];
			const text = plan.map((step) => step.detail).join("\n");
			expect(text).toContain("payouts_date");
			expect(text).not.toContain("TEMP B-TREE");
		},
	);
});

describe("GET /deposits/summary (spec 2 §3 payout summary)", () => {
	it("counts and totals the filtered payouts with their single currency", async () => {
		const { body } = await get(`${DEPOSITS}/summary?store_currency_is=usd&status_is=paid`);
		expect(body).toEqual({ count: 2, total: 2_000, currency: "usd", store_currencies: ["eur", "usd"] });
	});
	it("answers currency null when the payouts span several currencies", async () => {
		const { body } = await get(`${DEPOSITS}/summary`);
		expect(body).toMatchObject({ count: 5, currency: null, store_currencies: ["eur", "usd"] });
	});
	it("answers the filter's currency when nothing matches", async () => {
		const { body } = await get(`${DEPOSITS}/summary?store_currency_is=gbp`);
		expect(body).toEqual({ count: 0, total: 0, currency: "gbp", store_currencies: ["eur", "usd"] });
	});
});

describe("GET /deposits/{id}", () => {
	it("answers one payout", async () => {
		const { status, body } = await get<Payout>(`${DEPOSITS}/po_d`);
		expect(status).toBe(200);
		expect(body).toMatchObject({ id: "po_d", type: "withdrawal", amount: -3_000, automatic: false });
	});
	it("answers 404 wcpay_deposit_not_found for a missing payout, and 400 for an id that is not word characters", async () => {
		const missing = await get<{ code: string; message: string }>(`${DEPOSITS}/po_nope`);
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe("wcpay_deposit_not_found");
		expect(missing.body.message).toBe("The deposit you are looking for cannot be found.");
		const bad = await get<{ code: string }>(`${DEPOSITS}/po-1%27`);
		expect(bad.status).toBe(400);
		expect(bad.body.code).toBe("rest_invalid_param");
	});
	it("keeps another account's payouts invisible (every query leads with account_id)", async () => {
		await insertTestAccount(t.db.kysely, "acct_other");
		const other = await t.actor("administrator", "acct_other");
		expect((await get(`${DEPOSITS}/po_a`, other)).status).toBe(404);
		expect((await get<{ total_count: number }>(DEPOSITS, other)).body.total_count).toBe(0);
	});
});

describe("payout routes require manage_woocommerce", () => {
	it("answers 401 without credentials and 403 to a customer", async () => {
		expect((await t.app.inject({ method: "GET", url: DEPOSITS })).statusCode).toBe(401);
		const customer = await t.actor("customer");
		expect((await get(DEPOSITS, customer)).status).toBe(403);
		const post = await t.app.inject({
			method: "POST",
			url: DEPOSITS,
			headers: customer.headers,
			payload: { type: "instant", currency: "usd" },
		});
		expect(post.statusCode).toBe(403);
	});
	it("lists the payout routes in the OpenAPI document", async () => {
		const { body } = await get<{ paths: Record<string, unknown> }>("/wp-json/wc/v3/payments/openapi.json");
		for (const path of ["", "/summary", "/overview-all", "/{id}", "/download", "/download/{export_id}"]) {
			expect(Object.keys(body.paths)).toContain(`${DEPOSITS}${path}`);
		}
	});
});
