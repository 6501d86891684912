/**
 * Refund rules of the payment details (spec 2 "Summary card actions", §8): when Refund in full
 * is offered, how much can still be refunded, the reasons a merchant can give, the notices, and
 * why the processor refuses a refund. Server and admin apply the same rules.
 */
import { isDisputeInquiry } from "./charge-status.ts";
import { formatAmount } from "./money.ts";
import type { Translator } from "./translator.ts";

/** Refund reason choices; "none" sends no reason at all. */
export const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export function refundReasonLabels(t: Translator): Readonly<Record<RefundReason, string>> {
	return {
		duplicate: t.__("Duplicate order", "paydesk"),
		fraudulent: t.__("Fraudulent", "paydesk"),
		requested_by_customer: t.__("Requested by customer", "paydesk"),
	};
}

/** The select's options, "No reason" first; its empty value means no reason is sent. */
export function refundReasonOptions(t: Translator): { value: RefundReason | ""; label: string }[] {
	const labels = refundReasonLabels(t);
	return [
		{ value: "", label: t.__("No reason", "paydesk") },
		...REFUND_REASONS.map((value) => ({ value, label: labels[value] })),
	];
}

/** A refund's reason; an unknown one as sent, its underscores as spaces; null for none. */
export function refundReasonLabel(reason: string | null | undefined, t: Translator): string | null {
	if (!reason) return null;
	return refundReasonLabels(t)[reason as RefundReason] ?? reason.replace(/_/g, " ");
}

/** What the refund rules read from a charge. */
export interface RefundableCharge {
	status: string;
	captured: boolean;
	refunded: boolean;
	amount_captured: number;
	amount_refunded: number;
	dispute?: { status: string } | null;
}

/** A dispute lets the payment be refunded only when there is none, it was won, or it is an inquiry. */
export function disputeAllowsRefund(dispute: { status: string } | null | undefined): boolean {
	return !dispute || dispute.status === "won" || isDisputeInquiry(dispute.status);
}

/**
 * Refund in full is offered when the charge is captured, not refunded and its dispute (if any)
 * allows it; it is hidden once any amount has been refunded.
 */
export function canRefundInFull(charge: RefundableCharge): boolean {
	return (
		charge.captured &&
		!charge.refunded &&
		charge.amount_refunded === 0 &&
		charge.status !== "failed" &&
		disputeAllowsRefund(charge.dispute)
	);
}

/** How much can be refunded now, in the charge's currency: 0 when the charge cannot be refunded. */
export function refundableAmount(charge: RefundableCharge): number {
	if (!charge.captured || charge.refunded || charge.status === "failed") return 0;
	if (!disputeAllowsRefund(charge.dispute)) return 0;
	return Math.max(0, charge.amount_captured - charge.amount_refunded);
}

export type RefundRefusal =
	| { reason: "invalid_amount"; message: string }
	| { reason: "not_captured"; message: string }
	| { reason: "failed"; message: string }
	| { reason: "disputed"; message: string }
	| { reason: "already_refunded"; message: string }
	| { reason: "amount_too_large"; message: string; refundable: number };

/** Why a refund of `amount` (minor units of `currency`) is refused, or null when it can go ahead. */
export function refundRefusal(
	charge: RefundableCharge,
	amount: number,
	currency: string,
	locale?: string,
): RefundRefusal | null {
	if (!Number.isSafeInteger(amount) || amount <= 0) {
		return { reason: "invalid_amount", message: "The refund amount must be more than zero." };
	}
	if (charge.status === "failed") {
		return { reason: "failed", message: "This payment failed, so there is nothing to refund." };
	}
	if (!charge.captured) {
		return {
			reason: "not_captured",
			message: "This payment has not been captured. Cancel the authorization instead of refunding it.",
		};
	}
	if (!disputeAllowsRefund(charge.dispute)) {
		return {
			reason: "disputed",
			message:
				"This payment is disputed. It can be refunded only when there is no dispute, or the dispute was won.",
		};
	}
	const refundable = refundableAmount(charge);
	if (refundable === 0) {
		return { reason: "already_refunded", message: "This payment has already been fully refunded." };
	}
	if (amount > refundable) {
		return {
			reason: "amount_too_large",
			refundable,
			message: `The refund amount is more than the ${formatAmount(refundable, currency, { locale })} that can still be refunded.`,
		};
	}
	return null;
}

/** A partial refund opens the order; without an order link this notice is shown instead. */
export function orderNotFoundNotice(t: Translator): string {
	return t.__("Unable to view order. Order not found.", "paydesk");
}

/** The store's order screen (WooCommerce's order URL, which Paydesk serves). */
export function orderEditUrl(orderId: number | string): string {
	return `/wp-admin/post.php?post=${encodeURIComponent(String(orderId))}&action=edit`;
}
