/** The loan repayment withheld from a payment (spec 2 "Loans"). */
import { customerMoney } from "./money-lines.ts";
import { entry, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

export const LOANS_URL = "/wp-admin/admin.php?page=wc-admin&path=/payments/loans";

export function financingPaydown(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	const body = event.loan_id ? [["Repays loan ", { text: event.loan_id, href: LOANS_URL }]] : [];
	return entry(
		event,
		"info",
		`A loan repayment of ${customerMoney(event, context)} was withheld from this payment.`,
		body,
	);
}
