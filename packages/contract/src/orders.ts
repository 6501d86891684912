/**
 * An order's authorization and the store's order screen (spec 2 §4 "Authorization", §7, §8).
 *
 * Capture and cancel answer { id: payment intent id, status: "succeeded" | "canceled" }, or:
 * - 404 wcpay_missing_order: no such order;
 * - 400 wcpay_refunded_order_uncapturable: the order is refunded or has a refund;
 * - 400 wcpay_intent_order_mismatch: payment_intent_id is not the order's payment;
 * - 409 wcpay_payment_uncapturable: not an uncaptured authorization any more (captured,
 *   canceled), or past its 7-day window — which the request marks expired (intent canceled,
 *   an authorization_expired timeline event) before answering;
 * - 400 wcpay_capture_error with data.extra_details { error_type: "amount_too_small",
 *   minimum_amount, minimum_amount_currency } below the minimum (50 minor units for usd, eur,
 *   gbp; packages/domain/capture); 502 wcpay_capture_error / wcpay_cancel_error when the
 *   processor cannot act on the payment (a failed charge);
 * - 500 wcpay_server_error for anything unexpected.
 * Both honour an Idempotency-Key header, like POST /refund. Capturing a payment held for review
 * approves it and canceling it blocks it; the timeline names the merchant who did.
 *
 * GET /orders/{order} serves Paydesk's stand-in for the store's order screen (WooCommerce's
 * /wp-admin/post.php?post={id}&action=edit): items and totals in the order's currency, the
 * payment, its refunds, and what can still be refunded in the charge's currency.
 */
import { z } from "zod";
import { CHARGE_ERRORS, charge, orderLink, refund, seconds, text } from "./charges.ts";
import { minorAmount, objectId, queryInt } from "./common.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const orderParams = z.object({ order: queryInt(1, Number.MAX_SAFE_INTEGER) });

export const authorizationBody = z.object({ payment_intent_id: objectId });
export const captureResponse = z.object({ id: z.string(), status: z.string() });
export type CaptureResponse = z.infer<typeof captureResponse>;

const AUTHORIZATION_ERRORS = [
	CHARGE_ERRORS.missingOrder,
	CHARGE_ERRORS.refundedOrderUncapturable,
	CHARGE_ERRORS.intentOrderMismatch,
	CHARGE_ERRORS.paymentUncapturable,
	CHARGE_ERRORS.serverError,
	CHARGE_ERRORS.idempotencyKeyReused,
] as const;

export const captureAuthorization = defineRoute({
	method: "POST",
	path: `${REST_BASE}/orders/{order}/capture_authorization`,
	summary: "Capture an order's authorization; answers status succeeded",
	tag: "charges",
	params: orderParams,
	body: authorizationBody,
	response: captureResponse,
	errors: [...AUTHORIZATION_ERRORS, CHARGE_ERRORS.captureError],
});

export const cancelAuthorization = defineRoute({
	method: "POST",
	path: `${REST_BASE}/orders/{order}/cancel_authorization`,
	summary: "Cancel an order's authorization; answers status canceled",
	tag: "charges",
	params: orderParams,
	body: authorizationBody,
	response: captureResponse,
	errors: [...AUTHORIZATION_ERRORS, CHARGE_ERRORS.cancelError],
});

export const storeOrder = z.object({
	id: z.number().int(),
	number: z.string(),
	/** pending | processing | on-hold | completed | cancelled | refunded | failed */
	status: z.string(),
	currency: z.string(),
	created: seconds,
	url: z.string(),
	customer: z.object({
		name: z.string(),
		email: z.string(),
		country: z.string(),
		billing_address: z.object({ address_1: text, city: text, postcode: text, country: text }),
	}),
	items: z.array(z.object({ name: z.string(), quantity: z.number().int(), total: minorAmount })),
	totals: z.object({ subtotal: minorAmount, shipping: minorAmount, tax: minorAmount, total: minorAmount }),
	subscriptions: z.array(orderLink),
	charge: charge.nullable(),
	/** The payment details screen of the order's payment, when it has one. */
	payment_details_url: z.string().nullable(),
	refunds: z.array(refund),
	/** Both in refund_currency (the charge's currency). */
	refunded_amount: minorAmount,
	refundable_amount: minorAmount,
	refund_currency: z.string().nullable(),
});
export type StoreOrder = z.infer<typeof storeOrder>;

export const getOrder = defineRoute({
	method: "GET",
	path: `${REST_BASE}/orders/{order}`,
	summary: "An order of the store with its items, totals, payment and refunds",
	tag: "charges",
	params: orderParams,
	response: storeOrder,
	errors: [CHARGE_ERRORS.missingOrder],
});
