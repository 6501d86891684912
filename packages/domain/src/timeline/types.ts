/**
 * The payment timeline (spec 2 §4 "Payment timeline events"): what one event carries, and the
 * readable entry the admin renders from it. Amounts are minor units; `amount` and `currency`
 * are the customer's (what they paid in), while the store's side and the fee are in
 * `transaction_details` and `fee` (store currency).
 */
import type { FeeRates } from "../fees.ts";
import type { Translator } from "../translator.ts";

export const TIMELINE_EVENT_TYPES = [
	"started",
	"authorized",
	"authorization_voided",
	"authorization_expired",
	"captured",
	"partial_refund",
	"full_refund",
	"refund_failed",
	"failed",
	"dispute_needs_response",
	"dispute_in_review",
	"dispute_won",
	"dispute_lost",
	"dispute_warning_closed",
	"dispute_charge_refunded",
	"financing_paydown",
	"fraud_outcome_manual_approve",
	"fraud_outcome_manual_block",
	"fraud_outcome_review",
	"fraud_outcome_block",
] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

/** Customer- and store-side amounts of an event that moved money across currencies. */
export interface TransactionDetails {
	customer_currency?: string | null;
	customer_amount?: number | null;
	customer_amount_captured?: number | null;
	customer_fee?: number | null;
	store_currency?: string | null;
	store_amount?: number | null;
	store_amount_captured?: number | null;
	store_fee?: number | null;
}

export interface TimelineEvent {
	type: string;
	/** Epoch seconds. */
	datetime: number;
	amount?: number | null;
	fee?: number | null;
	currency?: string | null;
	reason?: string | null;
	amount_captured?: number | null;
	amount_refunded?: number | null;
	/** The payout the event's money went out in (or came back through). */
	deposit?: { id: string; arrival_date: number } | null;
	fee_rates?: FeeRates | null;
	transaction_details?: TransactionDetails | null;
	acquirer_reference_number?: string | null;
	/** available | pending | unavailable */
	acquirer_reference_number_status?: string | null;
	failure_reason?: string | null;
	loan_id?: string | null;
	/** The merchant who made a manual fraud decision. */
	user?: { id: number; username: string } | null;
	/** The fraud rules that matched (rule key to block or review). */
	ruleset_results?: Record<string, string> | null;
}

/** A piece of text, or a link. */
export type TimelinePart = string | { text: string; href: string };
/** One line: parts rendered in a row. */
export type TimelineLine = readonly TimelinePart[];

export type TimelineTone = "success" | "info" | "warning" | "error";

export interface TimelineEntry {
	type: string;
	datetime: number;
	tone: TimelineTone;
	headline: TimelineLine;
	body: TimelineLine[];
}

/**
 * How the store shows things: its language (amounts, and month names in dates), date format and
 * time zone, and "now" (epoch seconds). The sentences' language is the Translator's.
 */
export interface TimelineContext {
	locale?: string;
	dateFormat: string;
	timeZone: string;
	now: number;
	/** Dispute reason names to use instead of the disputes module's (spec 3 §3.4). */
	disputeReasonLabel?: (reason: string) => string;
}

export type TimelineBuilder = (
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator,
) => TimelineEntry;

/** The plain text of a line, links included as their text: what the timeline tests compare. */
export function lineText(line: TimelineLine): string {
	return line.map((part) => (typeof part === "string" ? part : part.text)).join("");
}

/**
 * A translated sentence with a link where its placeholder (%s or %1$s) stands: "Repays loan %s"
 * gives ["Repays loan ", link]; the text either side is left out when empty.
 */
export function linkedLine(sentence: string, link: { text: string; href: string }): TimelineLine {
	const [before = "", ...after] = sentence.split(/%(?:1\$)?s/);
	return [before, link, after.join("")].filter((part) => part !== "");
}

export function entry(
	event: TimelineEvent,
	tone: TimelineTone,
	headline: TimelineLine | string,
	body: (TimelineLine | string | null)[] = [],
): TimelineEntry {
	return {
		type: event.type,
		datetime: event.datetime,
		tone,
		headline: typeof headline === "string" ? [headline] : headline,
		body: body.filter((line) => line !== null).map((line) => (typeof line === "string" ? [line] : line)),
	};
}
