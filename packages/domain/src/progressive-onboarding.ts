/**
 * The progressive-onboarding bank-details task (spec 1 §4.5, §9): a merchant who started
 * selling before full verification is asked to verify their bank details, more urgently as the
 * volume or the days since the first payment grow. A 30-day window and a $5,000 sales threshold.
 *
 * | situation                                         | message                | level |
 * | after a first payment (default)                   | after payment          | 3     |
 * | volume ≥ $1,000 or ≥ 7 days                       | balance rising         | 2     |
 * | volume ≥ $3,000 or ≥ 21 days                      | near threshold         | 1     |
 * | volume ≥ $5,000 or ≥ 30 days                      | threshold reached      | 1     |
 * | no payment, under 14 days since account creation  | after payment          | 3     |
 * | no payment, 14 days or more                       | no payment 14 days     | 2     |
 * | no payment, 30 days or more                       | no payment 30 days     | 1     |
 *
 * The deadline is the first transaction date (or the creation date with no payment) + 30 days.
 */
import { sprintf, type Translator } from "./translator.ts";

const DAY = 86_400;

export const PO_WINDOW_DAYS = 30;
/** Dollars of sales before payments pause without verified bank details. */
export const PO_SALES_THRESHOLD = 5000;
/** [dollars, days] that raise the task: balance rising, near threshold, threshold reached. */
export const PO_TASK_THRESHOLDS = {
	balanceRising: [1000, 7],
	nearThreshold: [3000, 21],
	thresholdReached: [5000, 30],
} as const;
export const PO_NO_PAYMENT_DAYS = { reminder: 14, paused: 30 } as const;

export type PoTaskMessage =
	| "after_payment"
	| "balance_rising"
	| "near_threshold"
	| "threshold_reached"
	| "no_payment_14_days"
	| "no_payment_30_days";

export interface PoTaskState {
	message: PoTaskMessage;
	level: 1 | 2 | 3;
	/** Epoch seconds: first transaction (or creation) + 30 days. */
	deadline: number;
	/** Payments are paused until the bank details are verified. */
	paymentsPaused: boolean;
}

export interface PoAccount {
	/** Total payment volume in cents. */
	tpv: number;
	/** Epoch seconds of the first payment, null when there is none yet. */
	firstTransactionDate: number | null;
	/** Epoch seconds the account was created. */
	created: number;
}

function wholeDaysSince(from: number, now: number): number {
	return Math.max(0, Math.floor((now - from) / DAY));
}

export function poTaskState(account: PoAccount, now: number): PoTaskState {
	const start = account.firstTransactionDate ?? account.created;
	const deadline = start + PO_WINDOW_DAYS * DAY;
	const days = wholeDaysSince(start, now);
	if (account.firstTransactionDate === null) {
		if (days >= PO_NO_PAYMENT_DAYS.paused)
			return { message: "no_payment_30_days", level: 1, deadline, paymentsPaused: true };
		if (days >= PO_NO_PAYMENT_DAYS.reminder)
			return { message: "no_payment_14_days", level: 2, deadline, paymentsPaused: false };
		return { message: "after_payment", level: 3, deadline, paymentsPaused: false };
	}
	const dollars = account.tpv / 100;
	const past = ([amount, window]: readonly [number, number]) => dollars >= amount || days >= window;
	if (past(PO_TASK_THRESHOLDS.thresholdReached))
		return { message: "threshold_reached", level: 1, deadline, paymentsPaused: true };
	if (past(PO_TASK_THRESHOLDS.nearThreshold))
		return { message: "near_threshold", level: 1, deadline, paymentsPaused: false };
	if (past(PO_TASK_THRESHOLDS.balanceRising))
		return { message: "balance_rising", level: 2, deadline, paymentsPaused: false };
	return { message: "after_payment", level: 3, deadline, paymentsPaused: false };
}

/** The task's wording per message, with %1$s for the deadline and %2$s for the sales threshold. */
function poTaskMessage(message: PoTaskMessage, t: Translator): string {
	switch (message) {
		case "after_payment":
			/* translators: %1$s: the date to verify by */
			return t.__("Verify your bank details by %1$s to start receiving payouts of your sales.", "paydesk");
		case "balance_rising":
			/* translators: %1$s: the date to verify by */
			return t.__(
				"Your balance is growing. Verify your bank details by %1$s to keep accepting payments and receive your payouts.",
				"paydesk",
			);
		case "near_threshold":
			/* translators: %1$s: the date to verify by, %2$s: the sales limit, e.g. $5,000.00 */
			return t.__(
				"You are close to the %2$s sales limit for unverified accounts. Verify your bank details by %1$s to avoid an interruption to your payments.",
				"paydesk",
			);
		case "threshold_reached":
			/* translators: %2$s: the sales limit, e.g. $5,000.00 (%1$s, the date, is not used) */
			return t.__(
				"Payments are paused: your account reached the %2$s sales limit or its 30 days without verified bank details. Verify them now to resume payments and receive your payouts.",
				"paydesk",
			);
		case "no_payment_14_days":
			/* translators: %1$s: the date to verify by */
			return t.__(
				"Verify your bank details by %1$s so your first sales can be paid out without delay.",
				"paydesk",
			);
		case "no_payment_30_days":
			return t.__(
				"Payments are paused because your bank details were not verified within 30 days. Verify them now to start accepting payments.",
				"paydesk",
			);
	}
}

export function poTaskTitle(t: Translator): string {
	return t.__("Verify your bank details", "paydesk");
}

/** The task's time label: '2 minutes' (spec 1 §4.5). */
export function poTaskTime(t: Translator): string {
	return sprintf(t._n("%d minute", "%d minutes", 2, "paydesk"), 2);
}

export function poTaskContent(
	message: PoTaskMessage,
	deadline: string,
	threshold: string,
	t: Translator,
): string {
	return sprintf(poTaskMessage(message, t), deadline, threshold);
}

/** ISO or epoch seconds to epoch seconds; null stays null. */
export function toSeconds(value: string | number | null | undefined): number | null {
	if (value === null || value === undefined || value === "") return null;
	if (typeof value === "number") return value;
	const parsed = Date.parse(value);
	return Number.isNaN(parsed) ? null : Math.floor(parsed / 1000);
}
