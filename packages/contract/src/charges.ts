/**
 * Payment details (spec 2 §3/§4/§7): charges, payment intents and refunds. The timeline is in
 * timeline.ts; capture, cancel and the store's order screen are in orders.ts.
 *
 * Shapes chosen where the spec is silent:
 * - Times are epoch seconds (charge `created`, dispute `due_by`, timeline `datetime`), as the
 *   processor's objects carry them; the admin shows them in the store's time zone.
 * - A charge's `amount` and `currency` are what the store's balance moved (settlement currency);
 *   `customer_amount` / `customer_currency` are what the customer paid (the order's currency).
 *   Refund amounts are always in the charge's `currency`.
 * - `display_status` is the derived charge status (packages/domain/charge-status), computed by
 *   the server with the same function the admin has; `refundable_amount` is what can be
 *   refunded right now (packages/domain/refunds), 0 when the charge cannot be refunded.
 * - A canceled or expired authorization is `refunded` with `amount_refunded` = `amount` and
 *   intent status canceled, as the processor releases the whole hold.
 * - POST /refund, capture_authorization and cancel_authorization honour an `Idempotency-Key`
 *   header: a retry with the same key answers the first result again (header
 *   `Idempotent-Replayed: true`). Without a key, an identical refund (same charge and amount)
 *   within 10 seconds of another is taken as a double click and answered with the first one.
 * - POST /refund refusals: 404 wcpay_charge_not_found; 400 wcpay_refund_not_allowed with
 *   data.reason (not_captured | failed | disputed | already_refunded | invalid_amount); 400
 *   wcpay_refund_amount_too_large with data.refundable_amount and data.currency; 400
 *   wcpay_intent_order_mismatch when order_id is not the charge's order; 400
 *   wcpay_idempotency_key_reused when a key comes back with another request.
 */
import { DISPUTE_STATUSES } from "@paydesk/domain/disputes/statuses";
import { REFUND_REASONS } from "@paydesk/domain/refunds";
import { z } from "zod";
import { minorAmount, objectId, queryInt } from "./common.ts";
import { IDEMPOTENCY_KEY_REUSED } from "./errors.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const CHARGE_ERRORS = {
	chargeNotFound: "wcpay_charge_not_found",
	intentNotFound: "wcpay_payment_intent_not_found",
	missingOrder: "wcpay_missing_order",
	refundedOrderUncapturable: "wcpay_refunded_order_uncapturable",
	intentOrderMismatch: "wcpay_intent_order_mismatch",
	paymentUncapturable: "wcpay_payment_uncapturable",
	captureError: "wcpay_capture_error",
	cancelError: "wcpay_cancel_error",
	serverError: "wcpay_server_error",
	refundNotAllowed: "wcpay_refund_not_allowed",
	refundAmountTooLarge: "wcpay_refund_amount_too_large",
	idempotencyKeyReused: IDEMPOTENCY_KEY_REUSED,
} as const;

export const text = z.string().nullish();
/** Epoch seconds. */
export const seconds = z.number().int();

export const cardChecks = z.object({
	cvc_check: text,
	address_line1_check: text,
	address_postal_code_check: text,
});

export const cardDetails = z.object({
	brand: text,
	last4: text,
	/** credit | debit | prepaid | unknown */
	funding: text,
	network: text,
	country: text,
	exp_month: z.number().int().nullish(),
	exp_year: z.number().int().nullish(),
	checks: cardChecks.nullish(),
	/** card_present only: contactless_emv, contact_emv … */
	read_method: text,
});

/** Fields of the bank-based and wallet methods; each type fills the ones it has. */
export const bankDetails = z.object({
	bank: text,
	bank_code: text,
	bank_name: text,
	bic: text,
	iban_last4: text,
	last4: text,
	country: text,
	reference: text,
	bsb_number: text,
	entity: text,
	payment_method_category: text,
});

/** Stripe-shaped: the type, and the details under the type's own key. */
export const paymentMethodDetails = z.object({
	type: z.string(),
	card: cardDetails.optional(),
	card_present: cardDetails.optional(),
	link: bankDetails.optional(),
	affirm: bankDetails.optional(),
	afterpay_clearpay: bankDetails.optional(),
	alipay: bankDetails.optional(),
	au_becs_debit: bankDetails.optional(),
	bancontact: bankDetails.optional(),
	eps: bankDetails.optional(),
	giropay: bankDetails.optional(),
	grabpay: bankDetails.optional(),
	ideal: bankDetails.optional(),
	klarna: bankDetails.optional(),
	multibanco: bankDetails.optional(),
	p24: bankDetails.optional(),
	sepa_debit: bankDetails.optional(),
	sofort: bankDetails.optional(),
	wechat_pay: bankDetails.optional(),
});
export type PaymentMethodDetails = z.infer<typeof paymentMethodDetails>;

export const billingDetails = z.object({
	name: text,
	email: text,
	phone: text,
	address: z
		.object({ line1: text, line2: text, city: text, state: text, postal_code: text, country: text })
		.nullish(),
});

export const refund = z.object({
	id: z.string(),
	amount: minorAmount,
	currency: z.string(),
	reason: z.enum(REFUND_REASONS).nullable(),
	/** succeeded | pending | failed */
	status: z.string(),
	failure_reason: z.string().nullable(),
	created: seconds,
	charge: z.string(),
	payment_intent: z.string(),
	order_id: z.number().int().nullable(),
	balance_transaction: z.string().nullable(),
});
export type Refund = z.infer<typeof refund>;

export const chargeDispute = z.object({
	id: z.string(),
	status: z.enum(DISPUTE_STATUSES),
	reason: z.string(),
	amount: minorAmount,
	currency: z.string(),
	created: seconds,
	due_by: seconds,
	evidence_details: z.object({ due_by: seconds, has_evidence: z.boolean() }),
});

export const balanceTransactionRef = z.object({
	id: z.string(),
	type: z.string(),
	amount: minorAmount,
	fee: minorAmount,
	net: minorAmount,
	currency: z.string(),
	exchange_rate: z.number().nullable(),
	available_on: seconds,
	deposit_id: z.string().nullable(),
});

export const orderLink = z.object({ number: z.string(), url: z.string() });

export const orderRef = z.object({
	id: z.number().int(),
	number: z.string(),
	/** The store's order screen: /wp-admin/post.php?post={id}&action=edit */
	url: z.string(),
	customer_url: z.string().nullable(),
	subscriptions: z.array(orderLink),
	fraud_meta_box_type: z.string().nullable(),
});

export const charge = z.object({
	id: z.string(),
	object: z.literal("charge"),
	payment_intent: z.string(),
	/** requires_capture | succeeded | canceled | requires_payment_method */
	payment_intent_status: z.string(),
	amount: minorAmount,
	amount_captured: minorAmount,
	amount_refunded: minorAmount,
	currency: z.string(),
	customer_amount: minorAmount,
	customer_currency: z.string(),
	created: seconds,
	/** succeeded | pending | failed */
	status: z.string(),
	display_status: z.string(),
	paid: z.boolean(),
	captured: z.boolean(),
	refunded: z.boolean(),
	disputed: z.boolean(),
	refundable_amount: minorAmount,
	/** The capture deadline of an uncaptured authorization (created + 7 days), else null. */
	capture_by: seconds.nullable(),
	outcome: z.object({
		type: z.string().nullable(),
		reason: z.string().nullable(),
		risk_level: z.number().int().nullable(),
	}),
	failure_code: z.string().nullable(),
	failure_message: z.string().nullable(),
	refunds: z.object({ data: z.array(refund) }),
	dispute: chargeDispute.nullable(),
	payment_method_details: paymentMethodDetails,
	billing_details: billingDetails,
	balance_transaction: balanceTransactionRef.nullable(),
	/** The processing fee (store currency). */
	application_fee_amount: minorAmount,
	order: orderRef.nullable(),
	customer: z.object({ name: z.string(), email: z.string(), country: z.string() }),
	fraud_outcome: z.string().nullable(),
	fraud_meta_box_type: z.string().nullable(),
	/** online | in_person | in_person_pos */
	channel: z.string(),
	source_device: z.string().nullable(),
	reader_id: z.string().nullable(),
});
export type Charge = z.infer<typeof charge>;

export const paymentIntent = z.object({
	id: z.string(),
	object: z.literal("payment_intent"),
	status: z.string(),
	amount: minorAmount,
	amount_capturable: minorAmount,
	amount_received: minorAmount,
	currency: z.string(),
	created: seconds,
	order: orderRef.nullable(),
	charge,
});
export type PaymentIntent = z.infer<typeof paymentIntent>;
export const getCharge = defineRoute({
	method: "GET",
	path: `${REST_BASE}/charges/{id}`,
	summary: "One charge (ch_ or py_ id) with its refunds, dispute, payment method and balance transaction",
	tag: "charges",
	params: z.object({ id: objectId }),
	response: charge,
	errors: [CHARGE_ERRORS.chargeNotFound],
});

export const getChargeByOrder = defineRoute({
	method: "GET",
	path: `${REST_BASE}/charges/order/{id}`,
	summary: "The charge of an order",
	tag: "charges",
	params: z.object({ id: queryInt(1, Number.MAX_SAFE_INTEGER) }),
	response: charge,
	errors: [CHARGE_ERRORS.missingOrder],
});

export const getPaymentIntent = defineRoute({
	method: "GET",
	path: `${REST_BASE}/payment_intents/{id}`,
	summary: "One payment intent with its charge",
	tag: "charges",
	params: z.object({ id: objectId }),
	response: paymentIntent,
	errors: [CHARGE_ERRORS.intentNotFound],
});
export const refundBody = z.object({
	charge_id: objectId,
	/** Minor units of the charge's currency; the whole refundable amount when absent. */
	amount: z.coerce.number().int({ error: "must be a whole number of minor units" }).positive().optional(),
	/** No reason (absent, null or "") is sent as none. */
	reason: z
		.union([z.enum(REFUND_REASONS), z.literal(""), z.null()])
		.optional()
		.transform((value) => value || null),
	/** When given, must be the charge's order. */
	order_id: z.coerce.number().int().positive().optional(),
});

export const createRefund = defineRoute({
	method: "POST",
	path: `${REST_BASE}/refund`,
	summary: "Refund a charge in full or in part (Idempotency-Key header honoured)",
	tag: "charges",
	body: refundBody,
	response: refund,
	errors: [
		CHARGE_ERRORS.chargeNotFound,
		CHARGE_ERRORS.refundNotAllowed,
		CHARGE_ERRORS.refundAmountTooLarge,
		CHARGE_ERRORS.intentOrderMismatch,
		CHARGE_ERRORS.idempotencyKeyReused,
	],
});
