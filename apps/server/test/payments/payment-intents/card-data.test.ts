/**
 * Card data stays out of everything Paydesk writes: after payments of every kind
 * (captured, declined, 3-D Secure, refused as invalid, replayed with an Idempotency-Key) and
 * exports of the payments, no full card number and no CVC is found in any table, in the
 * database's own files, in the trace-level log or in the export files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPendingJobs } from "../../../src/jobs/runner.ts";
import "../../../src/exports/job.ts";
import { capturedLog } from "../../../src/testing/captured-log.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";
import { BILLING, pay, paymentBody } from "../../support/intake-fixtures.ts";
import { BASE } from "../../support/invariants.ts";

/** The numbers used below, and the CVCs: distinctive, so a match is never a coincidence. */
const NUMBERS = [
	"378282246310005",
	"4000002760003184",
	"4000000000009995",
	"4242424242424242",
	"4242424242424241",
];
const CVCS = ["8317", "6294", "5081", "7740", "3369"];

const log = capturedLog();
let csv = "";
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)),
		logger: { level: "trace", stream: log.stream },
		sqliteOnDisk: true,
	});
	admin = await t.actor("administrator");

	const card = (index: number, spaced = false) => {
		const number = NUMBERS[index] ?? "";
		return {
			type: "card",
			card: {
				number: spaced ? number.replace(/(\d{4})(?=\d)/g, "$1 ") : number,
				exp_month: 12,
				exp_year: 2030,
				cvc: CVCS[index],
			},
			billing_details: BILLING,
		};
	};
	const replayed = { "idempotency-key": "card-data-replay" };
	await pay(t, admin.headers, paymentBody(undefined, { payment_method: card(0, true) }), replayed);
	await pay(t, admin.headers, paymentBody(undefined, { payment_method: card(0, true) }), replayed);
	const challenged = await pay(t, admin.headers, paymentBody(undefined, { payment_method: card(1) }));
	await t.app.inject({
		method: "POST",
		url: `${BASE}/payment_intents/${challenged.intent.id}/confirm`,
		headers: admin.headers,
		payload: { authentication: "complete" },
	});
	await pay(t, admin.headers, paymentBody(undefined, { payment_method: card(2) }));
	await pay(t, admin.headers, paymentBody(undefined, { payment_method: card(3), capture_method: "manual" }));
	expect((await pay(t, admin.headers, paymentBody(undefined, { payment_method: card(4) }))).status).toBe(400);

	// The payments as CSV: answered directly, and as an e-mailed export written to the data folder.
	const direct = await t.app.inject({
		method: "GET",
		url: `${BASE}/transactions/download`,
		headers: admin.headers,
	});
	expect(direct.statusCode).toBe(200);
	csv = direct.body;
	const requested = await t.app.inject({
		method: "POST",
		url: `${BASE}/transactions/download`,
		headers: admin.headers,
		payload: {},
	});
	expect(requested.statusCode).toBe(200);
	await runPendingJobs(
		{ db: t.db, clock: t.clock, dataDir: t.dataDir, publicUrl: "http://localhost:8080" },
		"card-data-test",
	);
	if (t.db.dialect === "postgres") await sql`checkpoint`.execute(t.db.kysely);
});
afterAll(async () => t.close());

/** Every place a leak would show: the digits as typed, spaced, and each CVC as a value. */
function leaksIn(text: string): string[] {
	const found: string[] = [];
	for (const number of NUMBERS) {
		if (text.includes(number)) found.push(number);
		if (text.includes(number.replace(/(\d{4})(?=\d)/g, "$1 "))) found.push(`${number} (spaced)`);
	}
	for (const cvc of CVCS) if (new RegExp(`\\b${cvc}\\b`).test(text)) found.push(`CVC ${cvc}`);
	if (/"cvc"\s*:/.test(text)) found.push('a "cvc" field');
	return found;
}

function filesUnder(folder: string): string[] {
	if (!existsSync(folder)) return [];
	return readdirSync(folder).flatMap((name) => {
		const full = path.join(folder, name);
		return statSync(full).isDirectory() ? filesUnder(full) : [full];
	});
}

describe("no full card number and no CVC", () => {
	it("in any table", async () => {
		const tables =
			t.db.dialect === "postgres"
				? await sql<{
						name: string;
					}>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
						t.db.kysely,
					)
				: await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
						t.db.kysely,
					);
		expect(tables.rows.length).toBeGreaterThan(25);
		for (const { name } of tables.rows) {
			const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db.kysely);
			const dump = JSON.stringify(rows.rows, (_key, value) =>
				value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : value,
			);
			expect(leaksIn(dump), name).toEqual([]);
		}
		const taken = await t.db.kysely.selectFrom("charges").select("id").execute();
		expect(taken.length, "the payments were taken").toBeGreaterThanOrEqual(4);
	});

	it("in the database's own files (SQLite's file and write-ahead log)", async () => {
		if (t.db.dialect === "postgres") return; // PostgreSQL's files are the server's: the tables above cover them.
		const files = filesUnder(t.dataDir).filter((file) => /paydesk\.sqlite/.test(file));
		expect(files.some((file) => file.endsWith("paydesk.sqlite"))).toBe(true);
		for (const file of files) expect(leaksIn(readFileSync(file).toString("latin1")), file).toEqual([]);
	});

	it("in the trace-level log and the CSV answered directly", () => {
		const text = log.text();
		expect(text).toContain("/payment_intents");
		expect(leaksIn(text)).toEqual([]);
		expect(csv).toContain("Jenny Rosen");
		expect(leaksIn(csv)).toEqual([]);
	});

	it("in the export files", () => {
		const exports = filesUnder(t.dataDir).filter((file) => !/paydesk\.sqlite/.test(file));
		expect(exports.length, "the e-mailed export was written").toBeGreaterThan(0);
		for (const file of exports) {
			const text = readFileSync(file, "utf8");
			expect(text.length).toBeGreaterThan(0);
			expect(leaksIn(text), file).toEqual([]);
		}
	});
});
