import type { ActiveLoanSummary, Loan } from "@paydesk/contract/capital";
import type { CardReader, ReaderChargeStats } from "@paydesk/contract/readers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CardReadersTable, LoansTable } from "../../../src/db/schema.ts";
import {
	REPAYMENT_INTERVAL_SECONDS,
	remainingInWindow,
	repaymentWindow,
} from "../../../src/payments/capital/repayment-interval.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { at } from "../../support/payout-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const OTHER = "acct_other";
let t: TestApp;
let admin: Actor;
let otherAdmin: Actor;

const readers: CardReadersTable[] = Array.from({ length: 12 }, (_, index) => ({
	account_id: TEST_ACCOUNT,
	id: `tmr_${String(index).padStart(2, "0")}`,
	device_type: index % 2 === 0 ? "BBPOS WisePOS E" : "Stripe M2",
	label: `Reader ${index}`,
	is_active: index < 3 ? 0 : 1,
	created: at("2026-01-01T00:00:00Z") + index * 86_400,
}));

function loanRow(overrides: Partial<LoansTable>): LoansTable {
	return {
		account_id: TEST_ACCOUNT,
		id: "flxln_x",
		stripe_loan_id: "financingoffer_x",
		status: "active",
		paid_out_at: at("2026-09-07T14:00:00Z"),
		fully_paid_at: null,
		amount: 900_000,
		fee_amount: 90_000,
		paid_amount: 300_000,
		withhold_rate: 0.08,
		first_paydown_at: at("2026-09-21T00:00:00Z"),
		repayments_begin_at: at("2026-09-14T14:00:00Z"),
		currency: "usd",
		...overrides,
	};
}

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await insertTestAccount(db.kysely, OTHER);
			await db.kysely.insertInto("card_readers").values(readers).execute();
			await db.kysely
				.insertInto("reader_charges")
				.values(
					[
						["tmr_04", "active", 40],
						["tmr_01", "inactive", 7],
					].map(([reader, status, count], index) => ({
						account_id: TEST_ACCOUNT,
						id: `rc_${index}`,
						reader_id: String(reader),
						charge_id: "ch_readerfee",
						status: String(status),
						count: Number(count),
						fee_amount: Number(count) * 10,
						currency: "usd",
						created: at("2026-11-01T00:00:00Z"),
					})),
				)
				.execute();
			await db.kysely
				.insertInto("loans")
				.values([
					loanRow({ id: "flxln_active" }),
					loanRow({
						id: "flxln_paid",
						stripe_loan_id: "financingoffer_paid",
						status: "paid_off",
						paid_out_at: at("2025-08-01T14:00:00Z"),
						fully_paid_at: at("2025-12-01T00:00:00Z"),
						amount: 500_000,
						fee_amount: 50_000,
						paid_amount: 550_000,
						withhold_rate: 0.1,
						repayments_begin_at: at("2025-08-08T14:00:00Z"),
					}),
					loanRow({ account_id: OTHER, id: "flxln_paid_other", status: "paid_off" }),
				])
				.execute();
			await db.kysely
				.insertInto("loan_paydowns")
				.values(
					[
						["2026-09-21T00:00:00Z", 100_000],
						["2026-11-13T00:00:00Z", 30_000],
						["2026-11-14T00:00:00Z", 20_000],
					].map(([created, amount], index) => ({
						account_id: TEST_ACCOUNT,
						id: `flxpd_${index}`,
						loan_id: "flxln_active",
						amount: Number(amount),
						created: at(String(created)),
						balance_transaction_id: null,
					})),
				)
				.execute();
		},
	});
	admin = await t.actor("administrator");
	otherAdmin = await t.actor("administrator", OTHER);
});
afterAll(async () => t.close());

async function get<T>(url: string, actor: Actor = admin): Promise<{ status: number; body: T }> {
	const response = await t.app.inject({ method: "GET", url, headers: actor.headers });
	return { status: response.statusCode, body: json<T>(response) };
}

describe("GET /readers (spec 2 'Card readers page')", () => {
	it("answers at most 10 readers, active first, with id, model and status", async () => {
		const { status, body } = await get<{ data: CardReader[]; total_count: number }>(`${BASE}/readers`);
		expect(status).toBe(200);
		expect(body.data).toHaveLength(10);
		expect(body.total_count).toBe(12);
		expect(body.data[0]).toEqual({
			id: "tmr_11",
			device_type: "Stripe M2",
			is_active: true,
			label: "Reader 11",
		});
		expect(body.data.slice(0, 9).every((reader) => reader.is_active)).toBe(true);
	});

	it("takes a smaller limit, and refuses one above 10", async () => {
		expect((await get<{ data: CardReader[] }>(`${BASE}/readers?limit=3`)).body.data).toHaveLength(3);
		expect((await get(`${BASE}/readers?limit=11`)).status).toBe(400);
	});
});

describe("GET /readers/charges/{id} (spec 2 'Card readers stats')", () => {
	it("answers each reader's status, transaction count and fee for the charge", async () => {
		const { status, body } = await get<ReaderChargeStats>(`${BASE}/readers/charges/ch_readerfee`);
		expect(status).toBe(200);
		expect(body).toEqual({
			charge_id: "ch_readerfee",
			created: "2026-11-01T00:00:00.000Z",
			data: [
				{ reader_id: "tmr_01", status: "inactive", count: 7, fee: { amount: 70, currency: "usd" } },
				{ reader_id: "tmr_04", status: "active", count: 40, fee: { amount: 400, currency: "usd" } },
			],
		});
	});

	it("answers 404 for a charge that billed no reader, or another account's", async () => {
		const missing = await get<{ code: string }>(`${BASE}/readers/charges/ch_unknown`);
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe("wcpay_card_reader_charge_not_found");
		expect((await get(`${BASE}/readers/charges/ch_readerfee`, otherAdmin)).status).toBe(404);
	});
});

describe("GET /capital/loans (spec 2 Loan)", () => {
	it("lists the account's loans newest first with the Loan fields and the id to filter by", async () => {
		const { status, body } = await get<{ data: Loan[] }>(`${BASE}/capital/loans`);
		expect(status).toBe(200);
		expect(body.data.map((loan) => loan.id)).toEqual(["flxln_active", "flxln_paid"]);
		expect(body.data[1]).toEqual({
			id: "flxln_paid",
			stripe_loan_id: "financingoffer_paid",
			paid_out_at: "2025-08-01T14:00:00.000Z",
			fully_paid_at: "2025-12-01T00:00:00.000Z",
			amount: 500_000,
			fee_amount: 50_000,
			withhold_rate: 0.1,
			first_paydown_at: "2026-09-21T00:00:00.000Z",
			currency: "usd",
		});
		expect(body.data[0]?.fully_paid_at).toBeNull();
	});
});

describe("GET /capital/active_loan_summary (spec 2 Active loan summary)", () => {
	it("answers paid, fee, advance, the current repayment interval, withhold rate and dates", async () => {
		const { status, body } = await get<ActiveLoanSummary>(`${BASE}/capital/active_loan_summary`);
		expect(status).toBe(200);
		// Repayments began 2026-09-14 14:00; the second 60-day interval runs 2026-11-13 to 2027-01-12.
		expect(body).toEqual({
			details: {
				paid_amount: 300_000,
				fee_amount: 90_000,
				advance_amount: 900_000,
				current_repayment_interval: {
					due_at: "2027-01-12T14:00:00.000Z",
					paid_amount: 20_000,
					remaining_amount: 90_000,
				},
				advance_paid_out_at: "2026-09-07T14:00:00.000Z",
				withhold_rate: 0.08,
				repayments_begin_at: "2026-09-14T14:00:00.000Z",
				currency: "usd",
			},
		});
	});

	it("answers a clear 404 when no loan is active", async () => {
		const { status, body } = await get<{ code: string; message: string }>(
			`${BASE}/capital/active_loan_summary`,
			otherAdmin,
		);
		expect(status).toBe(404);
		expect(body).toMatchObject({
			code: "wcpay_capital_no_active_loan",
			message: "This account has no active loan.",
		});
	});
});

describe("the sandbox partner's repayment interval", () => {
	const begin = at("2026-01-01T00:00:00Z");

	it("cuts time into 60-day intervals from the day repayments begin", () => {
		expect(repaymentWindow({ repaymentsBeginAt: begin, total: 900 }, begin - 10)).toMatchObject({
			start: begin,
			dueAt: begin + REPAYMENT_INTERVAL_SECONDS,
		});
		expect(
			repaymentWindow({ repaymentsBeginAt: begin, total: 900 }, begin + REPAYMENT_INTERVAL_SECONDS),
		).toMatchObject({
			start: begin + REPAYMENT_INTERVAL_SECONDS,
		});
	});

	it("asks a ninth of advance plus fee per interval, less what was repaid, never more than is owed", () => {
		const window = repaymentWindow({ repaymentsBeginAt: begin, total: 1_000 }, begin);
		expect(window.minimum).toBe(112);
		expect(remainingInWindow(window, 12, 1_000)).toBe(100);
		expect(remainingInWindow(window, 500, 1_000)).toBe(0);
		expect(remainingInWindow(window, 0, 50)).toBe(50);
	});
});
