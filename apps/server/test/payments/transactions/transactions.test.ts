import {
	type Transaction,
	type TransactionsSummary,
	transactionQueries,
} from "@paydesk/contract/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BalanceTransactionsTable } from "../../../src/db/schema.ts";
import { bulkInsertBalanceTransactions } from "../../../src/ledger/rollups.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { at, transactionFixtures } from "../../support/transaction-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments/transactions";
const fixtures = transactionFixtures();
const ledger = fixtures.ledger;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				settings: JSON.stringify({ store_timezone: "America/New_York" }),
			});
			await db.kysely.insertInto("orders").values(fixtures.orders).execute();
			await db.kysely.insertInto("payouts").values(fixtures.payouts).execute();
			await bulkInsertBalanceTransactions(db, ledger);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

type Row = BalanceTransactionsTable;
type List = { data: Transaction[]; total_count: number };

async function get<T>(url: string): Promise<{ status: number; body: T }> {
	const response = await t.app.inject({ method: "GET", url, headers: admin.headers });
	return { status: response.statusCode, body: json<T>(response) };
}

/** Every id of a list, page after page. */
async function listIds(query: string, pagesize = 100): Promise<{ ids: string[]; total: number }> {
	const ids: string[] = [];
	let total = 0;
	for (let page = 1; ; page++) {
		const { status, body } = await get<List>(`${BASE}?${query}&page=${page}&pagesize=${pagesize}`);
		expect(status).toBe(200);
		total = body.total_count;
		ids.push(...body.data.map((row) => row.transaction_id));
		if (body.data.length < pagesize) return { ids, total };
	}
}

/** The list's default order: date descending, id ascending among equal dates. */
const byDateDesc = (a: Row, b: Row) => b.created - a.created || a.id.localeCompare(b.id);
const expected = (keep: (row: Row) => boolean) => ledger.filter(keep).sort(byDateDesc);

const PARIS_NOV_10 = [at("2026-11-09T23:00:00Z"), at("2026-11-10T23:00:00Z")] as const;

/** [rule, query, the rows it keeps, read independently of the server's code]. */
const FILTER_CASES: [string, string, (row: Row) => boolean][] = [
	["store_currency_is", "store_currency_is=EUR", (r) => r.currency === "eur"],
	["customer_currency_is", "customer_currency_is=jpy", (r) => r.customer_currency === "jpy"],
	[
		"customer_currency_is_not keeps rows without one",
		"customer_currency_is_not=jpy",
		(r) => r.customer_currency !== "jpy",
	],
	["source_is (payment method)", "source_is=sepa_debit", (r) => r.source === "sepa_debit"],
	["source_is_not", "source_is_not=card", (r) => r.source !== "card"],
	["type_is", "type_is=refund", (r) => r.type === "refund"],
	["type_is_not", "type_is_not=charge", (r) => r.type !== "charge"],
	["type_is_in", "type_is_in[]=refund&type_is_in[]=dispute", (r) => ["refund", "dispute"].includes(r.type)],
	["loan_id_is", "loan_id_is=loan_1", (r) => r.loan_id === "loan_1"],
	["loan_id_is_not keeps rows without a loan", "loan_id_is_not=loan_1", (r) => r.loan_id !== "loan_1"],
	[
		"loan_id_is_not with a date rule",
		"loan_id_is_not=loan_1&date_after=2026-11-01&user_timezone=UTC",
		(r) => r.loan_id !== "loan_1" && r.created >= at("2026-11-02T00:00:00Z"),
	],
	["source_device_is", "source_device_is=ios", (r) => r.source_device === "ios"],
	["source_device_is_not", "source_device_is_not=ios", (r) => r.source_device !== "ios"],
	["channel_is", "channel_is=in_person_pos", (r) => r.channel === "in_person_pos"],
	["channel_is_not", "channel_is_not=online", (r) => r.channel !== "online"],
	["customer_country_is", "customer_country_is=fr", (r) => r.customer_country === "FR"],
	["customer_country_is_not", "customer_country_is_not=US", (r) => r.customer_country !== "US"],
	["risk_level_is", "risk_level_is=2", (r) => r.risk_level === 2],
	["risk_level_is_not", "risk_level_is_not=0", (r) => r.risk_level !== 0],
	["deposit_id (a payout's own transactions)", "deposit_id=po_paid", (r) => r.deposit_id === "po_paid"],
	["search by customer name", "search=DOE", (r) => (r.customer_name ?? "").toLowerCase().includes("doe")],
	[
		"search by part of an e-mail",
		"search=DUBOIS%40EXAMPLE",
		(r) => (r.customer_email ?? "").includes("dubois@example"),
	],
	[
		"search by a term shorter than a trigram",
		"search=ke",
		(r) => [r.customer_name, r.customer_email].some((text) => (text ?? "").toLowerCase().includes("ke")),
	],
	["search by a name with accents", "search=zo%C3%AB%20m", (r) => r.customer_name === "Zoë Müller"],
	["search by order number", "search=%231012", (r) => r.order_number === "1012"],
	["search by charge id", "search=ch_t0005", (r) => r.charge_id === "ch_t0005"],
	[
		"search with several terms (any of them)",
		"search[]=kenji&search[]=marc.dubois",
		(r) => ["Kenji Sato", "Marc Dubois"].includes(r.customer_name ?? ""),
	],
	[
		"date_before excludes the day, in the store's zone",
		"date_before=2026-11-10",
		(r) => r.created < at("2026-11-10T05:00:00Z"),
	],
	[
		"date_after excludes the day, in user_timezone",
		"date_after=2026-11-09&user_timezone=Europe/Paris",
		(r) => r.created >= at("2026-11-09T23:00:00Z"),
	],
	[
		"date_between includes both days, in user_timezone",
		"date_between[0]=2026-11-10&date_between[1]=2026-11-10&user_timezone=Europe/Paris",
		(r) => r.created >= PARIS_NOV_10[0] && r.created < PARIS_NOV_10[1],
	],
	[
		"date_between given backwards, in a half-hour zone",
		"date_between[0]=2026-11-10&date_between[1]=2026-11-01&user_timezone=%2B05:30",
		(r) => r.created >= at("2026-10-31T18:30:00Z") && r.created < at("2026-11-10T18:30:00Z"),
	],
	[
		"date_after with a time",
		"date_after=2026-11-10 23:59:59&user_timezone=UTC",
		(r) => r.created > at("2026-11-10T23:59:59Z"),
	],
	[
		"match all",
		"type_is=charge&customer_country_is=FR",
		(r) => r.type === "charge" && r.customer_country === "FR",
	],
	[
		"match any",
		"match=any&type_is=refund&customer_country_is=JP",
		(r) => r.type === "refund" || r.customer_country === "JP",
	],
	[
		"match any with a date rule",
		"match=any&type_is=refund&date_after=2026-11-12&user_timezone=UTC",
		(r) => r.type === "refund" || r.created >= at("2026-11-13T00:00:00Z"),
	],
	[
		"currency, type and dates together",
		"store_currency_is=usd&type_is=charge&date_between[0]=2026-10-01&date_between[1]=2026-10-31&user_timezone=Europe/Paris",
		(r) =>
			r.currency === "usd" &&
			r.type === "charge" &&
			r.created >= at("2026-09-30T22:00:00Z") &&
			r.created < at("2026-10-31T23:00:00Z"),
	],
];

describe("every filter of the transactions list is applied in SQL (spec 2 §2, spec 1 §9)", () => {
	it.each(FILTER_CASES)("%s", async (_rule, query, keep) => {
		const want = expected(keep);
		expect(want.length).toBeGreaterThan(0);
		expect(want.length).toBeLessThan(ledger.length);
		const { ids, total } = await listIds(query);
		expect(ids).toEqual(want.map((row) => row.id));
		expect(total).toBe(want.length);
	});
});

describe("no filter of the contract goes untested (one the server ignored would pass unseen)", () => {
	it("has a case above for every filter parameter transactionQueries declares", () => {
		const tested = new Set(
			FILTER_CASES.flatMap(([, query]) =>
				[...new URLSearchParams(query).keys()].map((key) => key.replace(/\[\d*\]$/, "")),
			),
		);
		const untested = transactionQueries.filterParams.filter((param) => !tested.has(param));
		expect(untested).toEqual([]);
	});
});

describe("the summary honours the same filters as the list, so its totals describe the rows shown", () => {
	it.each(FILTER_CASES)("%s", async (_rule, query, keep) => {
		const want = expected(keep);
		const { status, body } = await get<TransactionsSummary>(`${BASE}/summary?${query}`);
		expect(status).toBe(200);
		expect(body).toMatchObject({
			count: want.length,
			total: want.reduce((sum, r) => sum + r.amount, 0),
			fees: want.reduce((sum, r) => sum + r.fee, 0),
			net: want.reduce((sum, r) => sum + r.net, 0),
		});
	});

	it("lists every store currency, customer currency and source the account has, whatever the filter", async () => {
		const { body } = await get<TransactionsSummary>(`${BASE}/summary?store_currency_is=eur`);
		expect(body.currency).toBe("eur");
		expect(body.store_currencies).toEqual(["eur", "gbp", "usd"]);
		expect(body.customer_currencies).toEqual(["cad", "eur", "gbp", "jpy", "usd"]);
		expect(body.sources).toEqual(["card", "card_present", "klarna", "sepa_debit"]);
	});

	it("names no currency when the rows span several, and the filter's when nothing matches", async () => {
		expect((await get<TransactionsSummary>(`${BASE}/summary`)).body.currency).toBeNull();
		const none = await get<TransactionsSummary>(
			`${BASE}/summary?store_currency_is=eur&date_after=2027-01-01`,
		);
		expect(none.body).toMatchObject({ count: 0, total: 0, currency: "eur" });
	});
});

describe("sorting and paging follow an index, with ties broken by id (spec 2 §9)", () => {
	const orders: [string, (a: Row, b: Row) => number][] = [
		["sort=date&direction=desc", byDateDesc],
		["sort=date&direction=asc", (a, b) => a.created - b.created || b.id.localeCompare(a.id)],
		["sort=amount&direction=asc", (a, b) => a.amount - b.amount || a.id.localeCompare(b.id)],
		["sort=amount&direction=desc", (a, b) => b.amount - a.amount || b.id.localeCompare(a.id)],
		["sort=fees&direction=asc", (a, b) => a.fee - b.fee || a.id.localeCompare(b.id)],
		["sort=net&direction=desc", (a, b) => b.net - a.net || b.id.localeCompare(a.id)],
	];
	it.each(orders)("%s, 25 rows a page", async (query, compare) => {
		const { ids } = await listIds(query, 25);
		expect(ids).toEqual([...ledger].sort(compare).map((row) => row.id));
	});

	it("defaults to date descending, page 1, 25 rows", async () => {
		const { body } = await get<List>(BASE);
		expect(body.total_count).toBe(ledger.length);
		expect(body.data.map((row) => row.transaction_id)).toEqual(
			expected(() => true)
				.slice(0, 25)
				.map((r) => r.id),
		);
	});
});

describe("each row carries every Transaction field, its order and payout joined (spec 2 §3)", () => {
	it("answers the order with its link, customer link and subscriptions, and the payout's status", async () => {
		const row = ledger.find((r) => r.order_id === 1010 && r.deposit_id === "po_paid") ?? ledger[0]!;
		const { body } = await get<List>(`${BASE}?search=${row.id}`);
		const found = body.data[0]!;
		expect(found).toEqual({
			transaction_id: row.id,
			charge_id: row.charge_id,
			payment_intent_id: row.payment_intent_id,
			date: new Date(row.created * 1000).toISOString(),
			type: row.type,
			channel: row.channel,
			source: row.source,
			source_identifier: row.source_identifier,
			source_device: row.source_device,
			currency: row.currency,
			amount: row.amount,
			customer_currency: row.customer_currency,
			customer_amount: row.customer_amount,
			fees: row.fee,
			net: row.net,
			risk_level: row.risk_level,
			order: {
				number: "1010",
				url: "/wp-admin/post.php?post=1010&action=edit",
				// This customer's payments, as the list finds them by e-mail.
				customer_url: `/wp-admin/admin.php?page=wc-admin&path=/payments/transactions&search=${encodeURIComponent(row.customer_email ?? "")}`,
				subscriptions: [{ number: "6010", url: "/wp-admin/post.php?post=6010&action=edit" }],
			},
			customer_name: row.customer_name,
			customer_email: row.customer_email,
			customer_country: row.customer_country,
			deposit_id: "po_paid",
			deposit_status: "paid",
			available_on: new Date(row.available_on * 1000).toISOString(),
			loan_id: null,
			metadata: { charge_type: null },
		});
	});

	it("marks card reader fees with their charge type, and a loan payout has no order", async () => {
		const { body: fees } = await get<List>(`${BASE}?type_is=card_reader_fee&pagesize=1`);
		expect(fees.data[0]?.metadata).toEqual({ charge_type: "card_reader_fee" });
		const { body: loans } = await get<List>(`${BASE}?type_is=financing_payout&pagesize=1`);
		expect(loans.data[0]).toMatchObject({ order: null, customer_name: null, loan_id: "loan_1" });
	});
});

describe("a bad filter value answers 400 naming it", () => {
	it.each([
		["type_is=bogus", "type_is"],
		["risk_level_is=5", "risk_level_is"],
		["customer_country_is=FRA", "customer_country_is"],
		["channel_is=phone", "channel_is"],
		["date_before=2026-13-01", "date_before"],
		["user_timezone=Mars/Olympus", "user_timezone"],
		["sort=customer", "sort"],
		["pagesize=1000", "pagesize"],
	])("%s", async (query, name) => {
		const { status, body } = await get<{ code: string; data: { params: Record<string, string> } }>(
			`${BASE}?${query}`,
		);
		expect(status).toBe(400);
		expect(body.code).toBe("rest_invalid_param");
		expect(Object.keys(body.data.params)).toContain(name);
		const summary = await get<{ code: string }>(`${BASE}/summary?${query}`);
		expect(summary.status).toBe(name === "sort" || name === "pagesize" ? 200 : 400);
	});
});
