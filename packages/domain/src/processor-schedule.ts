/**
 * The timed rules of the sandbox processor, pure so both the scheduler and the admin
 * can read them:
 * - scheduled payouts follow the account's payout schedule (spec 2 §3 "Payout schedule"):
 *   daily, weekly on an anchor weekday, monthly on an anchor day (31 = the month's last day),
 *   or manual; each payout day starts at 00:00 UTC;
 * - a standard payout is in transit an hour after it is made and paid two days after;
 * - a dispute's evidence decides it, with Stripe's test values: evidence text containing
 *   "winning_evidence" wins, anything else (and "losing_evidence") loses; an inquiry closes.
 */

export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 86_400;

/**
 * A standard payout leaves pending for in transit after this long.
 * @alias of HOUR_SECONDS, named for its rule
 */
export const PAYOUT_IN_TRANSIT_AFTER = HOUR_SECONDS;
/** …and reaches the bank this long after it was made. */
export const PAYOUT_ARRIVAL_AFTER = 2 * DAY_SECONDS;

/** Funds of a balance transaction become available this long after it is created. */
export const FUNDS_AVAILABLE_AFTER = 2 * DAY_SECONDS;

/** Stripe's bank account number whose payouts fail, and the last 4 digits it is known by. */
export const FAILING_BANK_ACCOUNT_NUMBER = "000111111116";
export const FAILING_BANK_ACCOUNT_LAST4 = "1116";
/** Why a payout to the failing test account failed (spec 2 §4 failure codes). */
export const FAILING_BANK_ACCOUNT_CODE = "account_closed";

export const WEEKDAYS = [
	"sunday",
	"monday",
	"tuesday",
	"wednesday",
	"thursday",
	"friday",
	"saturday",
] as const;

export interface PayoutSchedule {
	interval: string;
	weekly_anchor?: string | null;
	monthly_anchor?: number | null;
}

const dayStart = (seconds: number) => Math.floor(seconds / DAY_SECONDS) * DAY_SECONDS;

function isPayoutDay(schedule: PayoutSchedule, day: number): boolean {
	const date = new Date(day * 1000);
	switch (schedule.interval) {
		case "daily":
			return true;
		case "weekly": {
			const anchor = WEEKDAYS.indexOf((schedule.weekly_anchor ?? "monday") as (typeof WEEKDAYS)[number]);
			return date.getUTCDay() === (anchor < 0 ? 1 : anchor);
		}
		case "monthly": {
			const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
			const anchor = Math.min(Math.max(schedule.monthly_anchor ?? 1, 1), 31);
			return date.getUTCDate() === Math.min(anchor, lastDay);
		}
		default:
			return false;
	}
}

/** The first payout time strictly after `after` (epoch seconds), or null for a manual schedule. */
export function nextScheduledPayout(schedule: PayoutSchedule, after: number): number | null {
	if (!["daily", "weekly", "monthly"].includes(schedule.interval)) return null;
	for (let day = dayStart(after) + DAY_SECONDS, tries = 0; tries < 62; day += DAY_SECONDS, tries++) {
		if (isPayoutDay(schedule, day)) return day;
	}
	return null;
}

export const WINNING_EVIDENCE = "winning_evidence";
export const LOSING_EVIDENCE = "losing_evidence";

/** How a submitted dispute ends, from its evidence text (Stripe's test values). */
export function disputeOutcomeOf(
	evidence: Readonly<Record<string, string>>,
	inquiry: boolean,
): "won" | "lost" | "warning_closed" {
	if (inquiry) return "warning_closed";
	const text = Object.values(evidence).join("\n");
	return text.includes(WINNING_EVIDENCE) && !text.includes(LOSING_EVIDENCE) ? "won" : "lost";
}
