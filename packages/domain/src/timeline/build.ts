/**
 * From stored events to readable entries: one builder per event type (a table, not a switch),
 * and the order entries show in.
 */

import { englishTranslator, type Translator } from "../translator.ts";
import * as lifecycle from "./authorization.ts";
import * as disputes from "./disputes.ts";
import { failed } from "./failure.ts";
import { financingPaydown } from "./financing.ts";
import * as fraud from "./fraud.ts";
import * as refunds from "./refunds.ts";
import type {
	TimelineBuilder,
	TimelineContext,
	TimelineEntry,
	TimelineEvent,
	TimelineEventType,
} from "./types.ts";

export const TIMELINE_BUILDERS: Readonly<Record<TimelineEventType, TimelineBuilder>> = {
	started: lifecycle.started,
	authorized: lifecycle.authorized,
	authorization_voided: lifecycle.authorizationVoided,
	authorization_expired: lifecycle.authorizationExpired,
	captured: lifecycle.captured,
	partial_refund: refunds.partialRefund,
	full_refund: refunds.fullRefund,
	refund_failed: refunds.refundFailed,
	failed,
	dispute_needs_response: disputes.disputeNeedsResponse,
	dispute_in_review: disputes.disputeInReview,
	dispute_won: disputes.disputeWon,
	dispute_lost: disputes.disputeLost,
	dispute_warning_closed: disputes.disputeWarningClosed,
	dispute_charge_refunded: disputes.disputeChargeRefunded,
	financing_paydown: financingPaydown,
	fraud_outcome_manual_approve: fraud.fraudOutcomeManualApprove,
	fraud_outcome_manual_block: fraud.fraudOutcomeManualBlock,
	fraud_outcome_review: fraud.fraudOutcomeReview,
	fraud_outcome_block: fraud.fraudOutcomeBlock,
};

/**
 * The entry of one event, its sentences in the translator's language (English by default), or
 * null for a type this version does not know (it is left out).
 */
export function timelineEntry(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry | null {
	const builder = TIMELINE_BUILDERS[event.type as TimelineEventType];
	return builder ? builder(event, context, t) : null;
}

/**
 * Where an event stands in a payment's life, to order events of the same second: a capture at
 * the moment of authorization comes after it, a manual approval before the capture it causes.
 */
const LIFE_ORDER: Readonly<Record<TimelineEventType, number>> = {
	started: 0,
	fraud_outcome_review: 1,
	fraud_outcome_block: 1,
	authorized: 2,
	fraud_outcome_manual_approve: 3,
	fraud_outcome_manual_block: 3,
	authorization_voided: 4,
	authorization_expired: 4,
	captured: 5,
	failed: 6,
	financing_paydown: 6,
	partial_refund: 7,
	full_refund: 7,
	refund_failed: 8,
	dispute_needs_response: 9,
	dispute_in_review: 10,
	dispute_won: 11,
	dispute_lost: 11,
	dispute_warning_closed: 11,
	dispute_charge_refunded: 11,
};

export function timelineEventRank(type: string): number {
	return LIFE_ORDER[type as TimelineEventType] ?? 12;
}

/** Oldest first: by time, then by the event's place in the payment's life. */
export function compareTimelineEvents(
	a: Pick<TimelineEvent, "type" | "datetime">,
	b: Pick<TimelineEvent, "type" | "datetime">,
): number {
	return a.datetime - b.datetime || timelineEventRank(a.type) - timelineEventRank(b.type);
}

/**
 * Every entry, newest first, as the timeline card lists them, written by the translator; unknown
 * event types are left out.
 */
export function timelineEntries(
	events: readonly TimelineEvent[],
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry[] {
	const sorted = [...events].sort((a, b) => compareTimelineEvents(b, a));
	const entries: TimelineEntry[] = [];
	for (const event of sorted) {
		const built = timelineEntry(event, context, t);
		if (built) entries.push(built);
	}
	return entries;
}
