/** A paid card payment and its payment intent, for component tests; override what a test needs. */
import type { Charge, PaymentIntent } from "@paydesk/contract/charges";
import type { StoreOrder } from "@paydesk/contract/orders";

export const CREATED = 1_795_000_000;

export function chargeFixture(overrides: Partial<Charge> = {}): Charge {
	return {
		id: "ch_test1",
		object: "charge",
		payment_intent: "pi_test1",
		payment_intent_status: "succeeded",
		amount: 5_000,
		amount_captured: 5_000,
		amount_refunded: 0,
		currency: "usd",
		customer_amount: 5_000,
		customer_currency: "usd",
		created: CREATED,
		status: "succeeded",
		display_status: "paid",
		paid: true,
		captured: true,
		refunded: false,
		disputed: false,
		refundable_amount: 5_000,
		capture_by: null,
		outcome: { type: "authorized", reason: null, risk_level: 0 },
		failure_code: null,
		failure_message: null,
		refunds: { data: [] },
		dispute: null,
		payment_method_details: {
			type: "card",
			card: {
				brand: "visa",
				last4: "4242",
				funding: "credit",
				network: "visa",
				country: "US",
				exp_month: 4,
				exp_year: 2030,
				checks: { cvc_check: "pass", address_line1_check: "fail", address_postal_code_check: null },
			},
		},
		billing_details: { name: "Jane Doe", email: "jane@example.com", phone: null, address: null },
		balance_transaction: {
			id: "txn_test1",
			type: "charge",
			amount: 5_000,
			fee: 175,
			net: 4_825,
			currency: "usd",
			exchange_rate: null,
			available_on: CREATED + 2 * 86_400,
			deposit_id: null,
		},
		application_fee_amount: 175,
		order: {
			id: 1042,
			number: "1042",
			url: "/wp-admin/post.php?post=1042&action=edit",
			customer_url: null,
			subscriptions: [],
			fraud_meta_box_type: null,
		},
		customer: { name: "Jane Doe", email: "jane@example.com", country: "US" },
		fraud_outcome: null,
		fraud_meta_box_type: null,
		channel: "online",
		source_device: null,
		reader_id: null,
		...overrides,
	};
}

/** An authorization waiting for capture: not captured, no balance transaction, a deadline. */
export function uncapturedChargeFixture(overrides: Partial<Charge> = {}): Charge {
	return chargeFixture({
		payment_intent_status: "requires_capture",
		amount_captured: 0,
		display_status: "authorized",
		captured: false,
		refundable_amount: 0,
		capture_by: CREATED + 7 * 86_400,
		balance_transaction: null,
		...overrides,
	});
}

export function paymentIntentFixture(charge: Charge = chargeFixture()): PaymentIntent {
	return {
		id: charge.payment_intent,
		object: "payment_intent",
		status: charge.payment_intent_status,
		amount: charge.amount,
		amount_capturable: charge.captured ? 0 : charge.amount,
		amount_received: charge.amount_captured,
		currency: charge.currency,
		created: charge.created,
		order: charge.order,
		charge,
	};
}

export function orderFixture(overrides: Partial<StoreOrder> = {}): StoreOrder {
	const charge = chargeFixture();
	return {
		id: 1042,
		number: "1042",
		status: "processing",
		currency: "usd",
		created: CREATED,
		url: "/wp-admin/post.php?post=1042&action=edit",
		customer: {
			name: "Jane Doe",
			email: "jane@example.com",
			country: "US",
			billing_address: { address_1: "1 Main Street", city: "Denver", postcode: "80201", country: "US" },
		},
		items: [
			{ name: "Linen Apron", quantity: 2, total: 3_000 },
			{ name: "Cast Iron Skillet", quantity: 1, total: 1_500 },
		],
		totals: { subtotal: 4_500, shipping: 200, tax: 300, total: 5_000 },
		subscriptions: [],
		charge,
		payment_details_url: "/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details&id=pi_test1",
		refunds: [],
		refunded_amount: 0,
		refundable_amount: 5_000,
		refund_currency: "usd",
		...overrides,
	};
}
