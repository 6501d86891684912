/** The failed payment event and the card failure reasons it explains (spec 3 §8). */
import { customerMoney } from "./money-lines.ts";
import { entry, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

/** Why a card payment failed, by failure code; the spec gives the first, the others are ours. */
export const CARD_FAILURE_REASONS: Readonly<Record<string, string>> = {
	card_declined: "The card was declined by the bank",
	expired_card: "The card has expired",
	incorrect_cvc: "The card's security code is incorrect",
	incorrect_number: "The card number is incorrect",
	incorrect_zip: "The postal code does not match the card's billing address",
	invalid_cvc: "The card's security code is not valid",
	invalid_expiry_month: "The card's expiration month is not valid",
	invalid_expiry_year: "The card's expiration year is not valid",
	invalid_number: "The card number is not a valid card number",
	processing_error: "An error occurred while the card was being processed",
	authentication_required: "The bank required the customer to authenticate the payment, which did not happen",
	insufficient_funds: "The card does not have enough funds for the payment",
};

export const DEFAULT_FAILURE_REASON = "The payment was declined";

export function cardFailureReason(code: string | null | undefined): string {
	return (code ? CARD_FAILURE_REASONS[code] : undefined) ?? DEFAULT_FAILURE_REASON;
}

export function failed(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(event, "error", `A payment of ${customerMoney(event, context)} failed.`, [
		`${cardFailureReason(event.failure_reason)}.`,
	]);
}
