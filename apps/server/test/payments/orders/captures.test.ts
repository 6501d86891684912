import type { Charge } from "@paydesk/contract/charges";
import type { CaptureResponse } from "@paydesk/contract/orders";
import type { TimelineEventBody } from "@paydesk/contract/timeline";
import { captureFailureReason } from "@paydesk/domain/capture";
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
import { DAY, insertAuthorization, insertPayment, type Payment } from "../../support/charge-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const now = TEST_NOW.getTime() / 1000;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

type Action = "capture" | "cancel";
const settle = (
	action: Action,
	payment: Pick<Payment, "orderId" | "intentId">,
	headers: Record<string, string> = {},
) =>
	t.app.inject({
		method: "POST",
		url: `${BASE}/orders/${payment.orderId}/${action}_authorization`,
		headers: { ...admin.headers, ...headers },
		payload: { payment_intent_id: payment.intentId },
	});
const chargeOf = async (id: string) =>
	json<Charge>(await t.app.inject({ method: "GET", url: `${BASE}/charges/${id}`, headers: admin.headers }));
const eventsOf = async (intentId: string) =>
	json<{ data: TimelineEventBody[] }>(
		await t.app.inject({ method: "GET", url: `${BASE}/timeline/${intentId}`, headers: admin.headers }),
	).data;
const ledgerOf = (chargeId: string) =>
	t.db.kysely.selectFrom("balance_transactions").selectAll().where("charge_id", "=", chargeId).execute();
const orderStatus = async (orderId: number) =>
	(
		await t.db.kysely
			.selectFrom("orders")
			.select("status")
			.where("id", "=", orderId)
			.executeTakeFirstOrThrow()
	).status;
const errorOf = (response: { json(): unknown }) =>
	response.json() as { code: string; message: string; data: Record<string, unknown> };

describe("capturing an authorization", () => {
	it("answers { id, status: succeeded } and writes the capture, its transaction, fee and timeline event", async () => {
		const payment = await insertAuthorization(t.db.kysely, now, 2);
		const response = await settle("capture", payment);
		expect(response.statusCode).toBe(200);
		expect(json<CaptureResponse>(response)).toEqual({ id: payment.intentId, status: "succeeded" });

		const charge = await chargeOf(payment.chargeId);
		expect(charge).toMatchObject({
			captured: true,
			amount_captured: 5000,
			payment_intent_status: "succeeded",
			display_status: "paid",
			capture_by: null,
		});
		const [transaction] = await ledgerOf(payment.chargeId);
		expect(transaction).toMatchObject({
			type: "charge",
			amount: 5000,
			fee: 175,
			net: 4825,
			created: now,
			order_number: String(payment.orderId),
			source_identifier: "4242",
		});
		expect(charge.balance_transaction?.id).toBe(transaction?.id);
		expect(await rollupDrift(t.db.kysely, TEST_ACCOUNT)).toEqual([]);

		const captured = (await eventsOf(payment.intentId)).at(-1);
		expect(captured).toMatchObject({
			type: "captured",
			datetime: now,
			amount_captured: 5000,
			fee: 175,
			fee_rates: { percentage: 0.029, fixed: 30, fixed_currency: "usd" },
			transaction_details: { store_amount_captured: 5000, store_fee: 175 },
		});
		expect(await orderStatus(payment.orderId)).toBe("processing");
	});

	it("captures once for 20 simultaneous requests: one succeeds, the others find it captured", async () => {
		const payment = await insertAuthorization(t.db.kysely, now);
		const responses = await Promise.all(Array.from({ length: 20 }, () => settle("capture", payment)));
		expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
		expect(responses.filter((r) => r.statusCode === 409).map((r) => errorOf(r).code)).toEqual(
			Array(19).fill("wcpay_payment_uncapturable"),
		);
		expect(await ledgerOf(payment.chargeId)).toHaveLength(1);
		expect((await eventsOf(payment.intentId)).filter((e) => e.type === "captured")).toHaveLength(1);
	});

	it("answers every retry with the same Idempotency-Key with the first answer", async () => {
		const payment = await insertAuthorization(t.db.kysely, now);
		const headers = { "idempotency-key": `capture-${payment.intentId}` };
		const responses = await Promise.all(
			Array.from({ length: 20 }, () => settle("capture", payment, headers)),
		);
		expect(responses.every((r) => r.statusCode === 200)).toBe(true);
		expect(responses.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(19);
		expect(await ledgerOf(payment.chargeId)).toHaveLength(1);
	});

	it("refuses an amount below the minimum with the extra details the admin words", async () => {
		const payment = await insertAuthorization(t.db.kysely, now, 1, { amount: 30, fee: 1 });
		const response = await settle("capture", payment);
		expect(response.statusCode).toBe(400);
		const error = errorOf(response);
		expect(error).toMatchObject({
			code: "wcpay_capture_error",
			data: {
				extra_details: { error_type: "amount_too_small", minimum_amount: 50, minimum_amount_currency: "usd" },
			},
		});
		expect(captureFailureReason(error)).toBe("The minimum amount that can be processed is 0.50 USD.");
		expect((await chargeOf(payment.chargeId)).captured).toBe(false);
	});
});

describe("an authorization past its 7-day window", () => {
	it("cannot be captured, and is marked expired once", async () => {
		const payment = await insertAuthorization(t.db.kysely, now, 8);
		const response = await settle("capture", payment);
		expect(response.statusCode).toBe(409);
		expect(errorOf(response).code).toBe("wcpay_payment_uncapturable");
		const charge = await chargeOf(payment.chargeId);
		expect(charge).toMatchObject({ payment_intent_status: "canceled", captured: false, refunded: true });
		const expired = (await eventsOf(payment.intentId)).filter((e) => e.type === "authorization_expired");
		expect(expired).toEqual([expect.objectContaining({ datetime: charge.created + 7 * DAY, amount: 5000 })]);
		expect(await ledgerOf(payment.chargeId)).toHaveLength(0);

		expect(errorOf(await settle("capture", payment)).code).toBe("wcpay_payment_uncapturable");
		expect((await eventsOf(payment.intentId)).filter((e) => e.type === "authorization_expired")).toHaveLength(
			1,
		);
	});
});

describe("canceling an authorization", () => {
	it("answers { id, status: canceled }, releases the hold and records the void", async () => {
		const payment = await insertAuthorization(t.db.kysely, now);
		const response = await settle("cancel", payment);
		expect(json<CaptureResponse>(response)).toEqual({ id: payment.intentId, status: "canceled" });
		const charge = await chargeOf(payment.chargeId);
		expect(charge).toMatchObject({
			payment_intent_status: "canceled",
			refunded: true,
			amount_refunded: 5000,
			refundable_amount: 0,
		});
		expect((await eventsOf(payment.intentId)).at(-1)).toMatchObject({
			type: "authorization_voided",
			amount: 5000,
		});
		expect(await ledgerOf(payment.chargeId)).toHaveLength(0);
		expect(await orderStatus(payment.orderId)).toBe("cancelled");

		const capture = await settle("capture", payment);
		expect(errorOf(capture).code).toBe("wcpay_payment_uncapturable");
	});

	it("cancels once for 20 simultaneous requests", async () => {
		const payment = await insertAuthorization(t.db.kysely, now);
		const responses = await Promise.all(Array.from({ length: 20 }, () => settle("cancel", payment)));
		expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
		expect((await eventsOf(payment.intentId)).filter((e) => e.type === "authorization_voided")).toHaveLength(
			1,
		);
	});
});

describe("payments held for review are decided by capture (approve) or cancel (block)", () => {
	it("names the merchant who approved or blocked", async () => {
		const approve = await insertAuthorization(t.db.kysely, now, 1, {
			charge: { fraud_meta_box_type: "review", fraud_outcome: "review" },
		});
		expect((await chargeOf(approve.chargeId)).display_status).toBe("fraud_outcome_review");
		await settle("capture", approve);
		const approved = await eventsOf(approve.intentId);
		expect(approved.map((e) => e.type).slice(-2)).toEqual(["fraud_outcome_manual_approve", "captured"]);
		expect(approved.at(-2)?.user).toEqual({ id: admin.user.id, username: admin.user.login });
		expect((await chargeOf(approve.chargeId)).fraud_meta_box_type).toBe("review_allowed");

		const block = await insertAuthorization(t.db.kysely, now, 1, {
			charge: { fraud_meta_box_type: "review", fraud_outcome: "review" },
		});
		await settle("cancel", block);
		expect((await eventsOf(block.intentId)).some((e) => e.type === "fraud_outcome_manual_block")).toBe(true);
		expect((await chargeOf(block.chargeId)).display_status).toBe("fraud_outcome_block");
	});
});

describe("capture and cancel errors carry the spec's codes", () => {
	it("wcpay_missing_order for an unknown order", async () => {
		const response = await settle("capture", { orderId: 987654, intentId: "pi_x" });
		expect(response.statusCode).toBe(404);
		expect(errorOf(response).code).toBe("wcpay_missing_order");
	});

	it("wcpay_refunded_order_uncapturable for a refunded order", async () => {
		const payment = await insertAuthorization(t.db.kysely, now, 1, { order: { status: "refunded" } });
		expect(errorOf(await settle("capture", payment)).code).toBe("wcpay_refunded_order_uncapturable");
	});

	it("wcpay_intent_order_mismatch when the intent is not the order's", async () => {
		const one = await insertAuthorization(t.db.kysely, now);
		const other = await insertAuthorization(t.db.kysely, now);
		const response = await settle("cancel", { orderId: one.orderId, intentId: other.intentId });
		expect(response.statusCode).toBe(400);
		expect(errorOf(response).code).toBe("wcpay_intent_order_mismatch");
		expect((await chargeOf(other.chargeId)).payment_intent_status).toBe("requires_capture");
	});

	it("wcpay_payment_uncapturable for a payment that was already captured", async () => {
		const payment = await insertPayment(t.db.kysely);
		expect(errorOf(await settle("capture", payment)).code).toBe("wcpay_payment_uncapturable");
	});

	it("wcpay_capture_error and wcpay_cancel_error when the processor cannot act on a failed charge", async () => {
		const payment = await insertAuthorization(t.db.kysely, now, 1, { charge: { status: "failed" } });
		expect(errorOf(await settle("capture", payment)).code).toBe("wcpay_capture_error");
		expect(errorOf(await settle("cancel", payment)).code).toBe("wcpay_cancel_error");
	});

	it("names an invalid order id or a missing payment_intent_id", async () => {
		const response = await t.app.inject({
			method: "POST",
			url: `${BASE}/orders/abc/capture_authorization`,
			headers: admin.headers,
			payload: {},
		});
		expect(response.statusCode).toBe(400);
	});
});
