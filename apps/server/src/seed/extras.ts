/** Monthly tax invoices for the processing fees, and the inbox notes of the overview page. */
import type { BalanceTransactionsTable, InboxNotesTable } from "../db/schema.ts";
import { DAY, HOUR, monthStartOf } from "./calendar.ts";
import type { Random } from "./random.ts";
import type { SeedRun } from "./run.ts";

/** USD per unit of the settlement currencies, to total a month's fees on one invoice. */
const TO_USD: Record<string, number> = { usd: 1, eur: 1.08, gbp: 1.27 };

/** Sums each month's fees and issues a vat_invoice document on the first day of the next. */
export class FeeInvoices {
	private fees = 0;
	private issued = 0;

	readonly collect = (row: BalanceTransactionsTable): void => {
		this.fees += row.fee * (TO_USD[row.currency] ?? 1);
	};

	issue(run: SeedRun, monthStart: number): void {
		const at = monthStart + 2 * HOUR;
		if (at > run.now || this.fees <= 0) return;
		const previous = monthStartOf(monthStart - DAY);
		const amount = Math.round(this.fees);
		this.fees = 0;
		this.issued++;
		const push = (from: number | null, to: number | null, date: number): void => {
			run.sink.push("documents", {
				account_id: run.accountId,
				id: run.random.id("doc", date),
				type: "vat_invoice",
				date,
				period_from: from,
				period_to: to,
				amount,
				currency: "usd",
			});
		};
		push(previous, monthStart - 1, at);
		// One early invoice was issued without its period (spec 1: "Tax invoice without proper period dates").
		if (this.issued === 3) push(null, null, at + HOUR);
	}
}

const NOTES: readonly (readonly [
	name: string,
	title: string,
	content: string,
	type: string,
	label: string,
	url: string,
])[] = [
	[
		"wc-payments-notes-set-up-refund-policy",
		"Set up refund policy",
		"Protect your store by setting a clear refund policy: customers who know what to expect dispute fewer payments.",
		"info",
		"Read more",
		"https://woocommerce.com/document/woopayments/fraud-and-disputes/",
	],
	[
		"wc-payments-notes-instant-deposits-eligible",
		"You’re now eligible to receive Instant Payouts",
		"Get your money in minutes, for a 1.5% fee per payout, any day of the week.",
		"marketing",
		"Request an instant payout",
		"admin.php?page=wc-admin&path=/payments/payouts",
	],
	[
		"wc-payments-notes-set-https-for-checkout",
		"Enable secure checkout",
		"Enable HTTPS on your checkout pages to display all available payment methods and protect your customers' data.",
		"actionable",
		"Read more",
		"https://woocommerce.com/document/ssl-and-https/",
	],
	[
		"wc-payments-notes-additional-payment-methods",
		"Boost your sales by accepting additional payment methods",
		"Get access to more payment methods your customers love, like iDEAL, Bancontact and Klarna.",
		"marketing",
		"Get started",
		"admin.php?page=wc-admin&path=/payments/additional-payment-methods",
	],
	[
		"wc-payments-notes-multi-currency-available",
		"Sell worldwide in multiple currencies",
		"Boost your international sales by letting customers shop and pay in their local currency.",
		"marketing",
		"Set up now",
		"admin.php?page=wc-admin&path=/payments/multi-currency-setup",
	],
	[
		"wc-payments-notes-set-up-stripelink",
		"Increase conversion at checkout",
		"Reduce cart abandonment with Link: customers check out with their saved payment details in one click.",
		"marketing",
		"Set up now",
		"admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments",
	],
	[
		"wc-payments-notes-loan-approved",
		"Your capital loan has been approved!",
		"The loan amount has been paid out to your account; repayments are withheld from your sales.",
		"info",
		"View loan details",
		"admin.php?page=wc-admin&path=/payments/loans",
	],
];

export function inboxNoteRows(random: Random, accountId: string, now: number): InboxNotesTable[] {
	return NOTES.map(([name, title, content, type, label, url], index) => ({
		account_id: accountId,
		id: index + 1,
		name,
		title,
		content,
		type,
		status: "unactioned",
		actions: JSON.stringify([{ id: index + 1, name: `${name}-action`, label, url, primary: true }]),
		date_created: now - (NOTES.length - index) * random.int(4 * DAY, 9 * DAY),
		layout: "plain",
		image: "",
		is_deleted: 0,
		is_read: index < 2 ? 1 : 0,
		source: "woocommerce-payments",
	}));
}
