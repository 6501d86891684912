/** The failed payment event and the card failure reasons it explains (spec 3 §8). */
import { englishTranslator, sprintf, type Translator } from "../translator.ts";
import { customerMoney } from "./money-lines.ts";
import { entry, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

/** Why a card payment failed, by failure code; the spec gives the first, the others are ours. */
export function cardFailureReasons(t: Translator): Readonly<Record<string, string>> {
	return {
		card_declined: t.__("The card was declined by the bank", "paydesk"),
		expired_card: t.__("The card has expired", "paydesk"),
		incorrect_cvc: t.__("The card's security code is incorrect", "paydesk"),
		incorrect_number: t.__("The card number is incorrect", "paydesk"),
		incorrect_zip: t.__("The postal code does not match the card's billing address", "paydesk"),
		invalid_cvc: t.__("The card's security code is not valid", "paydesk"),
		invalid_expiry_month: t.__("The card's expiration month is not valid", "paydesk"),
		invalid_expiry_year: t.__("The card's expiration year is not valid", "paydesk"),
		invalid_number: t.__("The card number is not a valid card number", "paydesk"),
		processing_error: t.__("An error occurred while the card was being processed", "paydesk"),
		authentication_required: t.__(
			"The bank required the customer to authenticate the payment, which did not happen",
			"paydesk",
		),
		insufficient_funds: t.__("The card does not have enough funds for the payment", "paydesk"),
	};
}

/** The failure codes the timeline explains, with their English texts (the server reads the codes). */
export const CARD_FAILURE_REASONS = cardFailureReasons(englishTranslator);

/** The reason of a failure code, "The payment was declined" for a code without one. */
export function cardFailureReason(
	code: string | null | undefined,
	t: Translator = englishTranslator,
): string {
	return (code ? cardFailureReasons(t)[code] : undefined) ?? t.__("The payment was declined", "paydesk");
}

export function failed(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("A payment of %s failed.", "paydesk");
	// The reason (also a label of its own) ends as a sentence here.
	return entry(event, "error", sprintf(headline, customerMoney(event, context)), [
		`${cardFailureReason(event.failure_reason, t)}.`,
	]);
}
