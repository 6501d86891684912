/**
 * The overview's "respond to disputes" task (spec 1 §4.4, §9): shown when any dispute awaiting a
 * response is due within 7 days; urgent within 3 days; " – Last day" and "Final day" within 1.
 * - One dispute: 'Respond to a dispute for {amount}' (+ ' – Last day'); content 'Respond today by
 *   {time}' within a day, else 'By {date} – {time left} left to respond'.
 * - Several: 'Respond to N active disputes' (with their total when they share one currency);
 *   content 'Final day to respond to N of the disputes' when some are due within a day, else
 *   'Last week to respond to N of the disputes'.
 */
import {
	DISPUTE_TASK_LAST_DAY_SECONDS,
	DISPUTE_TASK_URGENT_SECONDS,
	DISPUTE_TASK_WINDOW_SECONDS,
	isDueWithin,
} from "./disputes/due-urgency.ts";
import { AWAITING_RESPONSE_STATUSES } from "./disputes/statuses.ts";

/** Dispute fields the overview reads (spec 1 §3), due_by in epoch seconds. */
export interface TaskDispute {
	dispute_id: string;
	charge_id: string;
	amount: number;
	currency: string;
	due_by: number;
	status?: string;
}

/** How many disputes the overview fetches (spec 1 §9). */
export const OVERVIEW_DISPUTES_PAGE_SIZE = 50;

export interface DisputeTaskFormat {
	money: (amount: number, currency: string) => string;
	/** The store's date, e.g. "November 17, 2026". */
	date: (epochSeconds: number) => string;
	/** The store's time, e.g. "3:00 pm". */
	time: (epochSeconds: number) => string;
}

export interface DisputeTaskText {
	title: string;
	content: string;
	urgent: boolean;
	/** The one dispute's charge (its payment details), or null for several. */
	chargeId: string | null;
	count: number;
}

/** Disputes awaiting a response and due within the task's 7-day window, soonest first. */
export function disputesDueSoon(disputes: readonly TaskDispute[], now: number): TaskDispute[] {
	return disputes
		.filter(
			(dispute) =>
				(dispute.status === undefined ||
					(AWAITING_RESPONSE_STATUSES as readonly string[]).includes(dispute.status)) &&
				isDueWithin(dispute.due_by, now, DISPUTE_TASK_WINDOW_SECONDS),
		)
		.sort((a, b) => a.due_by - b.due_by);
}

/** "3 days", "1 day", "5 hours": the time left, rounded up to whole days after the first day. */
export function timeLeft(seconds: number): string {
	const DAY = 86_400;
	if (seconds < DAY) {
		const hours = Math.max(1, Math.ceil(seconds / 3600));
		return hours === 1 ? "1 hour" : `${hours} hours`;
	}
	const days = Math.ceil(seconds / DAY);
	return days === 1 ? "1 day" : `${days} days`;
}

export function disputeTaskText(
	disputes: readonly TaskDispute[],
	now: number,
	format: DisputeTaskFormat,
): DisputeTaskText | null {
	const due = disputesDueSoon(disputes, now);
	const first = due[0];
	if (!first) return null;
	const lastDay = due.filter((d) => isDueWithin(d.due_by, now, DISPUTE_TASK_LAST_DAY_SECONDS));
	const urgent = due.some((d) => isDueWithin(d.due_by, now, DISPUTE_TASK_URGENT_SECONDS));
	if (due.length === 1) {
		const title = `Respond to a dispute for ${format.money(first.amount, first.currency)}${lastDay.length > 0 ? " – Last day" : ""}`;
		const content =
			lastDay.length > 0
				? `Respond today by ${format.time(first.due_by)}`
				: `By ${format.date(first.due_by)} – ${timeLeft(first.due_by - now)} left to respond`;
		return { title, content, urgent, chargeId: first.charge_id, count: 1 };
	}
	const currencies = new Set(due.map((d) => d.currency.toLowerCase()));
	const total = due.reduce((sum, d) => sum + d.amount, 0);
	const title =
		currencies.size === 1
			? `Respond to ${due.length} active disputes for a total of ${format.money(total, first.currency)}`
			: `Respond to ${due.length} active disputes`;
	const content =
		lastDay.length > 0
			? `Final day to respond to ${lastDay.length} of the disputes`
			: `Last week to respond to ${due.length} of the disputes`;
	return { title, content, urgent, chargeId: null, count: due.length };
}
