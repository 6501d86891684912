/** Timeline events of refunds: partial, full, and a refund the card network sent back. */
import { refundReasonLabel } from "../refunds.ts";
import { englishTranslator, sprintf, type Translator } from "../translator.ts";
import { conversionLine, customerMoney, money, payoutLine, storeSide } from "./money-lines.ts";
import { entry, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

function arnLine(event: TimelineEvent, t: Translator): string | null {
	const status = event.acquirer_reference_number_status;
	if (event.acquirer_reference_number) {
		/* translators: %s: the acquirer reference number, as "74567890123456789012345" */
		return sprintf(t.__("Acquirer reference number (ARN): %s", "paydesk"), event.acquirer_reference_number);
	}
	if (status === "pending") return t.__("Acquirer reference number (ARN): pending", "paydesk");
	if (status === "unavailable") return t.__("Acquirer reference number (ARN): not available", "paydesk");
	return null;
}

function refundBody(event: TimelineEvent, context: TimelineContext, t: Translator) {
	const side = storeSide(event);
	const reason = refundReasonLabel(event.reason, t);
	return [
		/* translators: %s: why the payment was refunded, as "Requested by customer" */
		reason ? sprintf(t.__("Reason: %s", "paydesk"), reason) : null,
		conversionLine(event, context),
		/* translators: %s: the amount taken from the balance, as "-$15.00" */
		sprintf(t.__("Refunded: %s", "paydesk"), money(-Math.abs(side.amount), side.currency, context)),
		arnLine(event, t),
		payoutLine(event, context, true, t),
	];
}

export function partialRefund(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("A partial refund of %s was issued.", "paydesk");
	return entry(
		event,
		"info",
		sprintf(headline, customerMoney(event, context)),
		refundBody(event, context, t),
	);
}

export function fullRefund(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("A refund of %s was issued. The payment is fully refunded.", "paydesk");
	return entry(
		event,
		"info",
		sprintf(headline, customerMoney(event, context)),
		refundBody(event, context, t),
	);
}

/** The spec's '%s refund was attempted but failed due to' + the reason; the money is back in the balance. */
export function refundFailed(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	const headline =
		event.failure_reason === "expired_or_canceled_card"
			? /* translators: %s: the amount, as "$19.99" */
				t.__("%s refund was attempted but failed due to the card being expired or canceled.", "paydesk")
			: /* translators: %s: the amount, as "$19.99" */
				t.__("%s refund was attempted but failed due to the card being lost or stolen.", "paydesk");
	return entry(event, "error", sprintf(headline, customerMoney(event, context)), [
		t.__("The refunded amount was returned to your balance.", "paydesk"),
	]);
}
