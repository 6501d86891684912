import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkInsert } from "../../../src/db/bulk.ts";
import { purgeExpiredExports } from "../../../src/jobs/export-files.ts";
import { runPendingJobs } from "../../../src/jobs/runner.ts";
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
const FILTER = "status_is=paid&sort=amount&direction=asc";
let t: TestApp;
let admin: Actor;

const EXPECTED_CSV = [
	"\uFEFFPayout ID,Date,Type,Amount,Fee,Currency,Status,Bank account,Bank reference ID,Failure code",
	"po_2,2026-11-04 21:00:00,Withdrawal,-50.00,0.00,USD,Completed,STRIPE TEST BANK •••• 6789 (USD),,",
	`po_1,2026-11-10 10:00:00,Payout,123.45,0.00,USD,Completed,"'=HYPERLINK(""http://evil"")",ref_1,`,
	'po_4,2026-11-12 07:00:00,Payout,2000.00,0.00,EUR,Completed,"EURO BANK, PARIS",,',
	"",
].join("\r\n");

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				name: "Paydesk Demo Store",
				settings: JSON.stringify({ store_timezone: "America/New_York" }),
			});
			await db.kysely
				.insertInto("payouts")
				.values([
					payoutRow({
						id: "po_1",
						amount: 12_345,
						date: at("2026-11-10T15:00:00Z"),
						bank_account: '=HYPERLINK("http://evil")',
						bank_reference_key: "ref_1",
					}),
					payoutRow({ id: "po_2", amount: -5_000, type: "withdrawal", date: at("2026-11-05T02:00:00Z") }),
					payoutRow({ id: "po_3", amount: 999, status: "failed", failure_code: "declined" }),
					payoutRow({
						id: "po_4",
						amount: 200_000,
						currency: "eur",
						date: at("2026-11-12T12:00:00Z"),
						bank_account: "EURO BANK, PARIS",
					}),
				])
				.execute();
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const jobContext = () => ({
	db: t.db,
	clock: t.clock,
	dataDir: t.dataDir,
	publicUrl: "http://localhost:8080",
});

async function requestExport(query = FILTER, actor = admin): Promise<string> {
	const response = await t.app.inject({
		method: "POST",
		url: `${DEPOSITS}/download?${query}`,
		headers: actor.headers,
		payload: { user_email: "owner@example.com", locale: "en_US" },
	});
	expect(response.statusCode).toBe(200);
	return json<{ export_id: string }>(response).export_id;
}

const status = (id: string, actor = admin) =>
	t.app.inject({ method: "GET", url: `${DEPOSITS}/download/${id}`, headers: actor.headers });

describe("an export request becomes a durable job that writes the filtered CSV, however large", () => {
	let exportId: string;
	let fileUrl: string;

	it("answers { export_id } and stores the validated filters and sort on a pending job", async () => {
		exportId = await requestExport();
		const job = await t.db.kysely
			.selectFrom("export_jobs")
			.selectAll()
			.where("id", "=", exportId)
			.executeTakeFirstOrThrow();
		expect(job).toMatchObject({ kind: "deposits", status: "pending", user_email: "owner@example.com" });
		expect(JSON.parse(job.params)).toMatchObject({
			query: { status_is: "paid", sort: "amount", direction: "asc", match: "all" },
			locale: "en_US",
		});
		expect(json(await status(exportId))).toEqual({ status: "pending", download_url: null });
	});

	it("is claimed and run by the job runner, then reports success with a download URL", async () => {
		expect(await runPendingJobs(jobContext(), "test-worker")).toBe(1);
		const body = json<{ status: string; download_url: string }>(await status(exportId));
		fileUrl = `${DEPOSITS}/download/${exportId}/file`;
		expect(body).toEqual({ status: "success", download_url: fileUrl });
	});

	it("writes exactly the filtered rows in sort order: BOM, header, plain amounts, store time zone, no formulas", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: `${fileUrl}?_wpnonce=${admin.headers["x-wp-nonce"]}&force_download=true`,
			headers: { cookie: admin.headers.cookie ?? "" },
		});
		expect(response.statusCode).toBe(200);
		expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
		expect(response.headers["content-disposition"]).toBe('attachment; filename="payouts-2026-11-15.csv"');
		expect(response.body).toBe(EXPECTED_CSV);
	});

	it("answers the same CSV directly from GET /deposits/download", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: `${DEPOSITS}/download?${FILTER}`,
			headers: admin.headers,
		});
		expect(response.statusCode).toBe(200);
		expect(response.body).toBe(EXPECTED_CSV);
	});

	it("queues an e-mail with the download link", async () => {
		const mail = await t.db.kysely.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
		expect(mail.to_address).toBe("owner@example.com");
		expect(mail.subject).toBe("Your payouts export is ready");
		expect(mail.body_text).toContain(`http://localhost:8080${fileUrl}`);
		expect(mail.body_text).toContain(
			"The export of 3 payouts you requested from Paydesk Demo Store is ready",
		);
	});

	it("works from the e-mailed link with the session cookie alone", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: fileUrl,
			headers: { cookie: admin.headers.cookie ?? "" },
		});
		expect(response.statusCode).toBe(200);
		expect(response.body).toBe(EXPECTED_CSV);
	});

	it("sends a logged-out browser to log in, and answers 401 to other clients", async () => {
		const browser = await t.app.inject({ method: "GET", url: fileUrl, headers: { accept: "text/html" } });
		expect(browser.statusCode).toBe(302);
		expect(browser.headers.location).toBe(`/wp-login.php?redirect_to=${encodeURIComponent(fileUrl)}`);
		expect((await t.app.inject({ method: "GET", url: fileUrl })).statusCode).toBe(401);
	});

	it("refuses the file and its status to another user (403)", async () => {
		const other = await t.actor("administrator");
		const file = await t.app.inject({ method: "GET", url: fileUrl, headers: other.headers });
		expect(file.statusCode).toBe(403);
		expect((await status(exportId, other)).statusCode).toBe(403);
		const customer = await t.actor("customer");
		expect((await t.app.inject({ method: "GET", url: fileUrl, headers: customer.headers })).statusCode).toBe(
			403,
		);
	});

	it("refuses the file once the export has expired (410), and the runner removes it", async () => {
		// Expire the job rather than move the clock, which would also end the merchant's session.
		await t.db.kysely
			.updateTable("export_jobs")
			.set({ expires_at: t.clock.seconds() - 1 })
			.where("id", "=", exportId)
			.execute();
		const file = await t.app.inject({ method: "GET", url: fileUrl, headers: admin.headers });
		expect(file.statusCode).toBe(410);
		expect(json(file).code).toBe("wcpay_export_expired");
		expect((await status(exportId)).statusCode).toBe(410);
		const stored = path.join(t.dataDir, "exports", TEST_ACCOUNT, `${exportId}.csv`);
		expect(existsSync(stored)).toBe(true);
		expect(await purgeExpiredExports(t.db, t.dataDir, t.clock.seconds())).toBe(1);
		expect(existsSync(stored)).toBe(false);
	});

	it("answers 404 wcpay_export_not_found for an unknown export", async () => {
		const response = await status("exp_nope");
		expect(response.statusCode).toBe(404);
		expect(json(response).code).toBe("wcpay_export_not_found");
	});

	it("reports a job that failed as status error", async () => {
		const id = await requestExport("status_is=failed");
		await t.db.kysely
			.updateTable("export_jobs")
			.set({ params: JSON.stringify({ query: { sort: "bank" }, locale: "en_US" }) })
			.where("id", "=", id)
			.execute();
		await runPendingJobs(jobContext(), "test-worker");
		expect(json(await status(id))).toEqual({ status: "error", download_url: null });
	});
});

describe("exports stream every row in the list's order, batch after batch", () => {
	const ACCOUNT = "acct_bulk";
	let bulkAdmin: Actor;
	const bulk = Array.from({ length: 4_500 }, (_, i) =>
		payoutRow({
			account_id: ACCOUNT,
			id: `po_bulk${String((i * 7919) % 4_500).padStart(5, "0")}`,
			// Few distinct dates and amounts, so batches end inside runs of equal sort values.
			date: at("2026-10-01T00:00:00Z") + (i % 7) * 86_400,
			amount: (i % 13) * 100,
			status: i % 5 === 0 ? "failed" : "paid",
		}),
	);
	const csvIds = (body: string) =>
		body
			.split("\r\n")
			.slice(1, -1)
			.map((line) => line.split(",")[0]);

	beforeAll(async () => {
		await insertTestAccount(t.db.kysely, ACCOUNT);
		await bulkInsert(t.db, "payouts", bulk);
		bulkAdmin = await t.actor("administrator", ACCOUNT);
	});

	it("exports by date descending (ties by id) exactly as the list pages them", async () => {
		const expected = [...bulk].sort((a, b) => b.date - a.date || (a.id < b.id ? -1 : 1)).map((p) => p.id);
		const response = await t.app.inject({
			method: "GET",
			url: `${DEPOSITS}/download`,
			headers: bulkAdmin.headers,
		});
		expect(csvIds(response.body)).toEqual(expected);
		const page = await t.app.inject({
			method: "GET",
			url: `${DEPOSITS}?page=37&pagesize=100`,
			headers: bulkAdmin.headers,
		});
		expect(json<{ data: { id: string }[] }>(page).data.map((p) => p.id)).toEqual(
			expected.slice(3_600, 3_700),
		);
	});

	it("exports a filtered amount sort through the job, with every matching row", async () => {
		const id = await requestExport("status_is=paid&sort=amount&direction=desc", bulkAdmin);
		await runPendingJobs(jobContext(), "test-worker");
		const expected = bulk
			.filter((p) => p.status === "paid")
			.sort((a, b) => b.amount - a.amount || (a.id < b.id ? 1 : -1))
			.map((p) => p.id);
		const file = await t.app.inject({
			method: "GET",
			url: `${DEPOSITS}/download/${id}/file`,
			headers: bulkAdmin.headers,
		});
		expect(expected).toHaveLength(3_600);
		expect(csvIds(file.body)).toEqual(expected);
	});
});
