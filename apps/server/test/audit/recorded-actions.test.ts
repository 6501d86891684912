/**
 * Settings, fraud rules, exports, sign-ins, API keys and webhook endpoints each leave their
 * entry in the audit log, with who, what and before/after, and never a secret; a refund through
 * Stripe's API names the API key that made it.
 */
import { randomBytes } from "node:crypto";
import type { AuditEntry } from "@paydesk/contract/audit-log";
import { TWO_FACTOR_BASE } from "@paydesk/contract/two-factor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../src/audit/verify.ts";
import { newTotpKey, stepAt, totpCode } from "../../src/auth/two-factor/totp.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { postLoginForm } from "../../src/testing/login-form.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	TEST_NOW,
	TEST_PASSWORD,
	type TestApp,
} from "../../src/testing/test-app.ts";
import { insertPayment } from "../support/charge-fixtures.ts";
import { disputeFixture, insertDisputes } from "../support/disputes-fixtures.ts";
import { ledgerRow } from "../support/payout-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				external_accounts: JSON.stringify([
					{ currency: "usd", status: "verified", bank_name: "STRIPE TEST BANK", last4: "6789" },
				]),
			});
			// 500.00 available for an instant payout.
			await db.kysely
				.insertInto("balance_transactions")
				.values(ledgerRow({ net: 50_000, available_on: TEST_NOW.getTime() / 1000 - 86_400 }))
				.execute();
			// Without orders: the payments made below number theirs from 1001.
			await insertDisputes(db, [
				disputeFixture({ id: "du_audit_accept", status: "needs_response", noOrder: true }),
				disputeFixture({ id: "du_audit_submit", status: "needs_response", noOrder: true }),
			]);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown) =>
	t.app.inject({
		method: "POST",
		url,
		headers: { ...admin.headers, "content-type": "application/json" },
		payload: JSON.stringify(payload),
	});

const entries = async (action: string) => {
	const response = await t.app.inject({
		method: "GET",
		url: `${BASE}/audit-log?action_is=${action}`,
		headers: admin.headers,
	});
	expect(response.statusCode).toBe(200);
	return json<{ data: AuditEntry[] }>(response).data;
};

describe("settings and fraud rules", () => {
	it("a settings save records the changed fields before and after, and nothing that did not change", async () => {
		expect(
			(await post(`${BASE}/settings`, { account_business_support_phone: "+15555550123" })).statusCode,
		).toBe(200);
		const [entry] = await entries("settings.updated");
		expect(entry).toMatchObject({
			actor: { login: admin.user.login, user_id: admin.user.id },
			object_type: "account",
			object_id: TEST_ACCOUNT,
			details: { after: { account_business_support_phone: "+15555550123" } },
		});
		expect(Object.keys((entry?.details.after ?? {}) as object)).toEqual(["account_business_support_phone"]);
	});

	it("a change of the fraud rules is fraud_rules.updated", async () => {
		const rule = {
			key: "avs_verification",
			outcome: "block",
			check: { key: "avs_mismatch", operator: "equals", value: true },
		};
		const saved = await post(`${BASE}/settings`, {
			current_protection_level: "advanced",
			advanced_fraud_protection_settings: [rule],
		});
		expect(saved.statusCode).toBe(200);
		const [entry] = await entries("fraud_rules.updated");
		expect(entry?.details).toMatchObject({
			before: { current_protection_level: "basic", advanced_fraud_protection_settings: [] },
			after: { current_protection_level: "advanced", advanced_fraud_protection_settings: [rule] },
		});
	});
});

describe("instant payouts", () => {
	it("an instant payout records payout.instant_created with its amount, fee and currency", async () => {
		const response = await post(`${BASE}/deposits`, { type: "instant", currency: "usd" });
		expect(response.statusCode).toBe(200);
		const [entry] = await entries("payout.instant_created");
		expect(entry).toMatchObject({
			object_type: "payout",
			object_id: response.json().id,
			actor: { login: admin.user.login },
			details: { currency: "usd", amount: response.json().amount },
		});
	});
});

describe("disputes", () => {
	it("accepting a dispute records dispute.accepted with its status before and after", async () => {
		expect((await post(`${BASE}/disputes/du_audit_accept/close`, {})).statusCode).toBe(200);
		const [entry] = await entries("dispute.accepted");
		expect(entry).toMatchObject({
			object_type: "dispute",
			object_id: "du_audit_accept",
			actor: { login: admin.user.login },
			details: { before: { status: "needs_response" }, after: { status: "lost" } },
		});
	});

	it("submitting evidence records dispute.evidence_submitted; saving a draft records nothing", async () => {
		const draft = await post(`${BASE}/disputes/du_audit_submit`, { evidence: { customer_name: "Jane" } });
		expect(draft.statusCode).toBe(200);
		expect(await entries("dispute.evidence_submitted")).toEqual([]);
		const submitted = await post(`${BASE}/disputes/du_audit_submit`, {
			evidence: { customer_name: "Jane" },
			metadata: { __product_type: "physical_product" },
			submit: true,
		});
		expect(submitted.statusCode).toBe(200);
		const [entry] = await entries("dispute.evidence_submitted");
		expect(entry).toMatchObject({
			object_id: "du_audit_submit",
			details: { after: { status: "under_review" } },
		});
	});
});

describe("exports", () => {
	it("an export request records its filters and the e-mail address it goes to", async () => {
		const requested = await post(`${BASE}/transactions/download?type_is=charge`, {
			user_email: "books@example.com",
		});
		expect(requested.statusCode).toBe(200);
		const [entry] = await entries("export.requested");
		expect(entry).toMatchObject({
			object_type: "export",
			object_id: requested.json().export_id,
			details: { kind: "transactions", email: "books@example.com", filters: { type_is: "charge" } },
		});
	});
});

describe("sign-ins", () => {
	it("a right password records login.succeeded; a wrong one login.failed with the name tried and no user id", async () => {
		const ok = await postLoginForm(t.app, { log: admin.user.login, pwd: TEST_PASSWORD });
		expect(ok.statusCode).toBe(302);
		const bad = await postLoginForm(t.app, { log: admin.user.login, pwd: "not the password" });
		expect(bad.statusCode).toBe(401);
		const [succeeded] = await entries("login.succeeded");
		expect(succeeded?.actor).toMatchObject({ user_id: admin.user.id, login: admin.user.login });
		const [failed] = await entries("login.failed");
		expect(failed?.actor).toMatchObject({ user_id: null, login: admin.user.login });
		expect(JSON.stringify(failed)).not.toContain("not the password");
	});
});

describe("the user's own security", () => {
	it("logging out everywhere else records sessions.ended; a new password records password.changed, never the password", async () => {
		const user = await t.actor("administrator");
		const ended = await t.app.inject({
			method: "DELETE",
			url: "/wp-json/wp/v2/users/me/sessions",
			headers: user.headers,
		});
		expect(ended.statusCode).toBe(200);
		const [logout] = await entries("sessions.ended");
		expect(logout).toMatchObject({ actor: { user_id: user.user.id }, object_id: String(user.user.id) });

		const changed = await t.app.inject({
			method: "POST",
			url: "/wp-json/wp/v2/users/me/password",
			headers: { ...user.headers, "content-type": "application/json" },
			payload: JSON.stringify({ current_password: TEST_PASSWORD, password: "a brand new passphrase" }),
		});
		expect(changed.statusCode).toBe(200);
		const [entry] = await entries("password.changed");
		expect(entry).toMatchObject({ actor: { user_id: user.user.id }, object_id: String(user.user.id) });
		expect(JSON.stringify(entry)).not.toMatch(/brand new passphrase|horse battery/);
	});
});

describe("two-factor sign-in", () => {
	it("turning it on and off records two_factor.enabled and two_factor.disabled, never the key or a code", async () => {
		const user = await t.actor("administrator");
		const key = newTotpKey();
		// With an application key to seal the authenticator's secret (PostgreSQL has no key file).
		const server = await t.anotherServer({ secretKey: randomBytes(32).toString("hex") });
		const call = (method: "POST" | "DELETE", payload: unknown) =>
			server.inject({
				method,
				url: `${TWO_FACTOR_BASE}/totp`,
				headers: { ...user.headers, "content-type": "application/json" },
				payload: JSON.stringify(payload),
			});
		const enableCode = totpCode(key, stepAt(t.clock.seconds()));
		expect((await call("POST", { key, code: enableCode })).statusCode).toBe(200);
		// A code is accepted once: the next step's code turns it off.
		t.clock.advance(30);
		const disableCode = totpCode(key, stepAt(t.clock.seconds()));
		expect((await call("DELETE", { code: disableCode })).statusCode).toBe(200);
		const [enabled] = await entries("two_factor.enabled");
		const [disabled] = await entries("two_factor.disabled");
		expect(enabled).toMatchObject({ actor: { user_id: user.user.id }, object_id: String(user.user.id) });
		expect(disabled).toMatchObject({ actor: { user_id: user.user.id }, object_id: String(user.user.id) });
		expect(JSON.stringify([enabled, disabled])).not.toMatch(
			new RegExp(`${key}|${enableCode}|${disableCode}`),
		);
		await server.close();
	});
});

describe("developers", () => {
	it("an API key's creation and roll are recorded with its last four characters at most", async () => {
		const made = await post(`${BASE}/developers/api-keys`, { name: "Books" });
		expect(made.statusCode).toBe(200);
		const secret: string = made.json().secret;
		const [created] = await entries("api_key.created");
		expect(created).toMatchObject({
			object_id: "Books",
			details: { name: "Books", secret_key: `…${secret.slice(-4)}` },
		});
		expect(JSON.stringify(created)).not.toContain(secret);

		const id = (made.json().keys as { id: string; kind: string }[]).find((key) => key.kind === "secret")?.id;
		const rolled = await post(`${BASE}/developers/api-keys/${id}/roll`, { expires_in: 0 });
		expect(rolled.statusCode).toBe(200);
		const [roll] = await entries("api_key.rolled");
		expect(JSON.stringify(roll)).not.toContain(rolled.json().secret);
		expect(roll?.details).toMatchObject({ name: "Books", expires_in: 0 });
	});

	it("a refund made through Stripe's API names the key's name as the actor", async () => {
		const made = await post(`${BASE}/developers/api-keys`, { name: "Store backend" });
		const payment = await insertPayment(t.db.kysely);
		const refunded = await t.app.inject({
			method: "POST",
			url: "/v1/refunds",
			headers: {
				authorization: `Bearer ${made.json().secret}`,
				"content-type": "application/x-www-form-urlencoded",
			},
			payload: `charge=${payment.chargeId}&amount=1000`,
		});
		expect(refunded.statusCode).toBe(200);
		const [entry] = await entries("refund.created");
		expect(entry).toMatchObject({
			object_id: payment.chargeId,
			actor: { user_id: null, login: null, api_key: "Store backend" },
			details: { amount: 1000 },
		});
	});

	it("a webhook endpoint's change records the fields that changed", async () => {
		const endpoint = await post(`${BASE}/developers/webhook-endpoints`, {
			url: "https://example.com/hooks",
			enabled_events: ["charge.refunded"],
		});
		expect(endpoint.statusCode).toBe(200);
		const changed = await post(`${BASE}/developers/webhook-endpoints/${endpoint.json().id}`, {
			description: "Books",
		});
		expect(changed.statusCode).toBe(200);
		const [entry] = await entries("webhook_endpoint.updated");
		expect(entry).toMatchObject({
			object_id: endpoint.json().id,
			details: { before: { description: null }, after: { description: "Books" } },
		});
	});

	it("the chain holds after all of it", async () => {
		expect((await verifyAuditChain(t.db.kysely, TEST_ACCOUNT)).broken).toBeNull();
	});
});
