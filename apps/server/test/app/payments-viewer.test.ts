/**
 * The payments viewer (payments_viewer, "Payments viewer"), an accountant's role: it reads every
 * payments screen's data and exports it, and changes nothing. Each money action it tries with a
 * request a shop manager's would succeed with is refused 403 rest_forbidden and leaves the store
 * exactly as it was; its exports run end to end, down to the file it asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/db/ids.ts";
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
import {
	insertAuthorization,
	insertDispute,
	insertPayment,
	type Payment,
} from "../support/charge-fixtures.ts";
import { BASE, expectRestError, stateFingerprint } from "../support/invariants.ts";
import { ledgerRow } from "../support/payout-fixtures.ts";

const now = TEST_NOW.getTime() / 1000;
let t: TestApp;
let viewer: Actor;
let manager: Actor;
let payment: Payment;
let authorization: Payment;
let disputed: Payment;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	viewer = await t.actor("payments_viewer");
	manager = await t.actor("shop_manager");
	payment = await insertPayment(t.db.kysely, { created: now - 3600 });
	authorization = await insertAuthorization(t.db.kysely, now);
	disputed = await insertPayment(t.db.kysely, { created: now - 86_400 });
	await insertDispute(t.db.kysely, disputed, "needs_response");
	await insertBalanceTransactions(t.db.kysely, [
		ledgerRow({
			id: newId("txn"),
			account_id: TEST_ACCOUNT,
			net: 40_000,
			amount: 40_000,
			currency: "usd",
			available_on: now - 60,
		}),
	]);
});
afterAll(async () => t.close());

const send = (actor: Actor, method: "GET" | "POST", path: string, payload?: Record<string, unknown>) =>
	t.app.inject({
		method,
		url: path.startsWith("/wp-json") ? path : `${BASE}${path}`,
		headers: method === "GET" ? actor.headers : { ...actor.headers, "content-type": "application/json" },
		payload,
	});

describe("a payments viewer changes nothing", () => {
	const actions = () =>
		[
			["refund in full", "/refund", { charge_id: payment.chargeId }],
			[
				"capture",
				`/orders/${authorization.orderId}/capture_authorization`,
				{ payment_intent_id: authorization.intentId },
			],
			["instant payout", "/deposits", { type: "instant", currency: "usd" }],
			[
				"evidence",
				`/disputes/du_${disputed.chargeId}`,
				{ evidence: { customer_name: "Ada Lovelace" }, metadata: { __product_type: "physical_product" } },
			],
			["accepting the dispute", `/disputes/du_${disputed.chargeId}/close`, {}],
			["a settings change", "/settings", { is_manual_capture_enabled: true }],
			[
				"a fraud rule",
				"/settings",
				{
					current_protection_level: "advanced",
					advanced_fraud_protection_settings: [
						{
							key: "avs_verification",
							outcome: "block",
							check: { key: "avs_mismatch", operator: "equals", value: true },
						},
					],
				},
			],
		] as const;

	it("is refused every money action and setting with 403 rest_forbidden, and the store stays as it was", async () => {
		const before = await stateFingerprint(t.db.kysely);
		for (const [name, path, body] of actions()) {
			const response = await send(viewer, "POST", path, body);
			expect(response.statusCode, name).toBe(403);
			expectRestError(response, name);
			expect(response.json(), name).toMatchObject({ code: "rest_forbidden", data: { status: 403 } });
		}
		expect(await stateFingerprint(t.db.kysely)).toEqual(before);
	});

	it("was refused requests a shop manager's succeed with: the refusal is the role's, not the request's", async () => {
		for (const [name, path, body] of actions()) {
			const response = await send(manager, "POST", path, body);
			expect(response.statusCode, `${name}: ${response.body.slice(0, 300)}`).toBe(200);
		}
	});
});

describe("a payments viewer reads and exports", () => {
	it("reads the payments: lists, a payment, its timeline, payouts, disputes and settings", async () => {
		for (const path of [
			"/transactions",
			"/transactions/summary",
			`/payment_intents/${payment.intentId}`,
			`/timeline/${payment.intentId}`,
			"/deposits/overview-all",
			"/disputes",
			`/disputes/du_${disputed.chargeId}`,
			"/authorizations",
			"/settings",
			"/wp-json/wc/v3/settings/general",
		]) {
			const response = await send(viewer, "GET", path);
			expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBe(200);
		}
	});

	it("downloads a list as CSV directly", async () => {
		const response = await send(viewer, "GET", "/transactions/download");
		expect(response.statusCode).toBe(200);
		expect(response.headers["content-type"]).toMatch(/^text\/csv/);
		expect(response.body).toContain(`${payment.transactionId},`);
	});

	it("asks for an export and downloads the file it asked for", async () => {
		const requested = await send(viewer, "POST", "/transactions/download", {});
		expect(requested.statusCode).toBe(200);
		const exportId = requested.json<{ export_id: string }>().export_id;
		await runPendingJobs(
			{ db: t.db, clock: t.clock, dataDir: t.dataDir, publicUrl: "http://localhost" },
			"viewer-test",
		);
		const status = await send(viewer, "GET", `/transactions/download/${exportId}`);
		expect(status.json()).toMatchObject({ status: "success" });
		const file = await send(viewer, "GET", status.json<{ download_url: string }>().download_url);
		expect(file.statusCode).toBe(200);
		expect(file.headers["content-type"]).toMatch(/^text\/csv/);
		expect(file.body).toContain(`${payment.transactionId},`);
	});

	it("keeps its own preferences: its language is its own to change", async () => {
		const saved = await send(viewer, "POST", "/wp-json/wp/v2/users/me", { locale: "fr_FR" });
		expect(saved.statusCode).toBe(200);
		expect(saved.json()).toMatchObject({
			locale: "fr_FR",
			roles: ["payments_viewer"],
			capabilities: { view_woocommerce_reports: true, read: true },
		});
		expect(saved.json<{ capabilities: Record<string, boolean> }>().capabilities).not.toHaveProperty(
			"manage_woocommerce",
		);
	});
});
