/**
 * Payment intake (DESIGN §3 "Intake and time"): a store's checkout backend takes a
 * payment with POST /payment_intents, as it would with a processor's test mode. The card
 * number decides the outcome (packages/domain/test-cards), the merchant's fraud rules judge the
 * payment, and a successful one lands in the ledger at once.
 *
 * - `amount` is in minor units of `currency`, which must be one the account accepts (its own
 *   currency, a currency it has a bank account in, or an enabled multi-currency currency).
 * - A declined payment answers 402 in the WordPress error shape, with `data.decline_code` and
 *   `data.payment_intent` (the failed intent, recorded on its order).
 * - A card that asks for 3-D Secure answers `requires_action` with `next_action.redirect_url`,
 *   a Paydesk page where the customer completes or fails the authentication; then
 *   POST /payment_intents/{id}/confirm finishes the payment. In the sandbox, `authentication`
 *   in the confirm body may stand in for the customer's click (scripts and the simulator).
 * - The full card number and the CVC are never stored or logged: only brand, last 4, expiry,
 *   a fingerprint and the check results.
 */

import { PAYMENT_METHOD_TYPES, type PaymentMethodType } from "@paydesk/domain/payment-methods";
import { normalizeCardNumber, passesLuhn } from "@paydesk/domain/test-cards";
import { webUrl } from "@paydesk/domain/web-urls";
import { z } from "zod";
import { currencyCode, minorAmount, objectId } from "./common.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const PAYMENT_INTENT_ERRORS = {
	notFound: "wcpay_intent_not_found",
	unexpectedState: "payment_intent_unexpected_state",
	/** The account may not take payments (restricted, or progressive onboarding paused). */
	paymentsDisabled: "wcpay_payments_disabled",
	/** Declines use the processor's own codes (card_declined, expired_card …) with status 402. */
	declined: "card_declined",
} as const;

export const INTAKE_CHANNELS = ["online", "in_person"] as const;
export const CAPTURE_METHODS = ["automatic", "manual"] as const;
export const INTENT_STATUSES = [
	"succeeded",
	"requires_capture",
	"requires_action",
	"canceled",
	"requires_payment_method",
] as const;

const text = (max: number) =>
	z
		.string()
		.trim()
		.max(max, { error: `must be at most ${max} characters` });

export const postalAddressInput = z.object({
	line1: text(200).default(""),
	line2: text(200).optional(),
	city: text(100).default(""),
	state: text(100).default(""),
	postal_code: text(20).default(""),
	country: z
		.string()
		.regex(/^[a-zA-Z]{2}$/, { error: "must be a two-letter country code" })
		.transform((value) => value.toUpperCase()),
});
export type PostalAddressInput = z.output<typeof postalAddressInput>;

export const billingDetailsInput = z.object({
	name: text(200).min(1, { error: "is required" }),
	email: z.string().trim().email({ error: "must be an e-mail address" }).max(200),
	phone: text(40).optional(),
	address: postalAddressInput,
});

const cardNumber = z
	.string()
	.transform(normalizeCardNumber)
	.refine((digits) => /^\d{12,19}$/.test(digits), { error: "must be 12 to 19 digits" })
	.refine(passesLuhn, { error: "is not a valid card number (it fails the Luhn check)" });

export const cardInput = z.object({
	number: cardNumber,
	exp_month: z.coerce
		.number()
		.int()
		.min(1, { error: "must be a month from 1 to 12" })
		.max(12, { error: "must be a month from 1 to 12" }),
	exp_year: z.coerce
		.number()
		.int()
		.min(2000, { error: "must be a four-digit year" })
		.max(2100, { error: "must be a four-digit year" }),
	cvc: z.string().regex(/^\d{3,4}$/, { error: "must be 3 or 4 digits" }),
});

/** The non-card methods a store can enable; their outcome follows the customer's e-mail. */
export const NON_CARD_METHODS = PAYMENT_METHOD_TYPES.filter(
	(type): type is Exclude<PaymentMethodType, "card" | "card_present"> =>
		type !== "card" && type !== "card_present",
) as [
	Exclude<PaymentMethodType, "card" | "card_present">,
	...Exclude<PaymentMethodType, "card" | "card_present">[],
];

export const paymentMethodInput = z.discriminatedUnion("type", [
	z.object({ type: z.literal("card"), card: cardInput, billing_details: billingDetailsInput }),
	z.object({ type: z.enum(NON_CARD_METHODS), billing_details: billingDetailsInput }),
]);
export type PaymentMethodInput = z.output<typeof paymentMethodInput>;

export const orderItemInput = z.object({
	name: text(200).min(1, { error: "is required" }),
	quantity: z.number().int().min(1).max(10_000),
	/** The line's total in minor units of the payment's currency. */
	total: z.number().int().min(0),
});

export const orderInput = z.object({
	/** An existing order's number; without one, Paydesk creates the order with the next number. */
	number: z
		.string()
		.regex(/^\d{1,15}$/, { error: "must be an order number" })
		.optional(),
	items: z.array(orderItemInput).min(1, { error: "must list at least one item" }).max(200),
	shipping_address: postalAddressInput.optional(),
});

const ipAddress = z.union([z.ipv4(), z.ipv6()], { error: "must be an IPv4 or IPv6 address" });

export const createPaymentIntentBody = z
	.object({
		amount: z
			.number({ error: "must be a whole number of minor units" })
			.int({ error: "must be a whole number of minor units" })
			.positive({ error: "must be greater than 0" })
			.max(99_999_999, { error: "must be at most 99999999" }),
		currency: currencyCode,
		capture_method: z.enum(CAPTURE_METHODS).default("automatic"),
		/** The card (or other method) details, for a sandbox account. */
		payment_method: paymentMethodInput.optional(),
		/**
		 * A PaymentMethod Stripe.js made in the customer's browser (pm_…), for an account connected
		 * to its own Stripe account, which takes no card details.
		 */
		payment_method_id: z
			.string()
			.regex(/^pm_[A-Za-z0-9_]{1,200}$/, { error: "must be a PaymentMethod id made by Stripe.js (pm_…)" })
			.optional(),
		order: orderInput,
		customer_ip: ipAddress.optional(),
		channel: z.enum(INTAKE_CHANNELS).default("online"),
		metadata: z.record(z.string().max(40), z.string().max(500)).default({}),
		/**
		 * Where the 3-D Secure page sends the customer back, with ?payment_intent={id}: an http(s) URL
		 * or a path of this site, kept as a browser would send it (percent-encoded).
		 */
		return_url: z
			.string()
			.max(2000)
			.refine((value) => webUrl(value) !== null, {
				error: "must be an http or https URL, or a path of this site, without control characters",
			})
			.transform((value) => webUrl(value) ?? value)
			.optional(),
	})
	// The items are part of what the customer pays (shipping and tax make up the rest), so their
	// totals cannot add up to more than the amount.
	.superRefine((body, context) => {
		if (body.payment_method === undefined && body.payment_method_id === undefined) {
			context.addIssue({
				code: "custom",
				path: ["payment_method"],
				message:
					"is required: the card's details, or payment_method_id (pm_…) for an account connected to Stripe",
			});
		}
		if (body.payment_method !== undefined && body.payment_method_id !== undefined) {
			context.addIssue({
				code: "custom",
				path: ["payment_method_id"],
				message: "give payment_method or payment_method_id, not both",
			});
		}
		const items = body.order.items.reduce((sum, item) => sum + item.total, 0);
		if (items > body.amount) {
			context.addIssue({
				code: "custom",
				path: ["order", "items"],
				message: `must not add up to more than the amount: the items total ${items}, the amount is ${body.amount}`,
			});
		}
	});
export type CreatePaymentIntentBody = z.output<typeof createPaymentIntentBody>;

export const cardChecks = z.object({
	cvc_check: z.string().nullable(),
	address_line1_check: z.string().nullable(),
	address_postal_code_check: z.string().nullable(),
});

export const intentCharge = z.object({
	id: z.string(),
	status: z.string(),
	outcome: z.object({
		/** authorized, manual_review, issuer_declined, blocked, invalid */
		type: z.string(),
		/** 0 normal, 1 elevated, 2 highest (spec 2 §4); null when not assessed. */
		risk_level: z.number().int().nullable(),
		/** The fraud rule that decided, when one did. */
		rule: z.string().nullable(),
		reason: z.string().nullable(),
	}),
	payment_method_details: z.object({
		type: z.string(),
		card: z
			.object({
				brand: z.string(),
				last4: z.string(),
				exp_month: z.number().int(),
				exp_year: z.number().int(),
				country: z.string(),
				funding: z.string(),
				fingerprint: z.string(),
				checks: cardChecks,
			})
			.optional(),
	}),
});

export const paymentError = z.object({
	code: z.string(),
	decline_code: z.string().nullable(),
	message: z.string(),
});

export const paymentIntentResult = z.object({
	id: z.string(),
	object: z.literal("payment_intent"),
	status: z.enum(INTENT_STATUSES),
	amount: minorAmount,
	currency: z.string(),
	capture_method: z.enum(CAPTURE_METHODS),
	created: z.number().int(),
	order: z.object({ id: z.number().int(), number: z.string() }),
	charge: intentCharge.nullable(),
	last_payment_error: paymentError.nullable(),
	next_action: z.object({ type: z.literal("redirect_to_url"), redirect_url: z.string() }).nullable(),
});
export type PaymentIntentResult = z.infer<typeof paymentIntentResult>;

export const createPaymentIntent = defineRoute({
	method: "POST",
	path: `${REST_BASE}/payment_intents`,
	summary: "Take a payment with a test card (sandbox processor); honours Idempotency-Key",
	tag: "payment_intents",
	body: createPaymentIntentBody,
	response: paymentIntentResult,
	errors: [PAYMENT_INTENT_ERRORS.declined, PAYMENT_INTENT_ERRORS.paymentsDisabled],
	rateLimit: "payments",
});

export const AUTHENTICATION_RESULTS = ["complete", "fail"] as const;

export const confirmPaymentIntent = defineRoute({
	method: "POST",
	path: `${REST_BASE}/payment_intents/{id}/confirm`,
	summary: "Finish a payment that waited for 3-D Secure authentication",
	tag: "payment_intents",
	rateLimit: "payments",
	params: z.object({ id: objectId }),
	body: z.object({
		/** Sandbox only: the customer's answer on the authentication page, for scripts. */
		authentication: z.enum(AUTHENTICATION_RESULTS).optional(),
	}),
	response: paymentIntentResult,
	errors: [
		PAYMENT_INTENT_ERRORS.notFound,
		PAYMENT_INTENT_ERRORS.unexpectedState,
		PAYMENT_INTENT_ERRORS.declined,
	],
});
