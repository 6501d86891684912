/**
 * Payments for the payment details tests, inserted row by row: an order, its charge, and for a
 * captured payment its balance transaction (with rollups, as the processor writes it) and
 * timeline. Defaults are a $50.00 Visa payment by a US customer.
 */
import type { Kysely } from "kysely";
import type { ChargesTable, Database, DisputesTable, OrdersTable } from "../../src/db/schema.ts";
import { withStoredDetails } from "../../src/ledger/charge-details.ts";
import { withStoredOrderDetails } from "../../src/ledger/order-details.ts";
import { insertBalanceTransactions } from "../../src/ledger/rollups.ts";
import { type TimelineEventData, writeTimelineEvent } from "../../src/ledger/timeline.ts";
import { TEST_ACCOUNT } from "../../src/testing/test-app.ts";

export const DAY = 86_400;

let sequence = 0;

export interface PaymentOptions {
	amount?: number;
	currency?: string;
	customerAmount?: number;
	customerCurrency?: string;
	created?: number;
	methodType?: string;
	details?: Record<string, unknown>;
	fee?: number;
	charge?: Partial<ChargesTable>;
	order?: Partial<OrdersTable>;
}

export interface Payment {
	orderId: number;
	chargeId: string;
	intentId: string;
	transactionId: string | null;
}

const VISA = {
	brand: "visa",
	last4: "4242",
	funding: "credit",
	network: "visa",
	country: "US",
	exp_month: 4,
	exp_year: 2029,
	checks: { cvc_check: "pass", address_line1_check: "pass", address_postal_code_check: "unavailable" },
};

/** An order and its charge; captured unless `charge` says otherwise. */
export async function insertPayment(db: Kysely<Database>, options: PaymentOptions = {}): Promise<Payment> {
	sequence++;
	const orderId = 1000 + sequence;
	const amount = options.amount ?? 5000;
	const currency = options.currency ?? "usd";
	const created = options.created ?? Date.UTC(2026, 10, 14, 12) / 1000;
	const methodType = options.methodType ?? "card";
	const chargeId = `${methodType === "card" ? "ch" : "py"}_test${sequence}`;
	const intentId = `pi_test${sequence}`;
	const fee = options.fee ?? Math.round(amount * 0.029) + 30;
	const customerAmount = options.customerAmount ?? amount;
	const customerCurrency = options.customerCurrency ?? currency;
	const captured = options.charge?.captured ?? 1;
	const transactionId = captured ? `txn_test${sequence}` : null;
	const order = withStoredOrderDetails({
		account_id: TEST_ACCOUNT,
		id: orderId,
		number: String(orderId),
		status: captured ? "processing" : "on-hold",
		currency: customerCurrency,
		total: customerAmount,
		subtotal: customerAmount - 300,
		tax: 300,
		shipping_total: 0,
		created,
		customer_name: "Ada Lovelace",
		customer_email: "ada@example.com",
		customer_country: "US",
		billing_address: JSON.stringify({
			address_1: "1 Main St",
			city: "Springfield",
			postcode: "12345",
			country: "US",
		}),
		items: JSON.stringify([{ name: "Stoneware Mug", quantity: 2, total: customerAmount - 300 }]),
		subscriptions: "[]",
		payment_intent_id: intentId,
		charge_id: chargeId,
		...options.order,
	});
	await db.insertInto("orders").values(order).execute();
	const charge: ChargesTable = {
		account_id: TEST_ACCOUNT,
		id: chargeId,
		payment_intent_id: intentId,
		order_id: orderId,
		amount,
		amount_captured: captured ? amount : 0,
		amount_refunded: 0,
		currency,
		status: "succeeded",
		intent_status: captured ? "succeeded" : "requires_capture",
		paid: 1,
		captured,
		refunded: 0,
		disputed: 0,
		created,
		outcome_type: "authorized",
		outcome_reason: null,
		risk_level: 0,
		failure_code: null,
		failure_message: null,
		payment_method_type: methodType,
		payment_method_details: JSON.stringify(options.details ?? (methodType === "card" ? VISA : {})),
		billing_details: JSON.stringify({
			name: "Ada Lovelace",
			email: "ada@example.com",
			phone: "+1 555 010 0000",
			address: {
				line1: "1 Main St",
				line2: null,
				city: "Springfield",
				state: "IL",
				postal_code: "12345",
				country: "US",
			},
		}),
		customer_name: "Ada Lovelace",
		customer_email: "ada@example.com",
		customer_country: "US",
		channel: "online",
		source_device: null,
		customer_currency: customerCurrency,
		customer_amount: customerAmount,
		exchange_rate: customerCurrency === currency ? null : 1.0835,
		fee,
		balance_transaction_id: transactionId,
		fraud_outcome: null,
		fraud_meta_box_type: null,
		reader_id: null,
		...options.charge,
	};
	await db
		.insertInto("charges")
		.values(withStoredDetails(charge, charge.order_id === orderId ? order : null))
		.execute();
	await timeline(db, intentId, "authorized", created, { amount: customerAmount, currency: customerCurrency });
	if (transactionId) {
		await insertBalanceTransactions(db, [
			{
				account_id: TEST_ACCOUNT,
				id: transactionId,
				type: methodType === "card" ? "charge" : "payment",
				reporting_category: "charge",
				source_id: null,
				charge_id: chargeId,
				payment_intent_id: intentId,
				order_id: orderId,
				order_number: String(orderId),
				amount,
				fee,
				net: amount - fee,
				currency,
				customer_currency: customerCurrency,
				customer_amount: customerAmount,
				exchange_rate: charge.exchange_rate,
				created,
				available_on: created + 2 * DAY,
				deposit_id: null,
				loan_id: null,
				channel: "online",
				source: methodType,
				source_identifier: methodType === "card" ? "4242" : null,
				source_device: null,
				customer_name: "Ada Lovelace",
				customer_email: "ada@example.com",
				customer_country: "US",
				risk_level: 0,
				description: null,
			},
		]);
		await timeline(db, intentId, "captured", created, {
			amount: customerAmount,
			amount_captured: customerAmount,
			currency: customerCurrency,
			fee,
			transaction_details: {
				customer_currency: customerCurrency,
				store_currency: currency,
				store_amount: amount,
			},
		});
	}
	return { orderId, chargeId, intentId, transactionId };
}

/** An uncaptured authorization (auth and capture), created `ageDays` before `now`. */
export function insertAuthorization(
	db: Kysely<Database>,
	now: number,
	ageDays = 1,
	options: PaymentOptions = {},
) {
	return insertPayment(db, {
		...options,
		created: now - ageDays * DAY,
		charge: { captured: 0, ...options.charge },
	});
}

export async function timeline(
	db: Kysely<Database>,
	intentId: string,
	type: string,
	datetime: number,
	data: Record<string, unknown>,
): Promise<void> {
	await writeTimelineEvent(db, {
		accountId: TEST_ACCOUNT,
		paymentIntentId: intentId,
		type,
		datetime,
		data: data as TimelineEventData,
	});
}

export async function insertDispute(
	db: Kysely<Database>,
	payment: Payment,
	status: string,
	overrides: Partial<DisputesTable> = {},
) {
	await db.updateTable("charges").set({ disputed: 1 }).where("id", "=", payment.chargeId).execute();
	await db
		.insertInto("disputes")
		.values({
			account_id: TEST_ACCOUNT,
			id: `du_${payment.chargeId}`,
			charge_id: payment.chargeId,
			payment_intent_id: payment.intentId,
			order_id: payment.orderId,
			amount: 5000,
			currency: "usd",
			status,
			reason: "product_not_received",
			created: Date.UTC(2026, 10, 14, 13) / 1000,
			due_by: Date.UTC(2026, 10, 24) / 1000,
			has_evidence: 0,
			evidence: "{}",
			metadata: "{}",
			issuer_evidence: null,
			customer_name: "Ada Lovelace",
			customer_email: "ada@example.com",
			customer_country: "US",
			source: "visa",
			balance_transaction_id: null,
			...overrides,
		})
		.execute();
}
