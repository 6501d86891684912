/**
 * Payment activity report types (spec 2 §9, spec 3 §9), shared by the server's SQL and the
 * admin's links to the transactions list:
 * - charges: charge, payment, adjustment;
 * - refunds: refund, refund_failure, payment_refund, payment_failure_refund;
 * - disputes: dispute, dispute_reversal;
 * - total volume combines all these plus card_reader_fee;
 * - total payment volume = charges − refunds − disputes.
 *
 * Where the spec is silent, signs are chosen so the formula reads as written: charges is the sum
 * of the charge amounts; refunds and disputes are what left the balance through them, as positive
 * amounts (a failed refund or a won dispute gives money back and lowers them); fees is the
 * processing and dispute fees of every report type plus the card reader fees the store paid.
 */

import { isTransactionType } from "./transactions.ts";
import type { Translator } from "./translator.ts";

export const CHARGE_TYPES = ["charge", "payment", "adjustment"] as const;
export const REFUND_TYPES = ["refund", "refund_failure", "payment_refund", "payment_failure_refund"] as const;
export const DISPUTE_TYPES = ["dispute", "dispute_reversal"] as const;
export const CARD_READER_FEE_TYPE = "card_reader_fee";

/** Every type the report reads: the total volume of spec 2 §9. */
export const REPORT_TYPES: readonly string[] = [
	...CHARGE_TYPES,
	...REFUND_TYPES,
	...DISPUTE_TYPES,
	CARD_READER_FEE_TYPE,
];

export const ACTIVITY_FIGURES = ["total_payment_volume", "charges", "refunds", "disputes", "fees"] as const;
export type ActivityFigure = (typeof ACTIVITY_FIGURES)[number];

export function activityFigureLabel(figure: ActivityFigure, t: Translator): string {
	switch (figure) {
		case "total_payment_volume":
			return t.__("Total payment volume", "paydesk");
		case "charges":
			return t.__("Charges", "paydesk");
		case "refunds":
			return t.__("Refunds", "paydesk");
		case "disputes":
			return t.__("Disputes", "paydesk");
		case "fees":
			return t.__("Fees", "paydesk");
	}
}

/** The transaction types behind each figure: its link filters the transactions list by them. */
export const FIGURE_TYPES: Readonly<Record<ActivityFigure, readonly string[]>> = {
	total_payment_volume: REPORT_TYPES,
	charges: CHARGE_TYPES,
	refunds: REFUND_TYPES,
	disputes: DISPUTE_TYPES,
	fees: REPORT_TYPES,
};

/** Amount and fee sums of one transaction type over the period. */
export interface TypeTotals {
	type: string;
	amount: number;
	fee: number;
}

export interface ActivityFigures {
	total_payment_volume: number;
	charges: number;
	refunds: number;
	disputes: number;
	fees: number;
}

const includes = (list: readonly string[], type: string) => list.includes(type);

/** The report's figures from per-type sums (the server sums in SQL, then applies this). */
export function activityFigures(totals: readonly TypeTotals[]): ActivityFigures {
	let charges = 0;
	let refunds = 0;
	let disputes = 0;
	let fees = 0;
	for (const row of totals) {
		if (includes(CHARGE_TYPES, row.type)) charges += row.amount;
		else if (includes(REFUND_TYPES, row.type)) refunds -= row.amount;
		else if (includes(DISPUTE_TYPES, row.type)) disputes -= row.amount;
		else if (row.type === CARD_READER_FEE_TYPE) fees -= row.amount;
		else continue;
		fees += row.fee;
	}
	return { total_payment_volume: charges - refunds - disputes, charges, refunds, disputes, fees };
}

/**
 * The transactions list query a figure links to (spec 3 §2.8): store_currency_is,
 * date_between[0], date_between[1] and type_is_in[n], as advanced filters.
 */
export function figureTransactionsQuery(
	figure: ActivityFigure,
	range: { start: string; end: string },
	currency: string,
): Record<string, string | string[]> {
	return {
		filter: "advanced",
		store_currency_is: currency,
		date_between: [range.start.replace("T", " "), range.end.replace("T", " ")],
		// The ledger has no adjustment type the list could filter by; the list refuses unknown types.
		type_is_in: FIGURE_TYPES[figure].filter(isTransactionType),
	};
}
