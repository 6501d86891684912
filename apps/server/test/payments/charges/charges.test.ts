import type { Charge, PaymentIntent } from "@paydesk/contract/charges";
import type { StoreOrder } from "@paydesk/contract/orders";
import type { TimelineEventBody } from "@paydesk/contract/timeline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
	DAY,
	insertAuthorization,
	insertDispute,
	insertPayment,
	type Payment,
	timeline,
} from "../../support/charge-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const now = TEST_NOW.getTime() / 1000;
let t: TestApp;
let admin: Actor;
let paid: Payment;
let fx: Payment;
let disputed: Payment;
let authorization: Payment;
let bank: Payment;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			paid = await insertPayment(db.kysely);
			fx = await insertPayment(db.kysely, { amount: 10835, customerAmount: 10000, customerCurrency: "eur" });
			disputed = await insertPayment(db.kysely);
			await insertDispute(db.kysely, disputed, "needs_response");
			authorization = await insertAuthorization(db.kysely, now, 2);
			bank = await insertPayment(db.kysely, {
				methodType: "p24",
				currency: "eur",
				details: { bank: "mbank_mtransfer", reference: "P24-123-456-789" },
			});
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const get = (url: string, headers = admin.headers) =>
	t.app.inject({ method: "GET", url: `${BASE}${url}`, headers });

describe("GET /charges/{id}: the Charge entity of spec 2 §3", () => {
	it("answers a captured card payment with every field the payment details read", async () => {
		const response = await get(`/charges/${paid.chargeId}`);
		expect(response.statusCode).toBe(200);
		const charge = json<Charge>(response);
		expect(charge).toMatchObject({
			id: paid.chargeId,
			payment_intent: paid.intentId,
			amount: 5000,
			currency: "usd",
			status: "succeeded",
			display_status: "paid",
			paid: true,
			captured: true,
			refunded: false,
			disputed: false,
			amount_refunded: 0,
			refundable_amount: 5000,
			capture_by: null,
			outcome: { type: "authorized", risk_level: 0 },
			refunds: { data: [] },
			dispute: null,
			application_fee_amount: 175,
			order: {
				id: paid.orderId,
				number: String(paid.orderId),
				url: `/wp-admin/post.php?post=${paid.orderId}&action=edit`,
			},
			customer: { name: "Ada Lovelace", email: "ada@example.com", country: "US" },
			billing_details: { name: "Ada Lovelace", address: { city: "Springfield" } },
			balance_transaction: { id: paid.transactionId, amount: 5000, fee: 175, net: 4825, currency: "usd" },
		});
		expect(charge.payment_method_details).toMatchObject({
			type: "card",
			card: { brand: "visa", last4: "4242", funding: "credit", checks: { cvc_check: "pass" } },
		});
	});

	it("carries both currencies of a payment made in another currency", async () => {
		const charge = json<Charge>(await get(`/charges/${fx.chargeId}`));
		expect(charge).toMatchObject({
			amount: 10835,
			currency: "usd",
			customer_amount: 10000,
			customer_currency: "eur",
		});
		expect(charge.balance_transaction?.exchange_rate).toBe(1.0835);
	});

	it("shows a py_ payment's per-type details", async () => {
		const charge = json<Charge>(await get(`/charges/${bank.chargeId}`));
		expect(charge.payment_method_details).toEqual({
			type: "p24",
			p24: { bank: "mbank_mtransfer", reference: "P24-123-456-789" },
		});
	});

	it("shows the dispute with its due date, and no refund while it needs a response", async () => {
		const charge = json<Charge>(await get(`/charges/${disputed.chargeId}`));
		expect(charge.display_status).toBe("disputed_needs_response");
		expect(charge.refundable_amount).toBe(0);
		expect(charge.dispute).toMatchObject({
			status: "needs_response",
			reason: "product_not_received",
			evidence_details: { due_by: Date.UTC(2026, 10, 24) / 1000, has_evidence: false },
		});
	});

	it("gives an authorization its capture deadline, 7 days after creation", async () => {
		const charge = json<Charge>(await get(`/charges/${authorization.chargeId}`));
		expect(charge.display_status).toBe("authorized");
		expect(charge.capture_by).toBe(charge.created + 7 * DAY);
		expect(charge.balance_transaction).toBeNull();
		expect(charge.refundable_amount).toBe(0);
	});

	it("answers 404 wcpay_charge_not_found for an unknown charge", async () => {
		const response = await get("/charges/ch_nope");
		expect(response.statusCode).toBe(404);
		expect(json(response).code).toBe("wcpay_charge_not_found");
	});

	it("requires manage_woocommerce", async () => {
		const customer = await t.actor("customer");
		expect((await get(`/charges/${paid.chargeId}`, customer.headers)).statusCode).toBe(403);
		expect((await t.app.inject({ method: "GET", url: `${BASE}/charges/${paid.chargeId}` })).statusCode).toBe(
			401,
		);
	});
});

describe("GET /charges/order/{id}: an all-digit id is an order id", () => {
	it("answers the order's charge", async () => {
		const charge = json<Charge>(await get(`/charges/order/${paid.orderId}`));
		expect(charge.id).toBe(paid.chargeId);
		expect(charge.payment_intent).toBe(paid.intentId);
	});

	it("answers 404 wcpay_missing_order when there is none", async () => {
		const response = await get("/charges/order/999999");
		expect(response.statusCode).toBe(404);
		expect(json(response).code).toBe("wcpay_missing_order");
		expect((await get("/charges/order/abc")).statusCode).toBe(400);
	});
});

describe("GET /payment_intents/{id}", () => {
	it("answers the intent with its charge", async () => {
		const intent = json<PaymentIntent>(await get(`/payment_intents/${authorization.intentId}`));
		expect(intent).toMatchObject({
			id: authorization.intentId,
			status: "requires_capture",
			amount_capturable: 5000,
			amount_received: 0,
			charge: { id: authorization.chargeId, display_status: "authorized" },
		});
	});

	it("answers 404 wcpay_payment_intent_not_found for an unknown intent", async () => {
		const response = await get("/payment_intents/pi_nope");
		expect(response.statusCode).toBe(404);
		expect(json(response).code).toBe("wcpay_payment_intent_not_found");
	});
});

describe("GET /timeline/{id}: the payment timeline events", () => {
	it("lists events oldest first, an authorization before the capture of the same second", async () => {
		const events = json<{ data: TimelineEventBody[] }>(await get(`/timeline/${paid.intentId}`)).data;
		expect(events.map((event) => event.type)).toEqual(["authorized", "captured"]);
		expect(events[1]).toMatchObject({
			amount: 5000,
			currency: "usd",
			fee: 175,
			transaction_details: { store_amount: 5000 },
		});
	});

	it("carries every field of spec 2 §4 it was given", async () => {
		const data = {
			amount: 2000,
			fee: 0,
			currency: "usd",
			reason: "requested_by_customer",
			amount_refunded: 2000,
			deposit: { id: "po_1", arrival_date: now + DAY },
			fee_rates: { percentage: 0.029, fixed: 30, fixed_currency: "usd", history: [] },
			transaction_details: { customer_currency: "usd", store_currency: "usd", store_amount: 2000 },
			acquirer_reference_number: "123",
			acquirer_reference_number_status: "available",
			failure_reason: null,
			loan_id: null,
			user: { id: 1, username: "admin" },
		};
		await timeline(t.db.kysely, fx.intentId, "partial_refund", now, data);
		const events = json<{ data: TimelineEventBody[] }>(await get(`/timeline/${fx.intentId}`)).data;
		expect(events.at(-1)).toEqual({ type: "partial_refund", datetime: now, ...data });
	});

	it("names the payout a processor-written event's balance transaction went into", async () => {
		await t.db.kysely
			.insertInto("payouts")
			.values({
				account_id: TEST_ACCOUNT,
				id: "po_linked",
				type: "deposit",
				method: "standard",
				automatic: 1,
				status: "paid",
				date: now - DAY,
				created: now - 2 * DAY,
				amount: 4825,
				fee: 0,
				fee_percentage: 0,
				currency: "usd",
				bank_account: "STRIPE TEST BANK •••• 6789 (USD)",
				bank_reference_key: null,
				failure_code: null,
				failure_message: null,
				balance_transaction_id: null,
			})
			.execute();
		await t.db.kysely
			.updateTable("balance_transactions")
			.set({ deposit_id: "po_linked" })
			.where("id", "=", bank.transactionId)
			.execute();
		await timeline(t.db.kysely, bank.intentId, "captured", now, {
			amount: 5000,
			currency: "eur",
			balance_transaction_id: bank.transactionId,
		});
		const events = json<{ data: TimelineEventBody[] }>(await get(`/timeline/${bank.intentId}`)).data;
		const captured = events.at(-1);
		expect(captured?.deposit).toEqual({ id: "po_linked", arrival_date: now - DAY });
		expect(captured).not.toHaveProperty("balance_transaction_id");
	});

	it("answers 404 for an unknown intent", async () => {
		const response = await get("/timeline/pi_nope");
		expect(response.statusCode).toBe(404);
		expect(json(response).code).toBe("wcpay_payment_intent_not_found");
	});
});

describe("GET /orders/{order}: the order screen", () => {
	it("answers items, totals, customer, payment and what can be refunded", async () => {
		const response = await get(`/orders/${paid.orderId}`);
		expect(response.statusCode).toBe(200);
		const order = json<StoreOrder>(response);
		expect(order).toMatchObject({
			id: paid.orderId,
			status: "processing",
			currency: "usd",
			url: `/wp-admin/post.php?post=${paid.orderId}&action=edit`,
			customer: { name: "Ada Lovelace", billing_address: { city: "Springfield" } },
			items: [{ name: "Stoneware Mug", quantity: 2, total: 4700 }],
			totals: { subtotal: 4700, tax: 300, shipping: 0, total: 5000 },
			charge: { id: paid.chargeId },
			payment_details_url: `/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details&id=${paid.intentId}`,
			refunds: [],
			refunded_amount: 0,
			refundable_amount: 5000,
			refund_currency: "usd",
		});
	});

	it("answers 404 wcpay_missing_order for an unknown order", async () => {
		const response = await get("/orders/424242");
		expect(response.statusCode).toBe(404);
		expect(json(response).code).toBe("wcpay_missing_order");
	});
});

describe("OpenAPI", () => {
	it("documents the payment details routes", async () => {
		const doc = json<{ paths: Record<string, unknown> }>(await get("/openapi.json"));
		for (const path of [
			"/charges/{id}",
			"/charges/order/{id}",
			"/payment_intents/{id}",
			"/timeline/{id}",
			"/refund",
		]) {
			expect(Object.keys(doc.paths)).toContain(`${BASE}${path}`);
		}
		expect(Object.keys(doc.paths)).toContain(`${BASE}/orders/{order}/capture_authorization`);
	});
});
