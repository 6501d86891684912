/** The payments of the scenario plan: authorizations, fraud outcomes, failed refunds and bank payments. */
import { DAY, HOUR } from "./calendar.ts";
import { REFUND_FAILURES } from "./catalog-payments.ts";
import { MARKETS, type Market } from "./catalog-people.ts";
import { capture, capturedState, openCharge, writeCharge } from "./charges.ts";
import { disputedCharge } from "./disputes.ts";
import { emitRefund } from "./refunds.ts";
import type { ChargeState } from "./rows.ts";
import type { SeedRun } from "./run.ts";
import type { PlannedCharge } from "./scenario-plan.ts";
import { authorizedData, failureData, fraudData, voidData } from "./timeline.ts";

const FRAUD_RULES = [
	"avs_verification",
	"address_mismatch",
	"international_ip_address",
	"ip_address_mismatch",
	"order_items_threshold",
	"purchase_price_threshold",
];
const BANK_METHODS = ["ideal", "sepa_debit", "bancontact", "klarna"];

function marketByKey(key: string): Market {
	return MARKETS.find((m) => m.key === key) ?? (MARKETS[0] as Market);
}

function authorizedState(): ChargeState {
	return { ...capturedState(null), intentStatus: "requires_capture", captured: false };
}

export function scenarioCharge(run: SeedRun, planned: PlannedCharge): void {
	if (planned.kind === "dispute") {
		disputedCharge(run, planned.dispute);
		return;
	}
	const random = run.random;
	const at = planned.at;
	const kind = planned.kind;
	const fraud = kind.startsWith("fraud") || kind.startsWith("review");
	const bank = kind === "payment_failure" || kind === "payment_refund";
	const market = bank
		? marketByKey("eu")
		: random.chance(0.8)
			? marketByKey("us")
			: run.customers.market(random);
	const methodType = kind === "payment_failure" ? "sepa_debit" : bank ? random.pick(BANK_METHODS) : "card";
	const riskLevel = bank ? null : fraud ? (random.chance(0.55) ? 2 : 1) : random.chance(0.85) ? 0 : 1;
	const open = openCharge(run, at, { market, methodType, riskLevel });
	const { charge } = open;
	const rule = random.pick(FRAUD_RULES);
	const soon = (min: number, max: number): number => Math.min(run.now - 60, at + random.int(min, max));

	switch (kind) {
		// A lapsed authorization still waits for capture: expiry is recorded when it is next acted on.
		case "uncaptured":
		case "lapsed": {
			run.timeline(charge, "authorized", at, authorizedData(charge));
			writeCharge(run, open, authorizedState(), "on-hold");
			return;
		}
		case "expired":
		case "voided": {
			run.timeline(charge, "authorized", at, authorizedData(charge));
			const endedAt = kind === "expired" ? at + 7 * DAY : soon(HOUR, 20 * HOUR);
			run.timeline(
				charge,
				kind === "expired" ? "authorization_expired" : "authorization_voided",
				endedAt,
				voidData(charge),
			);
			const state = {
				...authorizedState(),
				intentStatus: "canceled",
				refunded: true,
				amountRefunded: charge.amount,
			};
			writeCharge(run, open, state, "cancelled");
			return;
		}
		case "fraud_block": {
			run.timeline(charge, "fraud_outcome_block", at, fraudData(charge, rule, "block", false));
			const state: ChargeState = {
				...capturedState(null),
				status: "failed",
				intentStatus: "canceled",
				paid: false,
				captured: false,
				outcomeType: "blocked",
				outcomeReason: "rule",
				failureCode: "card_declined",
				failureMessage: "Your card was declined.",
				fraudOutcome: "block",
				fraudMetaBoxType: "block",
			};
			writeCharge(run, open, state, "failed");
			return;
		}
		case "fraud_review": {
			run.timeline(charge, "fraud_outcome_review", at, fraudData(charge, rule, "review", false));
			const state = {
				...authorizedState(),
				outcomeType: "manual_review",
				outcomeReason: "rule",
				fraudOutcome: "review",
				fraudMetaBoxType: "review",
			};
			writeCharge(run, open, state, "on-hold");
			return;
		}
		case "review_allowed": {
			run.timeline(charge, "fraud_outcome_review", at, fraudData(charge, rule, "review", false));
			const approvedAt = soon(HOUR, 2 * DAY);
			const transactionId = random.id("txn", approvedAt);
			charge.capturedAt = approvedAt;
			run.later(approvedAt, () => {
				run.timeline(
					charge,
					"fraud_outcome_manual_approve",
					approvedAt,
					fraudData(charge, rule, "allow", true),
				);
				capture(run, charge, approvedAt, transactionId);
			});
			const state = {
				...capturedState(transactionId),
				fraudOutcome: "allow",
				fraudMetaBoxType: "review_allowed",
			};
			writeCharge(run, open, state, at < run.now - 3 * DAY ? "completed" : "processing");
			return;
		}
		case "review_blocked": {
			run.timeline(charge, "fraud_outcome_review", at, fraudData(charge, rule, "review", false));
			const blockedAt = soon(HOUR, DAY);
			run.later(blockedAt, () =>
				run.timeline(charge, "fraud_outcome_manual_block", blockedAt, fraudData(charge, rule, "block", true)),
			);
			const state: ChargeState = {
				...authorizedState(),
				intentStatus: "canceled",
				refunded: true,
				amountRefunded: charge.amount,
				outcomeType: "manual_review",
				outcomeReason: "rule",
				fraudOutcome: "block",
				fraudMetaBoxType: "review_blocked",
			};
			writeCharge(run, open, state, "cancelled");
			return;
		}
		case "refund_failed": {
			run.timeline(charge, "authorized", at, authorizedData(charge));
			const transactionId = capture(run, charge, at);
			const refundAt = soon(HOUR, 10 * DAY);
			const failure = {
				reason: random.pick(REFUND_FAILURES),
				at: soon(refundAt - at + 2 * DAY, refundAt - at + 5 * DAY),
			};
			run.later(refundAt, () =>
				emitRefund(run, charge, {
					at: refundAt,
					amount: charge.amount,
					refundedBefore: 0,
					reason: "requested_by_customer",
					failure,
				}),
			);
			writeCharge(run, open, capturedState(transactionId), "completed");
			return;
		}
		case "payment_failure": {
			const transactionId = capture(run, charge, at);
			const failedAt = soon(3 * DAY, 5 * DAY);
			const code = random.chance(0.5) ? "debit_not_authorized" : "insufficient_funds";
			run.later(failedAt, () => {
				run.transaction(charge, {
					id: random.id("txn", failedAt),
					type: "payment_failure_refund",
					sourceId: charge.chargeId,
					currency: charge.currency,
					amount: -charge.amount,
					fee: 0,
					created: failedAt,
					customerAmount: -charge.customerAmount,
				});
				run.timeline(charge, "failed", failedAt, failureData(charge, code));
			});
			const state: ChargeState = {
				...capturedState(transactionId),
				status: "failed",
				intentStatus: "requires_payment_method",
				paid: false,
				outcomeType: "issuer_declined",
				outcomeReason: "generic_decline",
				failureCode: code,
				failureMessage: "The customer's bank could not process the debit.",
			};
			writeCharge(run, open, state, "failed");
			return;
		}
		case "payment_refund": {
			const transactionId = capture(run, charge, at);
			const refundAt = soon(HOUR, 10 * DAY);
			run.later(refundAt, () =>
				emitRefund(run, charge, {
					at: refundAt,
					amount: charge.amount,
					refundedBefore: 0,
					reason: "requested_by_customer",
				}),
			);
			writeCharge(
				run,
				open,
				{ ...capturedState(transactionId), refunded: true, amountRefunded: charge.amount },
				"refunded",
			);
			return;
		}
	}
}
