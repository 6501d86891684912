/**
 * Paydesk's records as Stripe's objects. Each answer is typed by the official SDK's own type
 * (`Stripe.PaymentIntent`, `Stripe.Charge` …), so the compiler holds it to Stripe's shape; the
 * fields Paydesk has no notion of (Connect, Billing, statement descriptors …) are null or absent
 * as Stripe answers them for a plain card payment.
 */
import type Stripe from "stripe";
import { z } from "zod";
import { parseJsonColumn } from "../db/json.ts";
import type {
	BalanceTransactionsTable,
	ChargesTable,
	IntentDetailsTable,
	OrdersTable,
	PaymentIntentsTable,
	RefundsTable,
} from "../db/schema.ts";
import { billingDetailsOf, paymentMethodDetailsOf } from "../ledger/charge-details.ts";

const storedMetadata = z.record(z.string(), z.string()).describe("a Stripe metadata document");

export function metadataOf(json: string | null | undefined): Record<string, string> {
	return json ? parseJsonColumn(storedMetadata, json, {}) : {};
}

const RISK_LEVELS = ["normal", "elevated", "highest"] as const;
/** A risk score in Stripe's 0–99 scale for each of the sandbox's risk levels. */
const RISK_SCORES = [12, 67, 94] as const;

const NETWORK_STATUS: Record<string, Stripe.Charge.Outcome["network_status"]> = {
	authorized: "approved_by_network",
	manual_review: "approved_by_network",
	issuer_declined: "declined_by_network",
	blocked: "not_sent_to_network",
	invalid: "not_sent_to_network",
};

const SELLER_MESSAGES: Record<string, string> = {
	authorized: "The payment was approved.",
	manual_review: "The payment was approved and held for the merchant's review.",
	issuer_declined: "The card's issuer declined the payment.",
	blocked: "The payment was blocked as too risky.",
	invalid: "The payment's details were not valid.",
};

function outcomeOf(row: ChargesTable): Stripe.Charge.Outcome | null {
	if (row.outcome_type === null) return null;
	const level = row.risk_level;
	return {
		advice_code: null,
		network_advice_code: null,
		network_decline_code: null,
		network_status: NETWORK_STATUS[row.outcome_type] ?? null,
		reason: row.outcome_reason,
		risk_level: level === null ? "not_assessed" : (RISK_LEVELS[level] ?? "normal"),
		risk_score: level === null ? undefined : RISK_SCORES[level],
		rule: row.fraud_outcome ? null : undefined,
		seller_message: SELLER_MESSAGES[row.outcome_type] ?? null,
		type: row.outcome_type,
	} as Stripe.Charge.Outcome;
}

/** The fraud meta types of a payment a rule held for review: still held, approved, or blocked. */
export const REVIEWED_META_TYPES = ["review", "review_allowed", "review_blocked"] as const;

/**
 * The Radar review of a payment a fraud rule held for review, or null. A review is its charge's
 * and needs no row of its own: its id is the charge's, under Stripe's prefix of reviews.
 */
export function reviewIdOf(row: Pick<ChargesTable, "id" | "fraud_meta_box_type">): string | null {
	if (!(REVIEWED_META_TYPES as readonly (string | null)[]).includes(row.fraud_meta_box_type)) return null;
	return `prv_${row.id.slice(row.id.indexOf("_") + 1)}`;
}

interface ReviewState {
	open: boolean;
	reason: string;
	closed_reason: Stripe.Review.ClosedReason | null;
}

const closedReview = (reason: Stripe.Review.ClosedReason): ReviewState => ({
	open: false,
	reason,
	closed_reason: reason,
});

/** Where a payment's review stands, from the payment. */
export function reviewState(row: ChargesTable): ReviewState {
	if (row.fraud_meta_box_type === "review_allowed") return closedReview("approved");
	if (row.fraud_meta_box_type === "review_blocked") {
		return closedReview(row.captured === 1 ? "refunded_as_fraud" : "canceled");
	}
	if (row.intent_status === "requires_capture") return { open: true, reason: "rule", closed_reason: null };
	// Decided without the merchant: captured since, or released when the authorization expired.
	return closedReview(row.captured === 1 ? "approved" : "canceled");
}

/** A held payment's review as Stripe answers it; its charge and intent whole when expanded. */
export function reviewObject(
	row: ChargesTable,
	related: {
		charge: Stripe.Charge | undefined;
		billingZip: string | null;
		paymentIntent: Stripe.PaymentIntent | undefined;
		livemode: boolean;
	},
): Stripe.Review {
	const state = reviewState(row);
	return {
		id: reviewIdOf(row) ?? "",
		object: "review",
		billing_zip: related.billingZip,
		charge: related.charge ?? row.id,
		closed_reason: state.closed_reason,
		created: row.created,
		ip_address: row.customer_ip ?? null,
		ip_address_location: row.ip_country
			? { city: null, country: row.ip_country, latitude: null, longitude: null, region: null }
			: null,
		livemode: related.livemode,
		open: state.open,
		opened_reason: "rule",
		payment_intent: related.paymentIntent ?? row.payment_intent_id,
		reason: state.reason,
		session: null,
	};
}

function chargeStatus(row: ChargesTable): Stripe.Charge.Status {
	if (row.status === "failed" || row.status === "pending") return row.status;
	return "succeeded";
}

export interface ChargeContext {
	order: Pick<OrdersTable, "customer_country" | "billing_address"> | null | undefined;
	details: IntentDetailsTable | undefined;
	livemode: boolean;
}

export function chargeObject(row: ChargesTable, context: ChargeContext): Stripe.Charge {
	const method = paymentMethodDetailsOf(row) as Record<string, unknown>;
	const billing = billingDetailsOf(row, context.order) as unknown as Stripe.Charge.BillingDetails;
	const details = context.details;
	return {
		id: row.id,
		object: "charge",
		amount: row.amount,
		amount_captured: row.amount_captured,
		amount_refunded: row.amount_refunded,
		application: null,
		application_fee: null,
		application_fee_amount: null,
		balance_transaction: row.balance_transaction_id,
		billing_details: billing,
		calculated_statement_descriptor: null,
		captured: row.captured === 1,
		created: row.created,
		currency: row.currency,
		customer: details?.customer_id ?? null,
		description: details?.description ?? null,
		disputed: row.disputed === 1,
		failure_balance_transaction: null,
		failure_code: row.failure_code,
		failure_message: row.failure_message,
		fraud_details: {},
		livemode: context.livemode,
		metadata: metadataOf(details?.metadata),
		on_behalf_of: null,
		outcome: outcomeOf(row),
		paid: row.paid === 1,
		payment_intent: row.payment_intent_id,
		payment_method: details?.payment_method_id ?? null,
		payment_method_details: {
			type: row.payment_method_type,
			[row.payment_method_type]: method,
		} as Stripe.Charge.PaymentMethodDetails,
		receipt_email: details?.receipt_email ?? (row.customer_email || null),
		receipt_number: null,
		receipt_url: null,
		refunded: row.refunded === 1,
		review: reviewIdOf(row),
		shipping: null,
		source: null,
		source_transfer: null,
		statement_descriptor: null,
		statement_descriptor_suffix: null,
		status: chargeStatus(row),
		transfer_data: null,
		transfer_group: null,
	};
}

const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

export function refundObject(
	row: RefundsTable,
	charge: Pick<ChargesTable, "payment_intent_id"> | undefined,
): Stripe.Refund {
	return {
		id: row.id,
		object: "refund",
		amount: row.amount,
		balance_transaction: row.balance_transaction_id,
		charge: row.charge_id,
		created: row.created,
		currency: row.currency,
		customer: null,
		customer_account: null,
		metadata: metadataOf(row.metadata),
		payment_intent: charge?.payment_intent_id ?? null,
		payment_method: null,
		reason: row.reason && REFUND_REASONS.has(row.reason) ? (row.reason as Stripe.Refund.Reason) : null,
		receipt_number: null,
		source_transfer_reversal: null,
		status: row.status,
		transfer_reversal: null,
		...(row.failure_reason ? { failure_reason: row.failure_reason } : {}),
	};
}

/** A payment intent's last error, as the intake's stored answer records it. */
const storedAnswer = z
	.object({
		last_payment_error: z
			.object({ code: z.string(), decline_code: z.string().nullable(), message: z.string() })
			.nullable()
			.optional(),
		next_action: z.object({ redirect_url: z.string() }).nullable().optional(),
	})
	.describe("payment_intents.answer");

export interface IntentRecord {
	/** The intake's row, once the intent was confirmed. */
	intent: PaymentIntentsTable | undefined;
	/** What `/v1` recorded of it (absent for an intent taken through the intake's own route). */
	details: IntentDetailsTable | undefined;
	charge: ChargesTable | undefined;
	livemode: boolean;
}

function errorOf(record: IntentRecord): Stripe.PaymentIntent.LastPaymentError | null {
	const answer = record.intent ? parseJsonColumn(storedAnswer, record.intent.answer, {}) : {};
	const error = answer.last_payment_error;
	if (!error) return null;
	return {
		type: "card_error",
		code: error.code,
		...(error.decline_code ? { decline_code: error.decline_code } : {}),
		message: error.message,
		charge: record.charge?.id,
		payment_method: record.details?.payment_method_id
			? ({ id: record.details.payment_method_id } as Stripe.PaymentMethod)
			: undefined,
	} as Stripe.PaymentIntent.LastPaymentError;
}

export function paymentIntentObject(record: IntentRecord): Stripe.PaymentIntent {
	const { intent, details, charge } = record;
	// A payment of the demo store has only its charge: the intent is the charge's.
	const base =
		intent ??
		details ??
		(charge && {
			amount: charge.amount,
			currency: charge.currency,
			created: charge.created,
			capture_method:
				charge.intent_status === "requires_capture" ||
				(charge.captured_at !== null &&
					charge.authorized_at !== null &&
					charge.captured_at !== charge.authorized_at)
					? "manual"
					: "automatic",
		});
	if (!base) throw new Error("A payment intent needs its intake row, its details or its charge.");
	const id = intent?.id ?? details?.intent_id ?? charge?.payment_intent_id ?? "";
	// A capture or a cancellation moves the charge's intent_status; the intake's row keeps the
	// status its confirmation answered.
	const status = (charge?.intent_status ??
		intent?.status ??
		details?.status ??
		"requires_payment_method") as Stripe.PaymentIntent.Status;
	const answer = intent ? parseJsonColumn(storedAnswer, intent.answer, {}) : {};
	const redirect = status === "requires_action" ? (answer.next_action?.redirect_url ?? null) : null;
	const canceled = status === "canceled";
	return {
		id,
		object: "payment_intent",
		allowed_payment_method_types: null,
		amount: base.amount,
		amount_capturable: status === "requires_capture" ? base.amount : 0,
		amount_received: charge && charge.captured === 1 ? charge.amount_captured : 0,
		application: null,
		application_fee_amount: null,
		automatic_payment_methods: null,
		canceled_at: canceled ? (details?.canceled_at ?? intent?.created ?? null) : null,
		cancellation_reason: canceled
			? ((details?.cancellation_reason as Stripe.PaymentIntent.CancellationReason | null) ?? null)
			: null,
		capture_method: base.capture_method as Stripe.PaymentIntent.CaptureMethod,
		client_secret: null,
		confirmation_method: "automatic",
		created: base.created,
		currency: base.currency,
		customer: details?.customer_id ?? null,
		customer_account: null,
		description: details?.description ?? null,
		excluded_payment_method_types: null,
		last_payment_error: errorOf(record),
		latest_charge: charge?.id ?? null,
		livemode: record.livemode,
		managed_payments: null,
		metadata: metadataOf(details?.metadata),
		next_action: redirect
			? {
					type: "redirect_to_url",
					redirect_to_url: { url: redirect, return_url: details?.return_url ?? intent?.return_url ?? null },
				}
			: null,
		on_behalf_of: null,
		payment_method: details?.payment_method_id ?? null,
		payment_method_configuration_details: null,
		payment_method_options: null,
		payment_method_types: [charge?.payment_method_type ?? "card"],
		payment_record: null,
		processing: null,
		receipt_email: details?.receipt_email ?? null,
		review: charge ? reviewIdOf(charge) : null,
		setup_future_usage: null,
		shipping: null,
		source: null,
		statement_descriptor: null,
		statement_descriptor_suffix: null,
		status,
		transfer_group: null,
	};
}

/** A ledger row; its funds are available once the account's clock passes available_on. */
export function balanceTransactionObject(
	row: BalanceTransactionsTable,
	now: number,
): Stripe.BalanceTransaction {
	return {
		id: row.id,
		object: "balance_transaction",
		amount: row.amount,
		available_on: row.available_on,
		balance_type: "payments",
		created: row.created,
		currency: row.currency,
		description: row.description ?? null,
		exchange_rate: row.exchange_rate,
		fee: row.fee,
		fee_details:
			row.fee === 0
				? []
				: [
						{
							amount: row.fee,
							application: null,
							currency: row.currency,
							description: "Paydesk processing fees",
							type: "stripe_fee",
						},
					],
		net: row.net,
		reporting_category: row.reporting_category,
		// The ledger leaves source_id empty when the source is the row's own charge.
		source: row.source_id ?? row.charge_id ?? null,
		status: row.available_on <= now ? "available" : "pending",
		type: row.type as Stripe.BalanceTransaction.Type,
	} as Stripe.BalanceTransaction;
}
