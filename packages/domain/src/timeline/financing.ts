/** The loan repayment withheld from a payment (spec 2 "Loans"). */
import { englishTranslator, sprintf, type Translator } from "../translator.ts";
import { customerMoney } from "./money-lines.ts";
import { entry, linkedLine, type TimelineContext, type TimelineEntry, type TimelineEvent } from "./types.ts";

export const LOANS_URL = "/wp-admin/admin.php?page=wc-admin&path=/payments/loans";

export function financingPaydown(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the loan's id, a link to the loans page */
	const repays = t.__("Repays loan %s", "paydesk");
	const body = event.loan_id ? [linkedLine(repays, { text: event.loan_id, href: LOANS_URL })] : [];
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("A loan repayment of %s was withheld from this payment.", "paydesk");
	return entry(event, "info", sprintf(headline, customerMoney(event, context)), body);
}
