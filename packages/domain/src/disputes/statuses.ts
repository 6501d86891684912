/**
 * Dispute statuses of spec 3 §4.1: their labels and chips, which of them are inquiries, which
 * accept evidence (§4.2), and what the dispute panel of the payment details shows for each.
 */
import type { Translator } from "../translator.ts";

export const DISPUTE_STATUSES = [
	"warning_needs_response",
	"warning_under_review",
	"warning_closed",
	"needs_response",
	"under_review",
	"charge_refunded",
	"won",
	"lost",
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export type DisputeChip = "success" | "warning" | "primary" | "light" | "alert";

const DISPUTE_STATUS_CHIPS: Readonly<Record<DisputeStatus, DisputeChip>> = {
	warning_needs_response: "warning",
	warning_under_review: "light",
	warning_closed: "light",
	needs_response: "warning",
	under_review: "light",
	charge_refunded: "light",
	won: "success",
	lost: "alert",
};

export function disputeStatusLabels(t: Translator): Readonly<Record<DisputeStatus, string>> {
	return {
		warning_needs_response: t.__("Inquiry: Needs response", "paydesk"),
		warning_under_review: t.__("Inquiry: Under review", "paydesk"),
		warning_closed: t.__("Inquiry: Closed", "paydesk"),
		needs_response: t.__("Needs response", "paydesk"),
		under_review: t.__("Under review", "paydesk"),
		charge_refunded: t.__("Charge refunded", "paydesk"),
		won: t.__("Won", "paydesk"),
		lost: t.__("Lost", "paydesk"),
	};
}

/** The label and chip of a dispute status. */
export function disputeStatusDisplay(
	status: DisputeStatus,
	t: Translator,
): { label: string; chip: DisputeChip } {
	return { label: disputeStatusLabels(t)[status], chip: DISPUTE_STATUS_CHIPS[status] };
}

export function isDisputeStatus(value: string): value is DisputeStatus {
	return (DISPUTE_STATUSES as readonly string[]).includes(value);
}

/** A status's label; an unknown one shows as sent. */
export function disputeStatusLabel(status: string, t: Translator): string {
	return isDisputeStatus(status) ? disputeStatusLabels(t)[status] : status;
}

/** Warning statuses are inquiries: the bank asks before it opens a dispute, no money moves yet. */
export function isInquiry(status: string): boolean {
	return status.startsWith("warning_");
}

/** The statuses that still accept evidence (spec 3 §4.2); every other one is read-only. */
const EDITABLE_DISPUTE_STATUSES: readonly DisputeStatus[] = ["needs_response", "warning_needs_response"];

export function isEvidenceEditable(status: string): boolean {
	return (EDITABLE_DISPUTE_STATUSES as readonly string[]).includes(status);
}

/** The 'needs response' quick filter (filter=awaiting_response) includes inquiries awaiting one. */
export const AWAITING_RESPONSE_STATUSES = EDITABLE_DISPUTE_STATUSES;

/** Metadata keys the processor writes; a merchant's save never sets them. */
export const DISPUTE_METADATA_KEYS = {
	productType: "__product_type",
	evidenceSubmittedAt: "__evidence_submitted_at",
	closedAt: "__dispute_closed_at",
	closedByMerchant: "__closed_by_merchant",
} as const;

/** Bank review times after evidence is submitted (spec 3 §4.1, §9). */
export const DISPUTE_REVIEW_DAYS = 60;
export const INQUIRY_REVIEW_DAYS = 120;

export function reviewDays(status: string): number {
	return isInquiry(status) ? INQUIRY_REVIEW_DAYS : DISPUTE_REVIEW_DAYS;
}

/** How a lost dispute was lost: it decides the footer's wording. */
export type LostHow = "accepted" | "non_response" | "after_evidence";

export type DisputePanel =
	| { kind: "action"; inquiry: boolean }
	| { kind: "under_review"; inquiry: boolean; reviewDays: number }
	| { kind: "won" }
	| { kind: "lost"; how: LostHow }
	| { kind: "inquiry_closed" }
	| { kind: "charge_refunded" };

/**
 * Spec 3 §4.1: needs-response and inquiry-awaiting states show the action panel (Challenge,
 * Accept or Issue refund); every other state shows a footer saying what happened.
 */
export function disputePanelFor(dispute: {
	status: string;
	metadata?: Readonly<Record<string, string>> | null;
	has_evidence?: boolean;
}): DisputePanel {
	const metadata = dispute.metadata ?? {};
	switch (dispute.status) {
		case "needs_response":
		case "warning_needs_response":
			return { kind: "action", inquiry: isInquiry(dispute.status) };
		case "under_review":
		case "warning_under_review":
			return {
				kind: "under_review",
				inquiry: isInquiry(dispute.status),
				reviewDays: reviewDays(dispute.status),
			};
		case "won":
			return { kind: "won" };
		case "warning_closed":
			return { kind: "inquiry_closed" };
		case "charge_refunded":
			return { kind: "charge_refunded" };
		default: {
			if (metadata[DISPUTE_METADATA_KEYS.closedByMerchant] === "1") return { kind: "lost", how: "accepted" };
			const submitted =
				Boolean(metadata[DISPUTE_METADATA_KEYS.evidenceSubmittedAt]) || dispute.has_evidence === true;
			return { kind: "lost", how: submitted ? "after_evidence" : "non_response" };
		}
	}
}
