/**
 * The status a payment shows (spec 2 §4 "Derived charge status", first match wins), its chip,
 * and how the payment details screen reads its id (spec 2 §5).
 */
import type { DisputeStatus } from "./disputes/statuses.ts";
import type { Translator } from "./translator.ts";

export type { DisputeStatus };

/** The warning_* dispute statuses are inquiries (spec 3 §4.1). */
export function isDisputeInquiry(status: string): boolean {
	return status.startsWith("warning_");
}

/** What the derivation reads from a charge (the Charge entity of packages/contract has it all). */
export interface ChargeStatusInput {
	status: string;
	paid: boolean;
	captured: boolean;
	refunded: boolean;
	amount_refunded: number;
	disputed: boolean;
	outcome?: { type?: string | null } | null;
	refunds?: { data: readonly unknown[] } | null;
	dispute?: { status: string } | null;
	fraud_meta_box_type?: string | null;
}

export type ChargeDisplayStatus =
	| "fraud_outcome_review"
	| "fraud_outcome_block"
	| "failed"
	| "blocked"
	| `disputed_${string}`
	| "partially_refunded"
	| "fully_refunded"
	| "refund_failed"
	| "paid"
	| "authorized"
	| (string & {});

/**
 * The ten rules of spec 2 §4, in order; the first that matches wins:
 * 1. the intent requires capture and fraud rules put it in review -> fraud_outcome_review;
 * 2. fraud meta type block or review_blocked -> fraud_outcome_block;
 * 3. failed with outcome issuer_declined or invalid -> failed;
 * 4. failed with outcome blocked -> blocked;
 * 5. disputed -> disputed_{dispute status};
 * 6. part of the amount refunded -> partially_refunded;
 * 7. refunded in full -> fully_refunded;
 * 8. refunds exist but nothing stayed refunded -> refund_failed;
 * 9. succeeded and paid -> paid when captured, else authorized;
 * 10. otherwise the raw status.
 */
export function deriveChargeStatus(
	charge: ChargeStatusInput,
	intentStatus?: string | null,
): ChargeDisplayStatus {
	const fraudType = charge.fraud_meta_box_type ?? null;
	const outcome = charge.outcome?.type ?? null;
	if (intentStatus === "requires_capture" && fraudType === "review") return "fraud_outcome_review";
	if (fraudType === "block" || fraudType === "review_blocked") return "fraud_outcome_block";
	if (charge.status === "failed" && (outcome === "issuer_declined" || outcome === "invalid")) return "failed";
	if (charge.status === "failed" && outcome === "blocked") return "blocked";
	if (charge.disputed && charge.dispute) return `disputed_${charge.dispute.status}`;
	if (!charge.refunded && charge.amount_refunded > 0) return "partially_refunded";
	if (charge.refunded) return "fully_refunded";
	if ((charge.refunds?.data.length ?? 0) > 0) return "refund_failed";
	if (charge.status === "succeeded" && charge.paid) return charge.captured ? "paid" : "authorized";
	return charge.status;
}

export type StatusChip = "success" | "warning" | "primary" | "light" | "alert";

/** The chip of each derived status; an unknown one is light. */
const CHARGE_STATUS_CHIPS: Readonly<Record<string, StatusChip>> = {
	paid: "success",
	authorized: "primary",
	partially_refunded: "success",
	fully_refunded: "light",
	refund_failed: "alert",
	failed: "alert",
	blocked: "alert",
	fraud_outcome_review: "warning",
	fraud_outcome_block: "alert",
	disputed_needs_response: "warning",
	disputed_under_review: "light",
	disputed_won: "light",
	disputed_lost: "light",
	disputed_charge_refunded: "light",
	disputed_warning_needs_response: "warning",
	disputed_warning_under_review: "light",
	disputed_warning_closed: "light",
	succeeded: "success",
	pending: "warning",
	canceled: "light",
};

/** The label of each derived status. */
export function chargeStatusLabels(t: Translator): Readonly<Record<string, string>> {
	return {
		paid: t.__("Paid", "paydesk"),
		authorized: t.__("Payment authorized", "paydesk"),
		partially_refunded: t.__("Partial refund", "paydesk"),
		fully_refunded: t.__("Refunded", "paydesk"),
		refund_failed: t.__("Refund failure", "paydesk"),
		failed: t.__("Payment failed", "paydesk"),
		blocked: t.__("Payment blocked", "paydesk"),
		fraud_outcome_review: t.__("Needs review", "paydesk"),
		fraud_outcome_block: t.__("Blocked by fraud protection", "paydesk"),
		disputed_needs_response: t.__("Disputed: Needs response", "paydesk"),
		disputed_under_review: t.__("Disputed: In review", "paydesk"),
		disputed_won: t.__("Disputed: Won", "paydesk"),
		disputed_lost: t.__("Disputed: Lost", "paydesk"),
		disputed_charge_refunded: t.__("Disputed: Refunded", "paydesk"),
		disputed_warning_needs_response: t.__("Inquiry: Needs response", "paydesk"),
		disputed_warning_under_review: t.__("Inquiry: Under review", "paydesk"),
		disputed_warning_closed: t.__("Inquiry: Closed", "paydesk"),
		succeeded: t.__("Succeeded", "paydesk"),
		pending: t.__("Pending", "paydesk"),
		canceled: t.__("Canceled", "paydesk"),
	};
}

/** Label and chip of a derived status; an unknown one falls back to its humanized code. */
export function chargeStatusDisplay(status: string, t: Translator): { label: string; chip: StatusChip } {
	const label = chargeStatusLabels(t)[status];
	if (label !== undefined) return { label, chip: CHARGE_STATUS_CHIPS[status] ?? "light" };
	const words = status.replace(/_/g, " ");
	return { label: words.charAt(0).toUpperCase() + words.slice(1), chip: "light" };
}

export type PaymentDetailsIdKind = "order" | "charge" | "payment_intent";

/**
 * How the payment details screen reads its id (spec 2 §5): all digits is an order id; the
 * prefix ch_ or py_ is a charge; anything else is a payment intent.
 */
export function paymentDetailsIdKind(id: string): PaymentDetailsIdKind {
	if (/^\d+$/.test(id)) return "order";
	if (isChargeId(id)) return "charge";
	return "payment_intent";
}

export function isChargeId(id: string): boolean {
	return id.startsWith("ch_") || id.startsWith("py_");
}

/** A query parameter is carried when it has a value: an empty one is as good as absent. */
const carries = (value: string | readonly string[] | undefined): boolean =>
	typeof value === "string" ? value !== "" : value !== undefined && value.length > 0;

/**
 * Whether the payment details were opened from the fraud-protection link (spec 2 "Payment
 * details"): only a query carrying both status_is and type_is is one, and only then is the link
 * click tracked and are both parameters removed from the URL; either one alone is left as it is.
 */
export function isFraudProtectionLinkClick(
	query: Readonly<Record<string, string | readonly string[] | undefined>>,
): boolean {
	return carries(query.status_is) && carries(query.type_is);
}
