/**
 * The onboarding wizard's calls (spec 1 §4.6, §7): the embedded verification session, the
 * payout-eligibility check, the partner's verification form and finalize.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_REVIEW_SECONDS } from "../../../src/processors/sandbox/onboarding.ts";
import { type Actor, createTestApp, json, type TestApp } from "../../../src/testing/test-app.ts";
import { accountRow, BASE, insertUnconnectedAccount } from "../../support/onboarding-fixtures.ts";

let t: TestApp;

const BUSINESS = {
	country: "US",
	business_type: "company",
	company: { structure: "single_member_llc" },
	mcc: "5691",
	annual_revenue: "from_250k_to_1m",
	go_live_timeframe: "within_1month",
	business_name: "Test Store",
	site: "https://shop.example",
};

const VALID_FORM = {
	first_name: "Jamie",
	last_name: "Doe",
	dob: "1990-04-02",
	email: "jamie@example.com",
	address_line1: "1 Main Street",
	city: "Springfield",
	postal_code: "12345",
	business_name: "Test Store LLC",
	id_number: "000000000",
	bank_account_number: "000123456789",
	tos: "on",
};

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			for (const id of ["acct_kyc", "acct_form", "acct_limit", "acct_quit"])
				await insertUnconnectedAccount(db.kysely, id);
		},
	});
});
afterAll(async () => t.close());

async function startSession(actor: Actor, body: Record<string, unknown>) {
	const response = await t.app.inject({
		method: "POST",
		url: `${BASE}/onboarding/kyc/session`,
		headers: actor.headers,
		payload: body,
	});
	return { status: response.statusCode, body: json<Record<string, string>>(response) };
}

async function submitForm(secret: string, form: Record<string, string>) {
	return t.app.inject({
		method: "POST",
		url: "/sandbox-partner/onboarding",
		headers: { "content-type": "application/x-www-form-urlencoded" },
		payload: new URLSearchParams({ session: secret, ...form }).toString(),
	});
}

async function finalize(actor: Actor) {
	const response = await t.app.inject({
		method: "POST",
		url: `${BASE}/onboarding/kyc/finalize`,
		headers: actor.headers,
		payload: { source: "wcpay-connect-page", from: "WCPAY_CONNECT" },
	});
	return json<{ success: boolean; params: Record<string, string>; mode: string }>(response);
}

describe("POST {api}/onboarding/kyc/session", () => {
	it("answers clientSecret, publishableKey and locale, and opens a pending account with the business data", async () => {
		const admin = await t.actor("administrator", "acct_kyc");
		const { status, body } = await startSession(admin, {
			self_assessment: BUSINESS,
			capabilities: "card_payments,transfers",
			progressive: false,
		});
		expect(status).toBe(200);
		expect(body.clientSecret).toMatch(/^pss_\w+_secret_[\w-]+$/);
		expect(body.publishableKey).toMatch(/^pk_live_/);
		expect(body.locale).toBe("en-US");
		const row = await accountRow(t, "acct_kyc");
		expect(row).toMatchObject({ connected: 1, status: "pending", details_submitted: 0, test_mode: 0 });
		const record = JSON.parse(row.onboarding);
		expect(record.data).toMatchObject({
			country: "US",
			company: { structure: "single_member_llc" },
			mcc: "5691",
		});
		expect(record.capabilities).toEqual(["card_payments", "transfers"]);
	});

	it("refuses onboarding data outside the spec's values", async () => {
		const admin = await t.actor("administrator", "acct_kyc");
		const { status, body } = await startSession(admin, { self_assessment: { annual_revenue: "lots" } });
		expect(status).toBe(400);
		expect(body.code).toBe("rest_invalid_param");
	});

	it("limits account setup sessions, and the connect page's error message says so until the window passes", async () => {
		const admin = await t.actor("administrator", "acct_limit");
		for (let i = 0; i < 10; i++)
			expect((await startSession(admin, { self_assessment: BUSINESS })).status).toBe(200);
		const refused = await startSession(admin, { self_assessment: BUSINESS });
		expect(refused.status).toBe(429);
		expect(refused.body.code).toBe("wcpay_account_session_rate_limited");
		const record = JSON.parse((await accountRow(t, "acct_limit")).onboarding);
		expect(record.error.message).toContain("account setup session");
	});
});

describe("POST {api}/onboarding/router/po_eligible", () => {
	async function check(actor: Actor, business: Record<string, string>, store: Record<string, string>) {
		const response = await t.app.inject({
			method: "POST",
			url: `${BASE}/onboarding/router/po_eligible`,
			headers: actor.headers,
			payload: { business, store },
		});
		return json<{ result: string }>(response).result;
	}

	it("answers eligible for a small US business, not_eligible above $250k or for reviewed categories", async () => {
		const admin = await t.actor("administrator", "acct_kyc");
		const store = { annual_revenue: "less_than_250k", go_live_timeframe: "within_1month" };
		expect(await check(admin, { country: "US", type: "individual", mcc: "5691" }, store)).toBe("eligible");
		expect(
			await check(
				admin,
				{ country: "US", type: "individual", mcc: "5691" },
				{ ...store, annual_revenue: "from_1m_to_20m" },
			),
		).toBe("not_eligible");
		expect(await check(admin, { country: "US", type: "company", mcc: "7011" }, store)).toBe("not_eligible");
		expect(await check(admin, { country: "JP", type: "company", mcc: "5691" }, store)).toBe("not_eligible");
	});
});

describe("the partner's verification form and finalize", () => {
	let admin: Actor;
	let secret: string;
	beforeAll(async () => {
		admin = await t.actor("administrator", "acct_form");
		secret = (await startSession(admin, { self_assessment: BUSINESS })).body.clientSecret ?? "";
	});

	it("serves the form for the session, asking for the company's legal name, ID and bank account", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: `/sandbox-partner/onboarding?session=${encodeURIComponent(secret)}`,
		});
		expect(response.statusCode).toBe(200);
		expect(response.body).toContain("Verify your identity");
		expect(response.body).toContain('name="business_name"');
		expect(response.body).toContain('name="id_number"');
		expect(response.body).toContain('name="bank_account_number"');
		expect(response.body).toContain('src="/sandbox-partner/onboarding.js"');
	});

	it("answers an unknown session with the expired page the embedded step reports", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: "/sandbox-partner/onboarding?session=pss_YWNjdF9mb3Jt_secret_nope",
		});
		expect(response.statusCode).toBe(404);
		expect(response.body).toContain('data-error-type="authentication_error"');
	});

	it("finalize before the details are submitted fails (the admin goes back with wcpay-connection-error=1)", async () => {
		const answer = await finalize(admin);
		expect(answer.success).toBe(false);
	});

	it("re-renders the form with field errors when details are missing", async () => {
		const response = await submitForm(secret, { ...VALID_FORM, email: "not-an-email", tos: "" });
		expect(response.statusCode).toBe(422);
		expect(response.body).toContain("Enter a valid email address.");
		expect(response.body).toContain("Accept the services agreement to continue.");
		expect((await accountRow(t, "acct_form")).details_submitted).toBe(0);
	});

	it("accepts valid details: details submitted, and the decision (complete) lands after the review", async () => {
		const response = await submitForm(secret, VALID_FORM);
		expect(response.statusCode).toBe(200);
		expect(response.body).toContain('data-partner-step="done"');
		expect(await accountRow(t, "acct_form")).toMatchObject({ details_submitted: 1, status: "pending" });

		const answer = await finalize(admin);
		expect(answer).toMatchObject({
			success: true,
			mode: "live",
			params: { source: "wcpay-connect-page", from: "WCPAY_CONNECT" },
		});

		t.clock.advance(LIVE_REVIEW_SECONDS);
		const account = json<Record<string, unknown>>(
			await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers: admin.headers }),
		);
		expect(account).toMatchObject({ status: "complete", paymentsEnabled: true, detailsSubmitted: true });
		expect(account.defaultExternalAccounts).toEqual([
			{ currency: "usd", status: "verified", bank_name: "SANDBOX TEST BANK", last4: "6789" },
		]);
		t.clock.advance(-LIVE_REVIEW_SECONDS);
	});

	it("ends the session once the details are in: the same secret cannot submit again", async () => {
		const response = await submitForm(secret, VALID_FORM);
		expect(response.statusCode).toBe(404);
	});
});

describe("progressive onboarding: the session asks for less, the account starts enabled", () => {
	it("opens a progressive session when the business is eligible, and decides enabled with a 30-day deadline", async () => {
		const admin = await t.actor("administrator", "acct_quit");
		const eligible = {
			...BUSINESS,
			business_type: "individual",
			company: undefined,
			annual_revenue: "less_than_250k",
		};
		const secret =
			(await startSession(admin, { self_assessment: eligible, progressive: true })).body.clientSecret ?? "";
		const page = await t.app.inject({
			method: "GET",
			url: `/sandbox-partner/onboarding?session=${encodeURIComponent(secret)}`,
		});
		expect(page.body).toContain("Tell us about yourself");
		expect(page.body).not.toContain('name="bank_account_number"');
		const { id_number: _id, bank_account_number: _bank, business_name: _name, ...personal } = VALID_FORM;
		expect((await submitForm(secret, personal)).statusCode).toBe(200);
		t.clock.advance(LIVE_REVIEW_SECONDS);
		const account = json<Record<string, unknown>>(
			await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers: admin.headers }),
		);
		expect(account).toMatchObject({
			status: "enabled",
			paymentsEnabled: true,
			progressiveOnboarding: { isEnabled: true, isComplete: false, tpv: 0, firstTransactionDate: null },
		});
		expect(account.currentDeadline).toBe((await accountRow(t, "acct_quit")).created + 30 * 86400);
		t.clock.advance(-LIVE_REVIEW_SECONDS);
	});
});
