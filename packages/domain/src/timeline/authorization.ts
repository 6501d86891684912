/** Timeline events of a payment's life before refunds and disputes: start, authorization, capture. */
import { CAPTURE_WINDOW_DAYS } from "../capture.ts";
import { conversionLine, customerMoney, feeLines, money, payoutLine, storeSide } from "./money-lines.ts";
import { entry, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

export function started(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(event, "info", `A payment of ${customerMoney(event, context)} was started.`);
}

export function authorized(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(event, "info", `A payment of ${customerMoney(event, context)} was authorized.`);
}

export function authorizationVoided(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(event, "info", `The authorization of ${customerMoney(event, context)} was canceled.`, [
		"The customer was not charged.",
	]);
}

export function authorizationExpired(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(event, "warning", `The authorization of ${customerMoney(event, context)} expired.`, [
		`It was not captured within ${CAPTURE_WINDOW_DAYS} days, so the customer was not charged.`,
	]);
}

/** The captured amount, its conversion, the fee with its rates, the net and the payout. */
export function captured(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	const amount = customerMoney(event, context, event.amount_captured ?? event.amount);
	const side = storeSide(event, true);
	const fee = event.fee ?? event.transaction_details?.store_fee ?? 0;
	return entry(event, "success", `A payment of ${amount} was captured.`, [
		conversionLine(event, context, true),
		...feeLines(event, context, side.currency),
		`Net: ${money(side.amount - fee, side.currency, context)}`,
		payoutLine(event, context, false),
	]);
}
