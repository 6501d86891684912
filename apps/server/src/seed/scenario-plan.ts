/**
 * Payments placed on purpose rather than drawn at random, so every state of the spec is on
 * screen: uncaptured authorizations across the 7-day capture window (some near its end, a
 * couple expired), fraud blocks and reviews, failed refunds, failed and refunded bank payments,
 * and the disputed charges of the dispute plan.
 */
import { DAY, HOUR } from "./calendar.ts";
import type { DisputePlan } from "./dispute-plan.ts";
import type { Random } from "./random.ts";

export type ScenarioKind =
	| "uncaptured"
	| "expired"
	| "lapsed"
	| "voided"
	| "fraud_block"
	| "fraud_review"
	| "review_allowed"
	| "review_blocked"
	| "refund_failed"
	| "payment_failure"
	| "payment_refund";

export type PlannedCharge =
	| { at: number; kind: ScenarioKind }
	| { at: number; kind: "dispute"; dispute: DisputePlan };

/** Scenario counts grow slowly with the store: a few dozen fraud outcomes at any size. */
export function planScenarios(
	random: Random,
	now: number,
	historyStart: number,
	charges: number,
	disputes: DisputePlan[],
): PlannedCharge[] {
	const planned: PlannedCharge[] = [];
	const earliest = historyStart + 60;
	const add = (kind: ScenarioKind, count: number, minAgo: number, maxAgo: number): void => {
		for (let i = 0; i < count; i++) {
			planned.push({
				kind,
				at: Math.max(earliest, now - random.int(Math.round(minAgo), Math.round(maxAgo))),
			});
		}
	};
	const scaled = (base: number, per: number, cap: number): number =>
		Math.min(cap, base + Math.floor(charges / per));

	// About 20 open authorizations inside the 7-day window, four of them in its last day.
	add("uncaptured", 4, 6 * DAY + HOUR, 7 * DAY - 30 * 60);
	add("uncaptured", 16, 10 * 60, 6 * DAY);
	// Same draws as two expired ones: the rest of the store stays what it was.
	add("expired", 1, 8 * DAY, 12 * DAY);
	add("lapsed", 1, 8 * DAY, 12 * DAY);
	add("voided", 1, 3 * DAY, 20 * DAY);
	add("fraud_block", scaled(30, 25000, 200), HOUR, 120 * DAY);
	add("fraud_review", scaled(24, 100000, 40), 10 * 60, 7 * DAY - HOUR);
	add("review_allowed", scaled(12, 50000, 60), 3 * DAY, 120 * DAY);
	add("review_blocked", scaled(8, 50000, 40), 2 * DAY, 120 * DAY);
	add("refund_failed", scaled(4, 50000, 40), 15 * DAY, 300 * DAY);
	add("payment_failure", scaled(3, 50000, 40), 10 * DAY, 300 * DAY);
	add("payment_refund", 3, 12 * DAY, 300 * DAY);
	for (const dispute of disputes) planned.push({ kind: "dispute", at: dispute.chargeAt, dispute });
	planned.sort((a, b) => a.at - b.at);
	return planned;
}
