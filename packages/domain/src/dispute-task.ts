/**
 * The overview's "respond to disputes" task (spec 1 §4.4, §9): shown when any dispute awaiting a
 * response is due within 7 days; urgent within 3 days; " – Last day" and "Final day" within 1.
 * - One dispute: 'Respond to a dispute for {amount}' (+ ' – Last day'); content 'Respond today by
 *   {time}' within a day, else 'By {date} – {time left} left to respond'.
 * - Several: 'Respond to N active disputes' (with their total when they share one currency);
 *   content 'Final day to respond to N of the disputes' when some are due within a day, else
 *   'Last week to respond to N of the disputes'.
 * Each sentence is one translatable text, its counts through _n, in the merchant's language.
 */
import {
	DISPUTE_TASK_LAST_DAY_SECONDS,
	DISPUTE_TASK_URGENT_SECONDS,
	DISPUTE_TASK_WINDOW_SECONDS,
	isDueWithin,
} from "./disputes/due-urgency.ts";
import { AWAITING_RESPONSE_STATUSES } from "./disputes/statuses.ts";
import { sprintf, type Translator } from "./translator.ts";

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

/** The time left: whole hours (at least 1) within the first day, else days rounded up. */
export function timeLeft(seconds: number): { unit: "hours" | "days"; count: number } {
	const DAY = 86_400;
	if (seconds < DAY) return { unit: "hours", count: Math.max(1, Math.ceil(seconds / 3600)) };
	return { unit: "days", count: Math.ceil(seconds / DAY) };
}

/** 'By {date} – {time left} left to respond', the time left in hours or days. */
function byDateContent(date: string, seconds: number, t: Translator): string {
	const left = timeLeft(seconds);
	const format =
		left.unit === "hours"
			? /* translators: %1$s: the date a response is due by, %2$d: the hours left to respond */
				t._n(
					"By %1$s – %2$d hour left to respond",
					"By %1$s – %2$d hours left to respond",
					left.count,
					"paydesk",
				)
			: /* translators: %1$s: the date a response is due by, %2$d: the days left to respond */
				t._n(
					"By %1$s – %2$d day left to respond",
					"By %1$s – %2$d days left to respond",
					left.count,
					"paydesk",
				);
	return sprintf(format, date, left.count);
}

export function disputeTaskText(
	disputes: readonly TaskDispute[],
	now: number,
	format: DisputeTaskFormat,
	t: Translator,
): DisputeTaskText | null {
	const due = disputesDueSoon(disputes, now);
	const first = due[0];
	if (!first) return null;
	const lastDay = due.filter((d) => isDueWithin(d.due_by, now, DISPUTE_TASK_LAST_DAY_SECONDS));
	const urgent = due.some((d) => isDueWithin(d.due_by, now, DISPUTE_TASK_URGENT_SECONDS));
	if (due.length === 1) {
		const amount = format.money(first.amount, first.currency);
		const title =
			lastDay.length > 0
				? /* translators: %s: the disputed amount */
					sprintf(t.__("Respond to a dispute for %s – Last day", "paydesk"), amount)
				: /* translators: %s: the disputed amount */
					sprintf(t.__("Respond to a dispute for %s", "paydesk"), amount);
		const content =
			lastDay.length > 0
				? /* translators: %s: the time of day the response is due by */
					sprintf(t.__("Respond today by %s", "paydesk"), format.time(first.due_by))
				: byDateContent(format.date(first.due_by), first.due_by - now, t);
		return { title, content, urgent, chargeId: first.charge_id, count: 1 };
	}
	const currencies = new Set(due.map((d) => d.currency.toLowerCase()));
	const total = due.reduce((sum, d) => sum + d.amount, 0);
	const title =
		currencies.size === 1
			? sprintf(
					/* translators: %1$d: the number of disputes, %2$s: their total amount */
					t._n(
						"Respond to %1$d active dispute for a total of %2$s",
						"Respond to %1$d active disputes for a total of %2$s",
						due.length,
						"paydesk",
					),
					due.length,
					format.money(total, first.currency),
				)
			: sprintf(
					/* translators: %d: the number of disputes */
					t._n("Respond to %d active dispute", "Respond to %d active disputes", due.length, "paydesk"),
					due.length,
				);
	const content =
		lastDay.length > 0
			? sprintf(
					/* translators: %d: how many of the disputes are due today */
					t._n(
						"Final day to respond to %d of the disputes",
						"Final day to respond to %d of the disputes",
						lastDay.length,
						"paydesk",
					),
					lastDay.length,
				)
			: sprintf(
					/* translators: %d: how many disputes are due this week */
					t._n(
						"Last week to respond to %d of the disputes",
						"Last week to respond to %d of the disputes",
						due.length,
						"paydesk",
					),
					due.length,
				);
	return { title, content, urgent, chargeId: null, count: due.length };
}
