/** Timeline events of refunds: partial, full, and a refund the card network sent back. */
import { refundReasonLabel } from "../refunds.ts";
import { englishTranslator } from "../translator.ts";
import { conversionLine, customerMoney, money, payoutLine, storeSide } from "./money-lines.ts";
import { entry, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

/** Why a refund failed, completing '%s refund was attempted but failed due to …' */
export const REFUND_FAILURE_REASONS: Readonly<Record<string, string>> = {
	expired_or_canceled_card: "the card being expired or canceled.",
	lost_or_stolen_card: "the card being lost or stolen.",
	unknown: "the card being lost or stolen.",
};

export function refundFailureReasonText(reason: string | null | undefined): string {
	return REFUND_FAILURE_REASONS[reason ?? "unknown"] ?? "the card being lost or stolen.";
}

function arnLine(event: TimelineEvent): string | null {
	const status = event.acquirer_reference_number_status;
	if (event.acquirer_reference_number)
		return `Acquirer reference number (ARN): ${event.acquirer_reference_number}`;
	if (status === "pending") return "Acquirer reference number (ARN): pending";
	if (status === "unavailable") return "Acquirer reference number (ARN): not available";
	return null;
}

function refundBody(event: TimelineEvent, context: TimelineContext) {
	const side = storeSide(event);
	// The timeline is worded in English (its sentences are not translatable yet), its reason too.
	const reason = refundReasonLabel(event.reason, englishTranslator);
	return [
		reason ? `Reason: ${reason}` : null,
		conversionLine(event, context),
		`Refunded: ${money(-Math.abs(side.amount), side.currency, context)}`,
		arnLine(event),
		payoutLine(event, context, true),
	];
}

export function partialRefund(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(
		event,
		"info",
		`A partial refund of ${customerMoney(event, context)} was issued.`,
		refundBody(event, context),
	);
}

export function fullRefund(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	const headline = `A refund of ${customerMoney(event, context)} was issued. The payment is fully refunded.`;
	return entry(event, "info", headline, refundBody(event, context));
}

/** '%s refund was attempted but failed due to' + the reason; the money is back in the balance. */
export function refundFailed(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	const headline = `${customerMoney(event, context)} refund was attempted but failed due to ${refundFailureReasonText(event.failure_reason)}`;
	return entry(event, "error", headline, ["The refunded amount was returned to your balance."]);
}
