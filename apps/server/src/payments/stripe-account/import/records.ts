/**
 * A connected Stripe account's objects as Paydesk's ledger keeps them: customers, payment
 * intents, charges, refunds, disputes, payouts and balance transactions, each made the row its
 * table holds, so every screen reads the local copy as it reads the sandbox's own records.
 *
 * - Customers and payment intents are kept where the sandbox keeps its own (stripe_customers,
 *   intent_details); the screens read them through the charge: a charge takes its customer's
 *   name and e-mail where its billing details carry none, and its intent's status where the
 *   charge alone cannot tell it (an authorization Stripe no longer holds, a payment processing).
 * - A charge's amount and currency are the store's (settlement) money, as the ledger's are: they
 *   come from its balance transaction when it has one; what the customer paid is kept beside them.
 * - A balance transaction repeats what the lists filter by (channel, customer, risk, order) from
 *   its charge, as the ledger's own rows do (ledger/entries.ts); the rows whose source is a refund
 *   or a dispute keep that source's id.
 * - Payouts are Paydesk's payouts table, not ledger rows (the balance subtracts them): Stripe's
 *   payout, payout_cancel and payout_failure balance transactions are not copied.
 * - A dispute's debit and its reversal are Stripe's `adjustment` rows, told apart by their
 *   reporting category, and the ledger's `dispute` and `dispute_reversal` rows.
 */
import { transactionSource } from "@paydesk/domain/transactions";
import type Stripe from "stripe";
import type { JsonObject } from "../../../db/derived-json.ts";
import type {
	BalanceTransactionsTable,
	ChargesTable,
	DisputesTable,
	IntentDetailsTable,
	PayoutsTable,
	RefundsTable,
	StripeCustomersTable,
} from "../../../db/schema.ts";
import { paymentMethodDetailsOf, storedChargeDetails } from "../../../ledger/charge-details.ts";
import { settlementType } from "../../../ledger/entries.ts";
import { storedSourceId } from "../../../ledger/source.ts";
import { customerShare } from "../../../ledger/timeline-data.ts";

/** Balance transaction types that are payouts: the payouts table holds them. */
export const PAYOUT_TYPES: ReadonlySet<string> = new Set(["payout", "payout_cancel", "payout_failure"]);

const RISK_LEVELS: Readonly<Record<string, number>> = { normal: 0, elevated: 1, highest: 2 };

/** Radar's risk level as the ledger keeps it: 0 normal, 1 elevated, 2 highest; null when not assessed. */
export const riskLevelOf = (outcome: Stripe.Charge.Outcome | null | undefined): number | null =>
	RISK_LEVELS[outcome?.risk_level ?? ""] ?? null;

/** An id, or the id of an expanded object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
	value == null ? null : typeof value === "string" ? value : value.id;

/** An expanded object, or nothing when only its id came. */
const expanded = <T extends { id: string }>(value: string | T | null | undefined): T | null =>
	value != null && typeof value === "object" ? value : null;

/** The order a charge pays, as WooCommerce's Stripe integrations record it in the metadata. */
function orderIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
	const value = metadata?.order_id;
	return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** What a charge's row takes from its payment intent and its customer, when the copy holds them. */
export interface Payer {
	intent?: Pick<IntentDetailsTable, "status" | "customer_id"> | undefined;
	customer?: Pick<StripeCustomersTable, "name" | "email"> | undefined;
}

/**
 * The intent's states that follow an authorization the charge may not show: still held, released
 * (Stripe let it expire, or it was canceled), captured since, or a payment still processing.
 */
const AFTER_AUTHORIZATION: ReadonlySet<string> = new Set([
	"requires_capture",
	"canceled",
	"succeeded",
	"processing",
]);

/**
 * The intent's status the ledger keeps beside the charge's. The charge tells a decline, a capture
 * and a release; an authorization it shows as held is what its intent says, when the copy has the
 * intent (the two are read at different times, and neither a capture nor a release is undone, so
 * the one further along is the right one).
 */
export function intentStatusOf(
	charge: { status: string; captured: boolean; refunded: boolean },
	intent: Payer["intent"],
): string {
	if (charge.status === "failed") return "requires_payment_method";
	if (charge.captured) return "succeeded";
	// An authorization released without a capture is refunded in full, uncaptured.
	if (charge.refunded) return "canceled";
	return intent && AFTER_AUTHORIZATION.has(intent.status) ? intent.status : "requires_capture";
}

/** The customer a charge names, itself or through its intent. */
export const customerIdOf = (charge: Stripe.Charge, intent: Payer["intent"]): string | null =>
	idOf(charge.customer as string | { id: string } | null) ?? intent?.customer_id ?? null;

type FraudColumns = Pick<ChargesTable, "fraud_outcome" | "fraud_meta_box_type">;

/** Closed reasons whose payment did not stay with the merchant: the review ended blocked. */
const NOT_KEPT: ReadonlySet<string> = new Set([
	"canceled",
	"refunded",
	"refunded_as_fraud",
	"payment_never_settled",
]);

/** The copy's fraud outcome of a payment whose review Stripe answered: open, approved or blocked. */
export function fraudOutcomeOfReview(review: Pick<Stripe.Review, "open" | "closed_reason">): FraudColumns {
	if (review.open) return { fraud_outcome: "review", fraud_meta_box_type: "review" };
	return review.closed_reason !== null && NOT_KEPT.has(review.closed_reason)
		? { fraud_outcome: "block", fraud_meta_box_type: "review_blocked" }
		: { fraud_outcome: "allow", fraud_meta_box_type: "review_allowed" };
}

/**
 * What Radar decided, as the Blocked and On review lists read it: a payment Radar held for review
 * (decided since, when its review is expanded and closed), or blocked; nothing for the others.
 */
function radarOutcome(charge: Stripe.Charge): FraudColumns {
	if (charge.review !== null && typeof charge.review === "object") return fraudOutcomeOfReview(charge.review);
	if (charge.outcome?.type === "manual_review")
		return { fraud_outcome: "review", fraud_meta_box_type: "review" };
	if (charge.outcome?.type === "blocked") return { fraud_outcome: "block", fraud_meta_box_type: "block" };
	return { fraud_outcome: null, fraud_meta_box_type: null };
}

/**
 * A charge as the charges table keeps it (its balance transaction, when expanded, gives the
 * store's money); `payer` is what the copy holds of its intent and customer.
 */
export function chargeRow(accountId: string, charge: Stripe.Charge, payer: Payer = {}): ChargesTable {
	const transaction = expanded(charge.balance_transaction);
	const details = (charge.payment_method_details ?? { type: "card" }) as Stripe.Charge.PaymentMethodDetails &
		Record<string, unknown>;
	const methodType = details.type || "card";
	const method = (details[methodType] ?? {}) as JsonObject;
	const billing = charge.billing_details;
	const country =
		billing?.address?.country ?? (typeof method.country === "string" ? method.country : null) ?? "";
	const facts = {
		payment_method_type: methodType,
		customer_name: billing?.name || payer.customer?.name || "",
		customer_email: billing?.email || charge.receipt_email || payer.customer?.email || "",
		customer_country: country,
	};
	const settled = transaction !== null && transaction.currency !== charge.currency;
	return {
		account_id: accountId,
		id: charge.id,
		// A charge made without an intent (the legacy charges API) is its own payment.
		payment_intent_id: idOf(charge.payment_intent) ?? charge.id,
		order_id: orderIdOf(charge.metadata),
		amount: settled ? transaction.amount : charge.amount,
		amount_captured: settled
			? Math.round(charge.amount_captured * (transaction.exchange_rate ?? 1))
			: charge.amount_captured,
		amount_refunded: settled
			? Math.round(charge.amount_refunded * (transaction.exchange_rate ?? 1))
			: charge.amount_refunded,
		currency: settled ? transaction.currency : charge.currency,
		status: charge.status,
		intent_status: intentStatusOf(charge, payer.intent),
		paid: charge.paid ? 1 : 0,
		captured: charge.captured ? 1 : 0,
		refunded: charge.refunded ? 1 : 0,
		disputed: charge.disputed ? 1 : 0,
		created: charge.created,
		outcome_type: charge.outcome?.type ?? null,
		outcome_reason: charge.outcome?.reason ?? null,
		risk_level: riskLevelOf(charge.outcome),
		failure_code: charge.failure_code,
		failure_message: charge.failure_message,
		...facts,
		...storedChargeDetails(facts, null, method, (billing ?? {}) as unknown as JsonObject),
		channel: methodType === "card_present" || methodType === "interac_present" ? "in_person" : "online",
		source_device: null,
		customer_currency: charge.currency,
		customer_amount: charge.amount,
		exchange_rate: transaction?.exchange_rate ?? null,
		fee: transaction?.fee ?? 0,
		balance_transaction_id: idOf(charge.balance_transaction),
		...radarOutcome(charge),
		reader_id: null,
		authorized_at: charge.status === "failed" ? null : charge.created,
		captured_at: charge.captured ? charge.created : null,
	};
}

/** A payment intent as intent_details keeps it, with Stripe's status. */
export function intentRow(accountId: string, intent: Stripe.PaymentIntent): IntentDetailsTable {
	return {
		account_id: accountId,
		intent_id: intent.id,
		status: intent.status,
		amount: intent.amount,
		currency: intent.currency,
		capture_method: intent.capture_method,
		payment_method_id: idOf(intent.payment_method as string | { id: string } | null),
		customer_id: idOf(intent.customer as string | { id: string } | null),
		description: intent.description,
		receipt_email: intent.receipt_email,
		return_url: null,
		metadata: JSON.stringify(intent.metadata ?? {}),
		created: intent.created,
		canceled_at: intent.canceled_at,
		cancellation_reason: intent.cancellation_reason,
	};
}

/** A customer as stripe_customers keeps it. */
export function customerRow(accountId: string, customer: Stripe.Customer): StripeCustomersTable {
	return {
		account_id: accountId,
		id: customer.id,
		email: customer.email ?? null,
		name: customer.name ?? null,
		description: customer.description ?? null,
		phone: customer.phone ?? null,
		metadata: JSON.stringify(customer.metadata ?? {}),
		created: customer.created,
		deleted_at: null,
	};
}

/** The local charge a refund, a dispute or a balance transaction belongs to, as far as the rows need it. */
export type LocalCharge = Pick<
	ChargesTable,
	| "id"
	| "payment_intent_id"
	| "order_id"
	| "payment_method_type"
	| "payment_method_details"
	| "customer_name"
	| "customer_email"
	| "customer_country"
	| "customer_currency"
	| "customer_amount"
	| "amount"
	| "amount_captured"
	| "currency"
	| "exchange_rate"
	| "channel"
	| "source_device"
	| "risk_level"
>;

export function refundRow(
	accountId: string,
	refund: Stripe.Refund,
	charge: LocalCharge | undefined,
): RefundsTable | null {
	const chargeId = idOf(refund.charge);
	if (!chargeId) return null;
	const metadata = refund.metadata ?? {};
	return {
		account_id: accountId,
		id: refund.id,
		charge_id: chargeId,
		payment_intent_id: idOf(refund.payment_intent) ?? charge?.payment_intent_id ?? chargeId,
		order_id: charge?.order_id ?? null,
		amount: refund.amount,
		currency: refund.currency,
		reason: refund.reason,
		status: refund.status ?? "succeeded",
		failure_reason: refund.failure_reason ?? null,
		created: refund.created,
		balance_transaction_id: idOf(refund.balance_transaction),
		metadata: Object.keys(metadata).length === 0 ? null : JSON.stringify(metadata),
	};
}

/** The evidence fields a dispute was given (text, or a file's id), without the empty ones. */
function givenEvidence(evidence: Stripe.Dispute.Evidence): Record<string, string> {
	const given: Record<string, string> = {};
	for (const [field, value] of Object.entries(evidence)) {
		const text = typeof value === "string" ? value : idOf(value as { id: string } | null);
		if (text) given[field] = text;
	}
	return given;
}

export function disputeRow(
	accountId: string,
	dispute: Stripe.Dispute,
	charge: LocalCharge | undefined,
): DisputesTable | null {
	const chargeId = idOf(dispute.charge);
	if (!chargeId) return null;
	const brand = charge ? paymentMethodDetailsOf(charge).brand : undefined;
	return {
		account_id: accountId,
		id: dispute.id,
		charge_id: chargeId,
		payment_intent_id: idOf(dispute.payment_intent) ?? charge?.payment_intent_id ?? chargeId,
		order_id: charge?.order_id ?? null,
		amount: dispute.amount,
		currency: dispute.currency,
		status: dispute.status,
		reason: dispute.reason,
		created: dispute.created,
		due_by: dispute.evidence_details?.due_by ?? dispute.created,
		has_evidence: dispute.evidence_details?.has_evidence ? 1 : 0,
		evidence: JSON.stringify(givenEvidence(dispute.evidence)),
		metadata: JSON.stringify(dispute.metadata ?? {}),
		issuer_evidence: null,
		customer_name: charge?.customer_name ?? "",
		customer_email: charge?.customer_email ?? "",
		customer_country: charge?.customer_country ?? "",
		source: typeof brand === "string" ? brand : (charge?.payment_method_type ?? "card"),
		balance_transaction_id: dispute.balance_transactions[0]?.id ?? null,
	};
}

/** The bank account a payout went to, as the payouts screens name it. */
function destinationLabel(payout: Stripe.Payout): string {
	const destination = expanded(payout.destination) as
		| (Stripe.BankAccount & { object: "bank_account" })
		| (Stripe.Card & { object: "card" })
		| null;
	const currency = payout.currency.toUpperCase();
	if (!destination) return "";
	const name =
		destination.object === "bank_account" ? (destination.bank_name ?? "Bank account") : destination.brand;
	return `${name} •••• ${destination.last4} (${currency})`;
}

export function payoutRow(accountId: string, payout: Stripe.Payout): PayoutsTable {
	const transaction = expanded(payout.balance_transaction);
	return {
		account_id: accountId,
		id: payout.id,
		type: payout.amount < 0 ? "withdrawal" : "deposit",
		method: payout.method === "instant" ? "instant" : "standard",
		automatic: payout.automatic ? 1 : 0,
		status: payout.status,
		date: payout.arrival_date,
		created: payout.created,
		amount: Math.abs(payout.amount),
		fee: transaction?.fee ?? 0,
		fee_percentage: 0,
		currency: payout.currency,
		bank_account: destinationLabel(payout),
		bank_reference_key: payout.trace_id?.value ?? null,
		failure_code: payout.failure_code,
		failure_message: payout.failure_message,
		balance_transaction_id: idOf(payout.balance_transaction),
	};
}

/** The ledger's type of a Stripe balance transaction. */
function ledgerType(transaction: Stripe.BalanceTransaction): string {
	if (transaction.type === "adjustment") {
		if (transaction.reporting_category === "dispute") return "dispute";
		if (transaction.reporting_category === "dispute_reversal") return "dispute_reversal";
	}
	return transaction.type;
}

/**
 * A balance transaction as the ledger keeps it; `charge` is the local charge its source belongs
 * to (the charge itself, a refund's or a dispute's), when there is one.
 */
export function ledgerRow(
	accountId: string,
	transaction: Stripe.BalanceTransaction,
	charge: LocalCharge | undefined,
): BalanceTransactionsTable {
	const sourceId = idOf(transaction.source as string | { id: string } | null);
	const type = ledgerType(transaction);
	return {
		account_id: accountId,
		id: transaction.id,
		type: type === "charge" && charge ? settlementType(charge.payment_method_type) : type,
		reporting_category: transaction.reporting_category,
		source_id: sourceId === null ? null : storedSourceId(sourceId, charge?.id ?? null),
		charge_id: charge?.id ?? null,
		payment_intent_id: charge?.payment_intent_id ?? null,
		order_id: charge?.order_id ?? null,
		order_number: charge?.order_id == null ? null : String(charge.order_id),
		amount: transaction.amount,
		fee: transaction.fee,
		net: transaction.net,
		currency: transaction.currency,
		customer_currency: charge?.customer_currency ?? null,
		customer_amount: charge
			? Math.sign(transaction.amount) * customerShare(charge, Math.abs(transaction.amount))
			: null,
		exchange_rate: transaction.exchange_rate ?? charge?.exchange_rate ?? null,
		created: transaction.created,
		available_on: transaction.available_on,
		deposit_id: null,
		loan_id: null,
		channel: charge?.channel ?? null,
		source: charge
			? transactionSource(charge.payment_method_type, paymentMethodDetailsOf(charge).brand)
			: null,
		source_identifier: null,
		source_device: charge?.source_device ?? null,
		customer_name: charge?.customer_name ?? null,
		customer_email: charge?.customer_email ?? null,
		customer_country: charge?.customer_country ?? null,
		risk_level: charge?.risk_level ?? null,
		description: transaction.description,
	};
}
