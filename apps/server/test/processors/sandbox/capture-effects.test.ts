/** What a capture moves besides its own ledger row: loan repayments and lifetime volume. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIFETIME_TPV_OPTION } from "../../../src/accounts/account.ts";
import { rollupDrift } from "../../../src/ledger/rollups.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_NOW, type TestApp } from "../../../src/testing/test-app.ts";
import { pay, paymentBody } from "../../support/intake-fixtures.ts";

const now = TEST_NOW.getTime() / 1000;
const LOANS = "acct_loans";
const PROGRESSIVE = "acct_po";
let t: TestApp;
let merchant: Actor;
let progressive: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, LOANS);
			await insertTestAccount(db.kysely, PROGRESSIVE, {
				progressive_onboarding: JSON.stringify({
					isEnabled: true,
					isComplete: false,
					tpv: 0,
					firstTransactionDate: null,
				}),
			});
			await db.kysely
				.insertInto("loans")
				.values({
					account_id: LOANS,
					id: "flxln_test",
					stripe_loan_id: "loan_test",
					status: "active",
					paid_out_at: now - 30 * 86_400,
					fully_paid_at: null,
					amount: 10_000,
					fee_amount: 1_000,
					paid_amount: 0,
					withhold_rate: 0.1,
					first_paydown_at: null,
					repayments_begin_at: now - 29 * 86_400,
					currency: "usd",
				})
				.execute();
		},
	});
	merchant = await t.actor("administrator", LOANS);
	progressive = await t.actor("administrator", PROGRESSIVE);
});
afterAll(async () => t.close());

const loan = () =>
	t.db.kysely.selectFrom("loans").selectAll().where("id", "=", "flxln_test").executeTakeFirstOrThrow();

describe("an active loan withholds its rate from each new payment", () => {
	it("a $500 payment repays $50 as a financing_paydown entry, shown on its timeline", async () => {
		const { intent } = await pay(t, merchant.headers, paymentBody(undefined, { amount: 50_000 }));
		const paydown = await t.db.kysely
			.selectFrom("balance_transactions")
			.selectAll()
			.where("account_id", "=", LOANS)
			.where("type", "=", "financing_paydown")
			.executeTakeFirstOrThrow();
		expect(paydown).toMatchObject({
			amount: -5_000,
			net: -5_000,
			loan_id: "flxln_test",
			charge_id: intent.charge?.id,
		});
		expect(await loan()).toMatchObject({ paid_amount: 5_000, first_paydown_at: now, status: "active" });
		const events = await t.db.kysely
			.selectFrom("timeline_events")
			.select("type")
			.where("payment_intent_id", "=", intent.id)
			.execute();
		expect(events.map((event) => event.type)).toContain("financing_paydown");
	});

	it("withholds no more than is owed, then the loan is paid off and withholding stops", async () => {
		await pay(t, merchant.headers, paymentBody(undefined, { amount: 90_000 }));
		expect(await loan()).toMatchObject({ paid_amount: 11_000, status: "paid_off", fully_paid_at: now });
		await pay(t, merchant.headers, paymentBody(undefined, { amount: 90_000 }));
		const paydowns = await t.db.kysely
			.selectFrom("loan_paydowns")
			.select("amount")
			.where("account_id", "=", LOANS)
			.execute();
		expect(paydowns.map((row) => row.amount)).toEqual([5_000, 6_000]);
		expect(await rollupDrift(t.db.kysely, LOANS)).toEqual([]);
	});
});

describe("lifetime volume comes from real captures", () => {
	it("each capture adds to wcpay_lifetime_tpv and to a progressively onboarded account's volume", async () => {
		await pay(t, progressive.headers, paymentBody(undefined, { amount: 12_345 }));
		await pay(t, progressive.headers, paymentBody(undefined, { amount: 10_000, capture_method: "manual" }));
		await pay(t, progressive.headers, paymentBody("4000000000000002"));
		const option = await t.db.kysely
			.selectFrom("options")
			.select("value")
			.where("account_id", "=", PROGRESSIVE)
			.where("name", "=", LIFETIME_TPV_OPTION)
			.executeTakeFirstOrThrow();
		expect(JSON.parse(option.value)).toBe(12_345);
		const account = await t.db.kysely
			.selectFrom("accounts")
			.select("progressive_onboarding")
			.where("id", "=", PROGRESSIVE)
			.executeTakeFirstOrThrow();
		expect(JSON.parse(account.progressive_onboarding)).toMatchObject({
			tpv: 12_345,
			firstTransactionDate: TEST_NOW.toISOString(),
		});
	});
});
