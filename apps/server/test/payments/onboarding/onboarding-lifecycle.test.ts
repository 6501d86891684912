/**
 * The account lifecycle the processor runs (spec 1 §3 status values, §4.5, §9): decisions from
 * the verification details, deadlines that restrict, progressive onboarding's thresholds, and
 * the partner's account page where failing bank details are replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offsetClock } from "../../../src/accounts/clock.ts";
import { createNonce } from "../../../src/auth/nonce.ts";
import { findSession, SESSION_COOKIE } from "../../../src/auth/sessions.ts";
import { advanceAccountLifecycle } from "../../../src/processors/sandbox/account-lifecycle.ts";
import {
	LIVE_REVIEW_SECONDS,
	PO_TPV_LIMIT,
	REQUIREMENTS_DEADLINE_DAYS,
	submitVerification,
} from "../../../src/processors/sandbox/onboarding.ts";
import { ACCOUNT_NONCE_ACTION } from "../../../src/processors/sandbox/partner/routes.ts";
import {
	decideVerification,
	EMPTY_FORM,
	type VerificationForm,
} from "../../../src/processors/sandbox/partner/verification.ts";
import { runDueWork } from "../../../src/processors/sandbox/scheduler.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	TEST_NOW,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { DAY, insertPayment } from "../../support/charge-fixtures.ts";
import { paymentBody } from "../../support/intake-fixtures.ts";
import { accountRow, BASE, insertUnconnectedAccount } from "../../support/onboarding-fixtures.ts";

let t: TestApp;
const FORM: VerificationForm = {
	...EMPTY_FORM,
	first_name: "Jamie",
	last_name: "Doe",
	dob: "1990-04-02",
	email: "jamie@example.com",
	address_line1: "1 Main Street",
	city: "Springfield",
	postal_code: "12345",
	id_number: "000000000",
	bank_account_number: "000123456789",
	tos: "on",
};
const FULL = { progressive: false, business: false };
const context = { now: TEST_NOW, currency: "usd" };

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			const opened = { connected: 1, status: "pending" };
			for (const id of ["acct_minor", "acct_review", "acct_rejected", "acct_bank"]) {
				await insertUnconnectedAccount(db.kysely, id, opened);
			}
			await insertUnconnectedAccount(db.kysely, TEST_ACCOUNT, {
				...opened,
				created: TEST_NOW.getTime() / 1000 - 5 * DAY,
			});
		},
	});
});
afterAll(async () => t.close());

async function decideAndLand(id: string, form: VerificationForm, scope = FULL) {
	await submitVerification(t.db, id, t.clock.seconds(), {
		outcome: decideVerification(form, scope, context),
		summary: {},
	});
	await advanceAccountLifecycle(t.db, id, t.clock.seconds() + LIVE_REVIEW_SECONDS);
	return accountRow(t, id);
}

describe("the partner decides from the verification details", () => {
	it("verifies ordinary details: complete, payments and payouts enabled", () => {
		expect(decideVerification(FORM, FULL, context)).toMatchObject({ status: "complete", requirements: [] });
	});

	it("asks an underage representative again: invalid_dob_age_under_18, restricted soon, then restricted at the deadline", async () => {
		const row = await decideAndLand("acct_minor", { ...FORM, dob: "2010-01-01" });
		expect(row.status).toBe("restricted_soon");
		expect(JSON.parse(row.requirements)).toEqual([
			{
				code: "invalid_dob_age_under_18",
				reason: "The representative must be at least 18 years old.",
				requirement: "individual.dob.day",
			},
		]);
		expect(row.current_deadline).toBe(
			t.clock.seconds() + LIVE_REVIEW_SECONDS + REQUIREMENTS_DEADLINE_DAYS * DAY,
		);
		await advanceAccountLifecycle(t.db, "acct_minor", (row.current_deadline ?? 0) + 1);
		expect(await accountRow(t, "acct_minor")).toMatchObject({
			status: "restricted",
			past_due: 1,
			payments_enabled: 0,
		});
	});

	it("fails an ID number that does not match, and an address that cannot be matched", () => {
		const outcome = decideVerification(
			{ ...FORM, id_number: "111111111", address_line1: "address_no_match" },
			FULL,
			context,
		);
		expect(outcome.status).toBe("restricted_soon");
		expect(outcome.requirements.map((r) => r.code)).toEqual([
			"verification_failed_address_match",
			"verification_failed_id_number_match",
		]);
	});

	it("puts an account under review, or rejects it, with payments off", async () => {
		expect(await decideAndLand("acct_review", { ...FORM, id_number: "222222222" })).toMatchObject({
			status: "under_review",
			payments_enabled: 0,
		});
		expect(await decideAndLand("acct_rejected", { ...FORM, id_number: "333333333" })).toMatchObject({
			status: "rejected.fraud",
			payments_enabled: 0,
			deposits_status: "blocked",
		});
	});

	it("restricts at once when an identity document is missing", () => {
		expect(decideVerification({ ...FORM, id_number: "444444444" }, FULL, context)).toMatchObject({
			status: "restricted",
			requirements: [{ code: "verification_document_missing_front" }],
		});
	});
});

describe("progressive onboarding: payments pause at $5,000 of sales or 30 days (spec 1 §4.5, §9)", () => {
	const PROGRESSIVE = { progressive: true, business: false };

	it("starts enabled, and counts sales toward the threshold with the first sale's date", async () => {
		const row = await decideAndLand(
			TEST_ACCOUNT,
			{ ...FORM, id_number: "", bank_account_number: "" },
			PROGRESSIVE,
		);
		expect(row.status).toBe("enabled");
		const firstSale = t.clock.seconds() - 2 * DAY;
		await insertPayment(t.db.kysely, { amount: 120_000, created: firstSale });
		await advanceAccountLifecycle(t.db, TEST_ACCOUNT, t.clock.seconds());
		const after = await accountRow(t, TEST_ACCOUNT);
		expect(JSON.parse(after.progressive_onboarding)).toEqual({
			isEnabled: true,
			isComplete: false,
			tpv: 120_000,
			firstTransactionDate: new Date(firstSale * 1000).toISOString(),
		});
		expect(after.current_deadline).toBe(firstSale + 30 * DAY);
		expect(after.status).toBe("enabled");
	});

	it("pauses payments once sales reach $5,000", async () => {
		await insertPayment(t.db.kysely, { amount: PO_TPV_LIMIT - 120_000, created: t.clock.seconds() - DAY });
		await advanceAccountLifecycle(t.db, TEST_ACCOUNT, t.clock.seconds());
		expect(await accountRow(t, TEST_ACCOUNT)).toMatchObject({
			status: "restricted",
			payments_enabled: 0,
			past_due: 1,
		});
	});

	it("completes once payout details are collected (collect_payout_requirements)", async () => {
		const row = await decideAndLand(TEST_ACCOUNT, FORM);
		expect(row).toMatchObject({
			status: "complete",
			payments_enabled: 1,
			deposits_status: "enabled",
			past_due: 0,
		});
		expect(JSON.parse(row.progressive_onboarding)).toMatchObject({ isEnabled: true, isComplete: true });
	});
});

describe("the partner's account page (the account link) and failing bank details", () => {
	let admin: Actor;
	let nonce: string;
	beforeAll(async () => {
		await decideAndLand("acct_bank", { ...FORM, bank_account_number: "000111111116" });
		admin = await t.actor("administrator", "acct_bank");
		// The failing test account is found out by its first payout, which fails.
		const paid = await t.app.inject({
			method: "POST",
			url: `${BASE}/payment_intents`,
			headers: admin.headers,
			payload: paymentBody(),
		});
		expect(paid.statusCode).toBe(200);
		// The account's clock starts now (as a running server's would), then six days pass.
		await runDueWork(t.db, "acct_bank", t.clock.seconds(), "onboarding-test", t.clock);
		const later = t.clock.seconds() + 6 * DAY;
		await runDueWork(t.db, "acct_bank", later, "onboarding-test", offsetClock(t.clock, 6 * DAY));
		const payouts = await t.db.kysely
			.selectFrom("payouts")
			.select(["status", "failure_code"])
			.where("account_id", "=", "acct_bank")
			.execute();
		expect(payouts).toEqual([{ status: "failed", failure_code: "account_closed" }]);
		const token = admin.headers.cookie?.slice(`${SESSION_COOKIE}=`.length) ?? "";
		const session = await findSession(t.db.kysely, token, t.clock.seconds());
		nonce = createNonce(session?.nonceSecret ?? "", ACCOUNT_NONCE_ACTION, t.clock.seconds());
	});

	const update = (body: Record<string, string>) =>
		t.app.inject({
			method: "POST",
			url: "/sandbox-partner/account/bank-details",
			headers: { ...admin.headers, "content-type": "application/x-www-form-urlencoded" },
			payload: new URLSearchParams(body).toString(),
		});

	it("shows the account and offers 'Update bank details' for the errored payout account", async () => {
		const account = json<{ accountLink: string; defaultExternalAccounts: { status: string }[] }>(
			await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers: admin.headers }),
		);
		expect(account.defaultExternalAccounts[0]?.status).toBe("errored");
		const page = await t.app.inject({ method: "GET", url: account.accountLink, headers: admin.headers });
		expect(page.statusCode).toBe(200);
		expect(page.body).toContain("Payouts to this account failed");
		expect(page.body).toContain("Update bank details");
	});

	it("shows a merchant only their own account", async () => {
		const page = await t.app.inject({
			method: "GET",
			url: "/sandbox-partner/account?account=acct_minor",
			headers: admin.headers,
		});
		expect(page.statusCode).toBe(404);
	});

	it("refuses an update without the page's nonce", async () => {
		expect((await update({ currency: "usd", bank_account_number: "000123456789" })).statusCode).toBe(403);
	});

	it("keeps the error for an invalid or failing number, and clears it with a good one", async () => {
		const bad = await update({ _wpnonce: nonce, currency: "usd", bank_account_number: "12" });
		expect(bad.statusCode).toBe(422);
		expect(bad.body).toContain("Enter an account number of 6 to 17 digits.");
		const good = await update({ _wpnonce: nonce, currency: "usd", bank_account_number: "000987654321" });
		expect(good.statusCode).toBe(303);
		expect(good.headers.location).toContain("updated=1");
		expect(JSON.parse((await accountRow(t, "acct_bank")).external_accounts)).toEqual([
			{ currency: "usd", status: "verified", bank_name: "SANDBOX TEST BANK", last4: "4321" },
		]);
	});

	it("sends a signed-out visitor to log in", async () => {
		const response = await t.app.inject({ method: "GET", url: "/sandbox-partner/account" });
		expect(response.statusCode).toBe(302);
		expect(response.headers.location).toContain("/wp-login.php");
	});
});

describe("the partner's scripts are served from this origin", () => {
	it("serves connect.js, onboarding.js and partner.css", async () => {
		for (const [path, type] of [
			["/sandbox-partner/connect.js", "text/javascript"],
			["/sandbox-partner/onboarding.js", "text/javascript"],
			["/sandbox-partner/partner.css", "text/css"],
		] as const) {
			const response = await t.app.inject({ method: "GET", url: path });
			expect(response.statusCode, path).toBe(200);
			expect(String(response.headers["content-type"])).toContain(type);
		}
	});
});
