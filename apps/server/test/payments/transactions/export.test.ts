import { type Transaction, transactionQueries } from "@paydesk/contract/transactions";
import { formatInTimeZone } from "@paydesk/domain/dates";
import { parseQueryString } from "@paydesk/domain/query-string";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPendingJobs } from "../../../src/jobs/runner.ts";
import { bulkInsertBalanceTransactions } from "../../../src/ledger/rollups.ts";
import { zonedTimeFormatter } from "../../../src/payments/transactions/export.ts";
import { transactionBatches } from "../../../src/payments/transactions/export-rows.ts";
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
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				settings: JSON.stringify({ store_timezone: "Europe/Paris" }),
			});
			await db.kysely.insertInto("orders").values(fixtures.orders).execute();
			await db.kysely.insertInto("payouts").values(fixtures.payouts).execute();
			await bulkInsertBalanceTransactions(db, fixtures.ledger);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

async function get(url: string) {
	return t.app.inject({ method: "GET", url, headers: admin.headers });
}

async function listedIds(query: string): Promise<string[]> {
	const ids: string[] = [];
	for (let page = 1; ; page++) {
		const body = json<{ data: Transaction[] }>(await get(`${BASE}?${query}&page=${page}&pagesize=100`));
		ids.push(...body.data.map((row) => row.transaction_id));
		if (body.data.length < 100) return ids;
	}
}

const csvLines = (body: string) =>
	body
		.replace(/^\uFEFF/, "")
		.split("\r\n")
		.filter(Boolean);
const csvIds = (body: string) =>
	csvLines(body)
		.slice(1)
		.map((line) => line.split(",")[0]);

const QUERIES = [
	"sort=date&direction=desc",
	"sort=amount&direction=asc&type_is=charge",
	"sort=net&direction=desc&customer_currency_is_not=usd&date_after=2026-10-01",
	"sort=fees&direction=asc&search=jane",
	"sort=date&direction=asc&match=any&channel_is=in_person&risk_level_is=2",
];

describe("GET /transactions/download answers the filtered rows as CSV, in the list's order", () => {
	it.each(QUERIES)("%s", async (query) => {
		const response = await get(`${BASE}/download?${query}`);
		expect(response.statusCode).toBe(200);
		expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
		expect(response.headers["content-disposition"]).toBe(
			'attachment; filename="transactions-2026-11-15.csv"',
		);
		expect(csvIds(response.body)).toEqual(await listedIds(query));
	});

	it("leaves out a loan's rows with loan_id_is_not, as the list does", async () => {
		const response = await get(`${BASE}/download?sort=date&direction=desc&loan_id_is_not=loan_1`);
		expect(response.statusCode).toBe(200);
		const ids = csvIds(response.body);
		const loanRows = new Set(fixtures.ledger.filter((row) => row.loan_id === "loan_1").map((row) => row.id));
		expect(loanRows.size).toBeGreaterThan(0);
		expect(ids.filter((id) => loanRows.has(id ?? ""))).toEqual([]);
		expect(ids).toHaveLength(fixtures.ledger.length - loanRows.size);
	});

	it("has a column for each column of the list, times in the store's zone and plain amounts", async () => {
		const row = fixtures.ledger.find((r) => r.deposit_id === "po_paid" && r.order_id === 1010)!;
		const response = await get(`${BASE}/download?search=${row.id}`);
		const [header, line] = csvLines(response.body);
		expect(header).toBe(
			"Transaction ID,Date / Time,Type,Channel,Paid currency,Amount paid,Payout currency,Amount,Fees,Net,Order #,Subscription #,Source,Customer name,Customer email,Customer country,Risk level,Payout ID,Payout date,Payout status",
		);
		const cells = line?.split(",") ?? [];
		expect(cells[0]).toBe(row.id);
		expect(cells[7]).toBe((row.amount / 100).toFixed(2));
		expect(cells.slice(10, 12)).toEqual(["1010", "6010"]);
		expect(cells.slice(17)).toEqual(["po_paid", "2026-11-12 01:00:00", "Completed"]);
	});

	it("walks every row by keyset, batch after batch, across rows sharing one second", async () => {
		for (const query of QUERIES) {
			const filters = transactionQueries.sorted.parse(parseQueryString(query));
			const ids: string[] = [];
			for await (const batch of transactionBatches(t.db, TEST_ACCOUNT, filters, "Europe/Paris", 7)) {
				expect(batch.length).toBeLessThanOrEqual(7);
				ids.push(...batch.map((row) => row.id));
			}
			expect(ids).toEqual(await listedIds(`${query}&user_timezone=Europe/Paris`));
		}
	});
});

describe("export times are in the store's time zone, across its offset changes", () => {
	it.each(["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"])(
		"%s",
		(zone) => {
			const format = zonedTimeFormatter(zone);
			// Every 7 minutes 13 seconds through 2026, which crosses each zone's changes.
			for (
				let t = Date.parse("2026-01-01T00:00:00Z") / 1000;
				t < Date.parse("2027-01-01T00:00:00Z") / 1000;
				t += 433
			) {
				if (format(t) !== formatInTimeZone(t, zone))
					expect([t, format(t)]).toEqual([t, formatInTimeZone(t, zone)]);
			}
		},
	);
});

describe("POST /transactions/download runs through the shared export machinery (spec 2 §7)", () => {
	it("answers an export_id, the job writes the filtered CSV, the status gives its URL", async () => {
		const query = "type_is=refund&sort=amount&direction=desc";
		const requested = await t.app.inject({
			method: "POST",
			url: `${BASE}/download?${query}`,
			headers: admin.headers,
			payload: { user_email: "owner@example.com", locale: "en_US" },
		});
		expect(requested.statusCode).toBe(200);
		const { export_id } = json<{ export_id: string }>(requested);
		const context = { db: t.db, clock: t.clock, dataDir: t.dataDir, publicUrl: "http://localhost:8080" };
		expect(await runPendingJobs(context, "test-worker")).toBe(1);
		const status = json<{ status: string; download_url: string }>(await get(`${BASE}/download/${export_id}`));
		expect(status).toEqual({ status: "success", download_url: `${BASE}/download/${export_id}/file` });
		const file = await get(status.download_url);
		expect(file.statusCode).toBe(200);
		expect(csvIds(file.body)).toEqual(await listedIds(query));
		const mail = await t.db.kysely.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
		expect(mail.subject).toBe("Your transactions export is ready");
	});
});

describe("GET /transactions/search suggests order numbers, customers and ids", () => {
	const suggest = async (term: string) =>
		json<{ label: string; value: string }[]>(
			await get(`${BASE}/search?search_term=${encodeURIComponent(term)}`),
		);

	it("offers customer names and e-mails starting with the term, whatever its case", async () => {
		expect(await suggest("JAN")).toEqual([
			{ label: "Jane Doe", value: "Jane Doe" },
			{ label: "Janet Smith", value: "Janet Smith" },
			{ label: "jane.doe@example.com", value: "jane.doe@example.com" },
			{ label: "janet@example.org", value: "janet@example.org" },
		]);
	});

	it("offers order numbers, at most 10, and each value finds its rows in the list", async () => {
		const orders = await suggest("#10");
		expect(orders).toHaveLength(10);
		expect(orders[0]).toEqual({ label: "Order #1000", value: "#1000" });
		const ids = await listedIds(`search=${encodeURIComponent(orders[1]!.value)}`);
		expect(ids).toEqual(
			fixtures.ledger
				.filter((r) => r.order_number === "1001")
				.sort((a, b) => b.created - a.created || a.id.localeCompare(b.id))
				.map((r) => r.id),
		);
	});

	it("offers charge, payment intent and transaction ids by prefix", async () => {
		expect((await suggest("ch_t000")).map((s) => s.value)).toEqual(
			[
				"ch_t0000",
				"ch_t0001",
				"ch_t0002",
				"ch_t0003",
				"ch_t0004",
				"ch_t0005",
				"ch_t0006",
				"ch_t0007",
				"ch_t0008",
				"ch_t0009",
			].filter((id) => fixtures.ledger.some((r) => r.charge_id === id)),
		);
		expect(await suggest("txn_t0012")).toEqual([{ label: "txn_t0012", value: "txn_t0012" }]);
	});

	it("answers nothing for an empty term or one that matches nothing", async () => {
		expect(await suggest("")).toEqual([]);
		expect(await suggest("zzz")).toEqual([]);
	});
});
