/**
 * Dispute events of a payment (spec 3 §4.1): opened (an inquiry moves no money), evidence under
 * review, won (amount and fee come back), lost, and the two ways an inquiry closes.
 */
import { humanizeCode } from "../payment-methods.ts";
import { money, payoutLine, storeSide } from "./money-lines.ts";
import { entry, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

function reasonOf(event: TimelineEvent, context: TimelineContext): string {
	const reason = event.reason ?? "general";
	return context.disputeReasonLabel?.(reason) ?? humanizeCode(reason);
}

/** Money a dispute event moved in the store currency: the amount, the fee, and their net. */
function movementLines(event: TimelineEvent, context: TimelineContext, out: boolean) {
	const side = storeSide(event);
	const fee = event.fee ?? event.transaction_details?.store_fee ?? 0;
	const amountLabel = out ? "Disputed amount" : "Amount returned";
	const feeLabel = out ? "Dispute fee" : "Dispute fee returned";
	return [
		`${amountLabel}: ${money(side.amount, side.currency, context)}`,
		`${feeLabel}: ${money(-fee, side.currency, context)}`,
		`Net: ${money(side.amount - fee, side.currency, context)}`,
		payoutLine(event, context, out),
	];
}

function movedMoney(event: TimelineEvent): boolean {
	return storeSide(event).amount !== 0;
}

export function disputeNeedsResponse(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	if (!movedMoney(event)) {
		return entry(event, "warning", `The customer's bank opened an inquiry: ${reasonOf(event, context)}.`, [
			"Respond before the due date, or issue a refund.",
		]);
	}
	return entry(
		event,
		"error",
		`The payment was disputed as ${reasonOf(event, context)}.`,
		movementLines(event, context, true),
	);
}

export function disputeInReview(event: TimelineEvent): TimelineEntry {
	return entry(event, "info", "Evidence was submitted. The bank is reviewing the dispute.");
}

export function disputeWon(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	const body = movedMoney(event) ? movementLines(event, context, false) : [];
	return entry(event, "success", "The dispute was won: the bank decided in your favor.", body);
}

export function disputeLost(event: TimelineEvent): TimelineEntry {
	return entry(event, "error", "The dispute was lost: the bank decided in favor of your customer.", [
		"The disputed amount and the dispute fee are not returned.",
	]);
}

export function disputeWarningClosed(event: TimelineEvent): TimelineEntry {
	return entry(event, "info", "The inquiry was closed without becoming a dispute.");
}

export function disputeChargeRefunded(event: TimelineEvent): TimelineEntry {
	return entry(event, "info", "The dispute was closed because the payment was refunded.");
}
