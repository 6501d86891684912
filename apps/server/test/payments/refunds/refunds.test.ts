import type { Charge, Refund } from "@paydesk/contract/charges";
import type { TimelineEventBody } from "@paydesk/contract/timeline";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollupDrift } from "../../../src/ledger/rollups.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	TEST_NOW,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import {
	insertAuthorization,
	insertDispute,
	insertPayment,
	type Payment,
} from "../../support/charge-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const now = TEST_NOW.getTime() / 1000;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const refund = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
	t.app.inject({
		method: "POST",
		url: `${BASE}/refund/`,
		headers: { ...admin.headers, ...headers },
		payload,
	});
const chargeOf = async (id: string) =>
	json<Charge>(await t.app.inject({ method: "GET", url: `${BASE}/charges/${id}`, headers: admin.headers }));
const refundRows = (chargeId: string) =>
	t.db.kysely.selectFrom("refunds").selectAll().where("charge_id", "=", chargeId).execute();
const ledgerOf = (chargeId: string) =>
	t.db.kysely
		.selectFrom("balance_transactions")
		.selectAll()
		.where("charge_id", "=", chargeId)
		.orderBy("created")
		.execute();
/** Lets the double-submit window pass, so the next identical refund is a new one. */
const later = () => t.clock.advance(60);

describe("a refund in full", () => {
	let payment: Payment;
	beforeAll(async () => {
		payment = await insertPayment(t.db.kysely);
	});

	it("refunds the charge, writes its balance transaction, timeline event and order status", async () => {
		const response = await refund({
			charge_id: payment.chargeId,
			amount: 5000,
			reason: "requested_by_customer",
			order_id: payment.orderId,
		});
		expect(response.statusCode).toBe(200);
		const body = json<Refund>(response);
		expect(body).toMatchObject({
			amount: 5000,
			currency: "usd",
			reason: "requested_by_customer",
			status: "succeeded",
			charge: payment.chargeId,
		});

		const charge = await chargeOf(payment.chargeId);
		expect(charge).toMatchObject({
			refunded: true,
			amount_refunded: 5000,
			display_status: "fully_refunded",
			refundable_amount: 0,
		});
		expect(charge.refunds.data.map((r) => r.id)).toEqual([body.id]);

		const events = json<{ data: TimelineEventBody[] }>(
			await t.app.inject({
				method: "GET",
				url: `${BASE}/timeline/${payment.intentId}`,
				headers: admin.headers,
			}),
		).data;
		expect(events.at(-1)).toMatchObject({
			type: "full_refund",
			amount: 5000,
			amount_refunded: 5000,
			currency: "usd",
			reason: "requested_by_customer",
			transaction_details: { store_amount: 5000, store_currency: "usd" },
		});
		const order = await t.db.kysely
			.selectFrom("orders")
			.select("status")
			.where("id", "=", payment.orderId)
			.executeTakeFirstOrThrow();
		expect(order.status).toBe("refunded");
	});

	it("nets correctly: the refund's transaction is the negative of the amount, denormalised like the charge's", async () => {
		const [own, back] = await ledgerOf(payment.chargeId);
		expect(back).toMatchObject({
			type: "refund",
			reporting_category: "refund",
			amount: -5000,
			fee: 0,
			net: -5000,
		});
		expect(back?.available_on).toBe((back?.created ?? 0) + 2 * 86_400);
		for (const field of [
			"order_id",
			"order_number",
			"channel",
			"source",
			"source_identifier",
			"customer_name",
			"customer_email",
			"customer_country",
			"customer_currency",
			"risk_level",
		] as const) {
			expect(back?.[field]).toEqual(own?.[field]);
		}
		const rows = await refundRows(payment.chargeId);
		expect(rows[0]?.balance_transaction_id).toBe(back?.id);
		// Invariant: the charge's ledger nets to what it kept: amount − fee − refunded.
		const total = await t.db.kysely
			.selectFrom("balance_transactions")
			.select(sql<number>`sum(net)`.as("net"))
			.where("charge_id", "=", payment.chargeId)
			.executeTakeFirstOrThrow();
		expect(Number(total.net)).toBe(5000 - 175 - 5000);
		expect(await rollupDrift(t.db.kysely, TEST_ACCOUNT)).toEqual([]);
	});

	it("refuses a second refund once nothing is left", async () => {
		later();
		const response = await refund({ charge_id: payment.chargeId, amount: 100 });
		expect(response.statusCode).toBe(400);
		expect(json(response)).toMatchObject({
			code: "wcpay_refund_not_allowed",
			data: { reason: "already_refunded" },
		});
		expect(await refundRows(payment.chargeId)).toHaveLength(1);
	});
});

describe("partial refunds", () => {
	it("refunds in parts, then refuses more than the refundable amount, naming it", async () => {
		const payment = await insertPayment(t.db.kysely, { amount: 10000 });
		const first = await refund({ charge_id: payment.chargeId, amount: 2500, reason: "" });
		expect(first.statusCode).toBe(200);
		expect(json<Refund>(first).reason).toBeNull();
		expect(await chargeOf(payment.chargeId)).toMatchObject({
			display_status: "partially_refunded",
			refundable_amount: 7500,
		});

		later();
		const tooMuch = await refund({ charge_id: payment.chargeId, amount: 7501 });
		expect(tooMuch.statusCode).toBe(400);
		const error = json<{ code: string; message: string; data: Record<string, unknown> }>(tooMuch);
		expect(error.code).toBe("wcpay_refund_amount_too_large");
		expect(error.message).toContain("$75.00");
		expect(error.data).toMatchObject({ refundable_amount: 7500, currency: "usd" });

		const rest = await refund({ charge_id: payment.chargeId });
		expect(json<Refund>(rest).amount).toBe(7500);
		expect(await chargeOf(payment.chargeId)).toMatchObject({ refunded: true, amount_refunded: 10000 });
	});

	it("refunds a payment in another currency with the customer's share on the ledger and the timeline", async () => {
		const payment = await insertPayment(t.db.kysely, {
			amount: 10835,
			customerAmount: 10000,
			customerCurrency: "eur",
		});
		await refund({ charge_id: payment.chargeId, amount: 5000 });
		const back = (await ledgerOf(payment.chargeId)).at(-1);
		expect(back).toMatchObject({
			amount: -5000,
			customer_amount: -4615,
			customer_currency: "eur",
			exchange_rate: 1.0835,
		});
	});

	it("refunds a bank payment as payment_refund", async () => {
		const payment = await insertPayment(t.db.kysely, { methodType: "sepa_debit", currency: "eur" });
		await refund({ charge_id: payment.chargeId, amount: 1000 });
		expect((await ledgerOf(payment.chargeId)).at(-1)?.type).toBe("payment_refund");
	});
});

describe("refunds the processor refuses", () => {
	it("refuses an uncaptured authorization, an open dispute and an order that is not the charge's", async () => {
		const authorization = await insertAuthorization(t.db.kysely, now);
		const uncaptured = await refund({ charge_id: authorization.chargeId, amount: 100 });
		expect(json(uncaptured)).toMatchObject({
			code: "wcpay_refund_not_allowed",
			data: { reason: "not_captured" },
		});

		const disputed = await insertPayment(t.db.kysely);
		await insertDispute(t.db.kysely, disputed, "needs_response");
		expect(json(await refund({ charge_id: disputed.chargeId, amount: 100 }))).toMatchObject({
			data: { reason: "disputed" },
		});

		const other = await insertPayment(t.db.kysely);
		const mismatch = await refund({ charge_id: other.chargeId, amount: 100, order_id: disputed.orderId });
		expect(json(mismatch).code).toBe("wcpay_intent_order_mismatch");
		expect(await refundRows(other.chargeId)).toHaveLength(0);
	});

	it("allows a refund once the dispute was won, or while it is an inquiry", async () => {
		const won = await insertPayment(t.db.kysely);
		await insertDispute(t.db.kysely, won, "won");
		expect((await refund({ charge_id: won.chargeId, amount: 100 })).statusCode).toBe(200);
		const inquiry = await insertPayment(t.db.kysely);
		await insertDispute(t.db.kysely, inquiry, "warning_needs_response");
		expect((await refund({ charge_id: inquiry.chargeId, amount: 100 })).statusCode).toBe(200);
	});

	it("names invalid parameters and unknown charges", async () => {
		for (const amount of [0, -5, "abc", 1.5]) {
			const response = await refund({ charge_id: "ch_x", amount });
			expect(response.statusCode).toBe(400);
			expect(json(response).code).toBe("rest_invalid_param");
		}
		expect(json(await refund({ charge_id: "ch_x", amount: 1, reason: "because" })).code).toBe(
			"rest_invalid_param",
		);
		const missing = await refund({ charge_id: "ch_missing", amount: 100 });
		expect(missing.statusCode).toBe(404);
		expect(json(missing).code).toBe("wcpay_charge_not_found");
	});
});

describe("a refund never happens twice", () => {
	it("answers a retry with the same Idempotency-Key with the first refund", async () => {
		const payment = await insertPayment(t.db.kysely);
		const first = await refund(
			{ charge_id: payment.chargeId, amount: 1000 },
			{ "idempotency-key": "refund-once" },
		);
		later();
		const retry = await refund(
			{ charge_id: payment.chargeId, amount: 1000 },
			{ "idempotency-key": "refund-once" },
		);
		expect(retry.statusCode).toBe(200);
		expect(retry.headers["idempotent-replayed"]).toBe("true");
		expect(json<Refund>(retry).id).toBe(json<Refund>(first).id);
		expect(await refundRows(payment.chargeId)).toHaveLength(1);

		const reused = await refund(
			{ charge_id: payment.chargeId, amount: 2000 },
			{ "idempotency-key": "refund-once" },
		);
		expect(reused.statusCode).toBe(400);
		expect(json(reused).code).toBe("wcpay_idempotency_key_reused");
		const malformed = await refund(
			{ charge_id: payment.chargeId, amount: 2000 },
			{ "idempotency-key": "has space" },
		);
		expect(json(malformed).code).toBe("rest_invalid_param");
	});

	it("takes a second identical refund within seconds (a double click) as the first", async () => {
		const payment = await insertPayment(t.db.kysely);
		const first = await refund({ charge_id: payment.chargeId, amount: 1000 });
		const second = await refund({ charge_id: payment.chargeId, amount: 1000 });
		expect(json<Refund>(second).id).toBe(json<Refund>(first).id);
		later();
		const deliberate = await refund({ charge_id: payment.chargeId, amount: 1000 });
		expect(json<Refund>(deliberate).id).not.toBe(json<Refund>(first).id);
		expect(await refundRows(payment.chargeId)).toHaveLength(2);
	});

	it("refunds once for 20 simultaneous identical requests", async () => {
		const payment = await insertPayment(t.db.kysely);
		const responses = await Promise.all(
			Array.from({ length: 20 }, () => refund({ charge_id: payment.chargeId, amount: 5000 })),
		);
		expect(responses.every((r) => r.statusCode === 200)).toBe(true);
		expect(new Set(responses.map((r) => json<Refund>(r).id)).size).toBe(1);
		expect(await refundRows(payment.chargeId)).toHaveLength(1);
		expect(await ledgerOf(payment.chargeId)).toHaveLength(2);
	});

	it("refunds once for 20 simultaneous full refunds with different keys, refusing the rest", async () => {
		const payment = await insertPayment(t.db.kysely);
		const responses = await Promise.all(
			Array.from({ length: 20 }, (_, i) =>
				refund(
					{ charge_id: payment.chargeId, amount: 5000 },
					{ "idempotency-key": `click-${payment.chargeId}-${i}` },
				),
			),
		);
		expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
		expect(responses.filter((r) => r.statusCode === 400).map((r) => json(r).code)).toEqual(
			Array(19).fill("wcpay_refund_not_allowed"),
		);
		expect(await refundRows(payment.chargeId)).toHaveLength(1);
		expect((await chargeOf(payment.chargeId)).amount_refunded).toBe(5000);
		expect(await rollupDrift(t.db.kysely, TEST_ACCOUNT)).toEqual([]);
	});

	it("refunds once for 20 simultaneous retries with the same key", async () => {
		const payment = await insertPayment(t.db.kysely);
		const responses = await Promise.all(
			Array.from({ length: 20 }, () =>
				refund(
					{ charge_id: payment.chargeId, amount: 700 },
					{ "idempotency-key": `same-${payment.chargeId}` },
				),
			),
		);
		expect(responses.every((r) => r.statusCode === 200)).toBe(true);
		expect(new Set(responses.map((r) => json<Refund>(r).id)).size).toBe(1);
		expect(await refundRows(payment.chargeId)).toHaveLength(1);
	});
});
