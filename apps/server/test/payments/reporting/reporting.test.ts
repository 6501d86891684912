/**
 * GET /reporting/payment_activity (spec 2 §9): the figures, computed in SQL from the rollups and
 * the partial days of the ledger, equal a direct computation over the ledger rows themselves.
 */
import type { PaymentActivity } from "@paydesk/contract/reporting";
import { parseFilterDate, zonedToEpoch } from "@paydesk/domain/dates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BalanceTransactionsTable } from "../../../src/db/schema.ts";
import { rollupCover } from "../../../src/ledger/rollup-cover.ts";
import { bulkInsertBalanceTransactions } from "../../../src/ledger/rollups.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { ledgerRow } from "../../support/payout-fixtures.ts";

const REPORT = "/wp-json/wc/v3/payments/reporting/payment_activity";
const TYPES: [type: string, sign: number, fee: number][] = [
	["charge", 1, 320],
	["payment", 1, 150],
	["refund", -1, 0],
	["payment_refund", -1, 0],
	["refund_failure", 1, 0],
	["payment_failure_refund", 1, 0],
	["dispute", -1, 1_500],
	["dispute_reversal", 1, -1_500],
	["card_reader_fee", -1, 0],
	["financing_payout", 1, 0],
	["financing_paydown", -1, 0],
];

/** A deterministic ledger over two years: every type, three currencies, hours all round the clock. */
function fixtureLedger(): BalanceTransactionsTable[] {
	const rows: BalanceTransactionsTable[] = [];
	const start = Date.parse("2024-12-20T00:00:00Z") / 1000;
	for (let i = 0; i < 2400; i++) {
		const [type, sign, fee] = TYPES[(i * 7) % TYPES.length] ?? TYPES[0]!;
		const amount = sign * (1_000 + ((i * 7919) % 50_000));
		rows.push(
			ledgerRow({
				type,
				amount,
				fee,
				net: amount - fee,
				currency: ["usd", "usd", "eur", "gbp"][i % 4] ?? "usd",
				created: start + i * 27_311,
				available_on: start + i * 27_311 + 2 * 86_400,
			}),
		);
	}
	return rows;
}

const ledger = fixtureLedger();
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await bulkInsertBalanceTransactions(db, ledger);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

/** The figures straight from the rows, written out without the domain's helper. */
function expected(currency: string, start: string, end: string, zone: string) {
	const from = zonedToEpoch(parseFilterDate(start)!, zone);
	const until = zonedToEpoch(parseFilterDate(end)!, zone) + 1;
	let charges = 0;
	let refunds = 0;
	let disputes = 0;
	let fees = 0;
	for (const row of ledger) {
		if (row.currency !== currency || row.created < from || row.created >= until) continue;
		if (["charge", "payment", "adjustment"].includes(row.type)) charges += row.amount;
		else if (["refund", "refund_failure", "payment_refund", "payment_failure_refund"].includes(row.type))
			refunds += -row.amount;
		else if (["dispute", "dispute_reversal"].includes(row.type)) disputes += -row.amount;
		else if (row.type === "card_reader_fee") fees += -row.amount;
		else continue;
		fees += row.fee;
	}
	return { charges, refunds, disputes, fees, total_payment_volume: charges - refunds - disputes };
}

const report = (query: string) =>
	t.app.inject({ method: "GET", url: `${REPORT}?${query}`, headers: admin.headers });

describe("payment activity report equals a direct computation over the ledger", () => {
	it.each([
		["usd", "2026-11-09T00:00:00", "2026-11-15T23:59:59", "+00:00"],
		["usd", "2026-11-09T00:00:00", "2026-11-15T23:59:59", "+05:30"],
		["eur", "2026-01-01T00:00:00", "2026-11-15T23:59:59", "-07:00"],
		["gbp", "2025-08-16T00:00:00", "2026-11-15T23:59:59", "Europe/Paris"],
		["usd", "2024-12-20T00:00:00", "2026-11-15T23:59:59", "-09:30"],
		["usd", "2026-11-15T00:00:00", "2026-11-15T23:59:59", "+13:00"],
		["usd", "2025-03-01T10:15:00", "2025-03-01T10:45:59", "+00:00"],
	])("%s from %s to %s in %s", async (currency, start, end, zone) => {
		const response = await report(
			`currency=${currency}&date_start=${start}&date_end=${end}&timezone=${encodeURIComponent(zone)}`,
		);
		expect(response.statusCode).toBe(200);
		const body = json<PaymentActivity>(response);
		expect(body).toEqual({
			currency,
			date_start: start,
			date_end: end,
			timezone: zone,
			...expected(currency, start, end, zone),
		});
		expect(body.charges).toBeGreaterThanOrEqual(0);
	});

	it("total payment volume is charges minus refunds minus disputes", async () => {
		const body = json<PaymentActivity>(
			await report(
				"currency=usd&date_start=2024-12-20T00:00:00&date_end=2026-11-15T23:59:59&timezone=%2B00:00",
			),
		);
		expect(body.charges).toBeGreaterThan(0);
		expect(body.refunds).toBeGreaterThan(0);
		expect(body.total_payment_volume).toBe(body.charges - body.refunds - body.disputes);
	});

	it("reads all time from a few rollup periods and at most two partial days of ledger", () => {
		const from = Date.parse("2024-12-20T05:00:00Z") / 1000;
		const until = Date.parse("2026-11-16T05:00:00Z") / 1000;
		const { periods, edges } = rollupCover({ from, until });
		expect(edges).toHaveLength(2);
		expect(periods.length).toBeLessThan(12);
		const days = periods.reduce((sum, period) => sum + ((period.until ?? 0) - (period.from ?? 0)), 0);
		expect(days).toBe(Math.floor(until / 86_400) - Math.ceil(from / 86_400));
	});
});

describe("payment activity query validation", () => {
	it("names each bad parameter", async () => {
		const response = await report(
			"currency=dollars&date_start=2026-11-09&date_end=2026-02-30T00:00:00&timezone=Mars/Base",
		);
		expect(response.statusCode).toBe(400);
		const params = json<{ data: { params: Record<string, string> } }>(response).data.params;
		expect(Object.keys(params).sort()).toEqual(["currency", "date_end", "date_start", "timezone"]);
	});

	it("accepts the preset_name the overview sends with the dates (spec 1 §3), and refuses an unknown one", async () => {
		const range = "currency=usd&date_start=2026-11-09T00:00:00&date_end=2026-11-15T23:59:59&timezone=UTC";
		const named = await report(`${range}&preset_name=last_7_days`);
		expect(named.statusCode).toBe(200);
		expect(json<PaymentActivity>(named)).toEqual(json<PaymentActivity>(await report(range)));
		const unknown = await report(`${range}&preset_name=last_5_days`);
		expect(unknown.statusCode).toBe(400);
		expect(Object.keys(json<{ data: { params: object } }>(unknown).data.params)).toEqual(["preset_name"]);
	});

	it("refuses an end before the start and a missing currency", async () => {
		const reversed = await report(
			"currency=usd&date_start=2026-11-15T00:00:00&date_end=2026-11-01T00:00:00&timezone=UTC",
		);
		expect(reversed.statusCode).toBe(400);
		expect(json<{ data: { params: object } }>(reversed).data.params).toHaveProperty("date_end");
		const missing = await report("date_start=2026-11-01T00:00:00&date_end=2026-11-15T00:00:00&timezone=UTC");
		expect(missing.statusCode).toBe(400);
	});

	it("requires manage_woocommerce", async () => {
		const customer = await t.actor("customer");
		const query = "currency=usd&date_start=2026-11-01T00:00:00&date_end=2026-11-15T00:00:00&timezone=UTC";
		expect((await t.app.inject({ method: "GET", url: `${REPORT}?${query}` })).statusCode).toBe(401);
		expect(
			(await t.app.inject({ method: "GET", url: `${REPORT}?${query}`, headers: customer.headers }))
				.statusCode,
		).toBe(403);
	});
});
