/**
 * Dispute events of a payment (spec 3 §4.1): opened (an inquiry moves no money), evidence under
 * review, won (amount and fee come back), lost, and the two ways an inquiry closes.
 */
import { disputeReasonLabel, isDisputeReason } from "../disputes/reasons.ts";
import { humanizeCode } from "../payment-methods.ts";
import { englishTranslator, sprintf, type Translator } from "../translator.ts";
import { money, netLine, payoutLine, storeSide } from "./money-lines.ts";
import { entry, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

/** The reason's name as the disputes list shows it; a code it does not know, humanized. */
function reasonOf(event: TimelineEvent, context: TimelineContext, t: Translator): string {
	const reason = event.reason ?? "general";
	if (context.disputeReasonLabel) return context.disputeReasonLabel(reason);
	return isDisputeReason(reason) ? disputeReasonLabel(reason, t) : humanizeCode(reason);
}

/** Money a dispute event moved in the store currency: the amount, the fee, and their net. */
function movementLines(event: TimelineEvent, context: TimelineContext, out: boolean, t: Translator) {
	const side = storeSide(event);
	const fee = event.fee ?? event.transaction_details?.store_fee ?? 0;
	const amount = money(side.amount, side.currency, context);
	const feeAmount = money(-fee, side.currency, context);
	return [
		out
			? /* translators: %s: the amount taken from the balance, as "-$50.00" */
				sprintf(t.__("Disputed amount: %s", "paydesk"), amount)
			: /* translators: %s: the amount given back to the balance, as "$50.00" */
				sprintf(t.__("Amount returned: %s", "paydesk"), amount),
		out
			? /* translators: %s: the fee, as "-$15.00" */
				sprintf(t.__("Dispute fee: %s", "paydesk"), feeAmount)
			: /* translators: %s: the fee given back, as "$15.00" */
				sprintf(t.__("Dispute fee returned: %s", "paydesk"), feeAmount),
		netLine(side.amount - fee, side.currency, context, t),
		payoutLine(event, context, out, t),
	];
}

function movedMoney(event: TimelineEvent): boolean {
	return storeSide(event).amount !== 0;
}

export function disputeNeedsResponse(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	const reason = reasonOf(event, context, t);
	if (!movedMoney(event)) {
		/* translators: %s: the dispute reason, as "Product not received" */
		const headline = t.__("The customer's bank opened an inquiry: %s.", "paydesk");
		return entry(event, "warning", sprintf(headline, reason), [
			t.__("Respond before the due date, or issue a refund.", "paydesk"),
		]);
	}
	/* translators: %s: the dispute reason, as "Product not received" */
	const headline = t.__("The payment was disputed as %s.", "paydesk");
	return entry(event, "error", sprintf(headline, reason), movementLines(event, context, true, t));
}

export function disputeInReview(
	event: TimelineEvent,
	_context?: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	return entry(event, "info", t.__("Evidence was submitted. The bank is reviewing the dispute.", "paydesk"));
}

export function disputeWon(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	const body = movedMoney(event) ? movementLines(event, context, false, t) : [];
	return entry(
		event,
		"success",
		t.__("The dispute was won: the bank decided in your favor.", "paydesk"),
		body,
	);
}

export function disputeLost(
	event: TimelineEvent,
	_context?: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	return entry(
		event,
		"error",
		t.__("The dispute was lost: the bank decided in favor of your customer.", "paydesk"),
		[t.__("The disputed amount and the dispute fee are not returned.", "paydesk")],
	);
}

export function disputeWarningClosed(
	event: TimelineEvent,
	_context?: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	return entry(event, "info", t.__("The inquiry was closed without becoming a dispute.", "paydesk"));
}

export function disputeChargeRefunded(
	event: TimelineEvent,
	_context?: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	return entry(event, "info", t.__("The dispute was closed because the payment was refunded.", "paydesk"));
}
