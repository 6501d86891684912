/**
 * How urgent a dispute's due date is (spec 3 §4.1), and the windows of the overview's dispute
 * task (spec 1 §4.4), so the list, the panel and the task read one rule:
 * - due in 24 hours or less: urgent, "Last day today";
 * - due in 2 days (48 hours) or less: urgent;
 * - due in 72 hours or less: due soon;
 * - later: nothing; past due: nothing either (the response window has closed).
 */

const HOUR = 3600;
const DAY = 24 * HOUR;

export const LAST_DAY_SECONDS = DAY;
export const URGENT_SECONDS = 2 * DAY;
export const DUE_SOON_SECONDS = 72 * HOUR;

/** Spec 1 §4.4: the dispute task lists disputes due within 7 days, and is urgent within 3. */
export const DISPUTE_TASK_WINDOW_SECONDS = 7 * DAY;
export const DISPUTE_TASK_URGENT_SECONDS = 3 * DAY;
/** Spec 1 §4.4: " – Last day" and "Final day to respond" apply within 1 day. */
export const DISPUTE_TASK_LAST_DAY_SECONDS = DAY;

export type DueUrgencyLevel = "urgent" | "due_soon";

export interface DueUrgency {
	level: DueUrgencyLevel;
	/** Due within 24 hours: "Last day today". */
	lastDay: boolean;
	/** Whole days left, rounded up (1 on the last day). */
	daysLeft: number;
}

/** The urgency of a due date (epoch seconds) at `now`; null when not urgent or already past. */
export function disputeDueUrgency(dueBy: number, now: number): DueUrgency | null {
	const left = dueBy - now;
	if (left <= 0 || left > DUE_SOON_SECONDS) return null;
	const daysLeft = Math.max(1, Math.ceil(left / DAY));
	return {
		level: left <= URGENT_SECONDS ? "urgent" : "due_soon",
		lastDay: left <= LAST_DAY_SECONDS,
		daysLeft,
	};
}

/** Whether a dispute is due within a window (and not yet past due). */
export function isDueWithin(dueBy: number, now: number, seconds: number): boolean {
	const left = dueBy - now;
	return left > 0 && left <= seconds;
}
