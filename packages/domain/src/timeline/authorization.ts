/** Timeline events of a payment's life before refunds and disputes: start, authorization, capture. */
import { CAPTURE_WINDOW_DAYS } from "../capture.ts";
import { englishTranslator, sprintf, type Translator } from "../translator.ts";
import { conversionLine, customerMoney, feeLines, netLine, payoutLine, storeSide } from "./money-lines.ts";
import { entry, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

export function started(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("A payment of %s was started.", "paydesk");
	return entry(event, "info", sprintf(headline, customerMoney(event, context)));
}

export function authorized(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("A payment of %s was authorized.", "paydesk");
	return entry(event, "info", sprintf(headline, customerMoney(event, context)));
}

export function authorizationVoided(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("The authorization of %s was canceled.", "paydesk");
	return entry(event, "info", sprintf(headline, customerMoney(event, context)), [
		t.__("The customer was not charged.", "paydesk"),
	]);
}

export function authorizationExpired(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("The authorization of %s expired.", "paydesk");
	/* translators: %d: the days a payment can be captured in after its authorization */
	const why = t._n(
		"It was not captured within %d day, so the customer was not charged.",
		"It was not captured within %d days, so the customer was not charged.",
		CAPTURE_WINDOW_DAYS,
		"paydesk",
	);
	return entry(event, "warning", sprintf(headline, customerMoney(event, context)), [
		sprintf(why, CAPTURE_WINDOW_DAYS),
	]);
}

/** The captured amount, its conversion, the fee with its rates, the net and the payout. */
export function captured(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	const amount = customerMoney(event, context, event.amount_captured ?? event.amount);
	const side = storeSide(event, true);
	const fee = event.fee ?? event.transaction_details?.store_fee ?? 0;
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("A payment of %s was captured.", "paydesk");
	return entry(event, "success", sprintf(headline, amount), [
		conversionLine(event, context, true),
		...feeLines(event, context, side.currency, t),
		netLine(side.amount - fee, side.currency, context, t),
		payoutLine(event, context, false, t),
	]);
}
