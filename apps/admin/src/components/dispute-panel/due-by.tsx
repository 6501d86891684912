/**
 * A dispute's due date with its urgency (spec 3 §4.1): 'Last day today' within 24 hours,
 * urgent within 2 days, due soon within 72 hours, and nothing extra once past due.
 */
import { disputeDueUrgency } from "@paydesk/domain/disputes/due-urgency";
import { __, _n, sprintf } from "@wordpress/i18n";
import { formatStoreDate, formatStoreDateTime } from "../format.ts";

export function dueUrgencyLabel(dueBy: number, now: number): string | null {
	const urgency = disputeDueUrgency(dueBy, now);
	if (!urgency) return null;
	if (urgency.lastDay) return __("Last day today", "paydesk");
	return sprintf(_n("%d day left", "%d days left", urgency.daysLeft, "paydesk"), urgency.daysLeft);
}

export function DueBy({
	dueBy,
	now = Date.now() / 1000,
	withTime = true,
}: {
	dueBy: number;
	now?: number;
	/** Lists show the date only; the panel adds the time, which matters on the last day. */
	withTime?: boolean;
}) {
	const urgency = disputeDueUrgency(dueBy, now);
	const label = dueUrgencyLabel(dueBy, now);
	const className = urgency ? (urgency.level === "urgent" ? " is-urgent" : " is-due-soon") : "";
	return (
		<span className={`paydesk-due-by${className}`}>
			{withTime ? formatStoreDateTime(dueBy) : formatStoreDate(dueBy)}
			{label && <span className="paydesk-due-by__urgency">{label}</span>}
		</span>
	);
}
