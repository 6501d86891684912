/**
 * Money moves once (DESIGN §4): 50 identical requests fired at once at each
 * money-moving action — refund, capture, cancel, instant payout, evidence submission, dispute
 * accept — have exactly one effect, every other request is refused cleanly or replays the same
 * answer, and afterwards each balance still equals its ledger minus its payouts, with no rollup
 * drift. The suite runs this file on SQLite and again on PostgreSQL (DATABASE_URL).
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/db/ids.ts";
import { insertBalanceTransactions } from "../../src/ledger/rollups.ts";
import { timelineOf } from "../../src/payments/timeline/queries.ts";
import { seedStore } from "../../src/seed/store.ts";
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
import { BASE, expectMoneyInvariants, expectRestError } from "../support/invariants.ts";
import { ledgerRow } from "../support/payout-fixtures.ts";

const CONCURRENCY = 50;
const now = TEST_NOW.getTime() / 1000;
let t: TestApp;
let manager: Actor;
let run = 0;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db, at) =>
			void (await seedStore(db, { accountId: TEST_ACCOUNT, transactions: 200, seed: 5, now: at })),
	});
	manager = await t.actor("shop_manager");
	// Open the pool's connections first (PostgreSQL), so the requests below really overlap.
	await Promise.all(Array.from({ length: 20 }, () => get("/accounts")));
});
afterAll(async () => t.close());
// The invariant every money test leaves behind.
afterEach(async () => expectMoneyInvariants(t.db.kysely, TEST_ACCOUNT, t.clock.seconds()));

const get = (path: string) =>
	t.app.inject({ method: "GET", url: `${BASE}${path}`, headers: manager.headers });

/** Fires the same request CONCURRENCY times at once, with one Idempotency-Key when `keyed`. */
function fire(keyed: boolean, path: string, payload: Record<string, unknown>) {
	const key = keyed ? { "idempotency-key": `race-${++run}` } : {};
	return Promise.all(
		Array.from({ length: CONCURRENCY }, () =>
			t.app.inject({
				method: "POST",
				url: `${BASE}${path}`,
				headers: { ...manager.headers, "content-type": "application/json", ...key },
				payload,
			}),
		),
	);
}

/**
 * One success (or the same success replayed); everything else a clean refusal with one of
 * the expected codes, in the WordPress REST shape.
 */
function expectOneSuccess(responses: LightMyRequestResponse[], refusalCodes: readonly string[]) {
	const ok = responses.filter((response) => response.statusCode === 200);
	expect(ok.length).toBeGreaterThanOrEqual(1);
	const firstAnswer = ok.find((response) => response.headers["idempotent-replayed"] !== "true") ?? ok[0];
	for (const response of ok) expect(response.json()).toEqual(firstAnswer?.json());
	for (const refused of responses.filter((response) => response.statusCode !== 200)) {
		expect(refused.statusCode).toBeGreaterThanOrEqual(400);
		expect(refused.statusCode).toBeLessThan(500);
		expectRestError(refused);
		expect(refusalCodes).toContain(refused.json().code);
	}
	return ok.length;
}

async function count(table: "refunds" | "payouts" | "timeline_events", column: string, value: string) {
	const rows = await t.db.kysely
		.selectFrom(table)
		.select("account_id")
		.where(column as never, "=", value as never)
		.execute();
	return rows.length;
}

const events = async (intent: string, type: string) =>
	((await timelineOf(t.db.kysely, TEST_ACCOUNT, intent)) ?? []).filter((event) => event.type === type).length;

describe.each([
	["without a key", false],
	["with one Idempotency-Key", true],
])(`${CONCURRENCY} identical requests at once, %s, have one effect`, (_name, keyed) => {
	it("refund: one refund row and one ledger debit", async () => {
		const payment = await insertPayment(t.db.kysely, { created: now - 3600 });
		const responses = await fire(keyed, "/refund", { charge_id: payment.chargeId, amount: 5000 });
		expectOneSuccess(responses, ["wcpay_refund_not_allowed"]);
		expect(await count("refunds", "charge_id", payment.chargeId)).toBe(1);
	});

	it("partial refund: the same amount asked 50 times is refunded once", async () => {
		const payment = await insertPayment(t.db.kysely, { created: now - 3600, amount: 9000 });
		const responses = await fire(keyed, "/refund", { charge_id: payment.chargeId, amount: 1000 });
		expectOneSuccess(responses, []);
		expect(await count("refunds", "charge_id", payment.chargeId)).toBe(1);
	});

	it("capture: one capture, one settlement in the ledger", async () => {
		const payment = await insertAuthorization(t.db.kysely, now);
		const responses = await fire(keyed, `/orders/${payment.orderId}/capture_authorization`, {
			payment_intent_id: payment.intentId,
		});
		expectOneSuccess(responses, ["wcpay_payment_uncapturable"]);
		expect(await events(payment.intentId, "captured")).toBe(1);
	});

	it("cancel: the authorization is voided once", async () => {
		const payment = await insertAuthorization(t.db.kysely, now);
		const responses = await fire(keyed, `/orders/${payment.orderId}/cancel_authorization`, {
			payment_intent_id: payment.intentId,
		});
		expectOneSuccess(responses, ["wcpay_payment_uncapturable"]);
		expect(await events(payment.intentId, "authorization_voided")).toBe(1);
	});

	it("instant payout: one payout of the whole instant balance", async () => {
		// Fresh available funds in a currency of its own, so each variant pays out its own balance.
		const currency = keyed ? "cad" : "gbp";
		await insertBalanceTransactions(t.db.kysely, [
			ledgerRow({
				id: newId("txn"),
				account_id: TEST_ACCOUNT,
				net: 40_000,
				amount: 40_000,
				currency,
				available_on: now - 60,
			}),
		]);
		const before = await count("payouts", "currency", currency);
		const responses = await fire(keyed, "/deposits", { type: "instant", currency });
		expectOneSuccess(responses, ["wcpay_instant_deposit_unavailable"]);
		expect(await count("payouts", "currency", currency)).toBe(before + 1);
	});

	it("evidence submission: submitted once, one review event", async () => {
		const payment: Payment = await insertPayment(t.db.kysely, { created: now - 86_400 });
		await insertDispute(t.db.kysely, payment, "needs_response");
		const responses = await fire(keyed, `/disputes/du_${payment.chargeId}`, {
			evidence: { customer_name: "Race Condition", product_description: "A mug" },
			metadata: { __product_type: "physical_product" },
			submit: true,
		});
		expectOneSuccess(responses, ["wcpay_dispute_not_editable"]);
		expect(await events(payment.intentId, "dispute_in_review")).toBe(1);
	});

	it("dispute accept: closed once, one lost event", async () => {
		const payment = await insertPayment(t.db.kysely, { created: now - 86_400 });
		await insertDispute(t.db.kysely, payment, "needs_response");
		const responses = await fire(keyed, `/disputes/du_${payment.chargeId}/close`, {});
		expectOneSuccess(responses, ["wcpay_dispute_not_editable"]);
		expect(await events(payment.intentId, "dispute_lost")).toBe(1);
	});
});
