/**
 * Capital loans of spec 2 ('Loans page', Loan and Active loan summary entities, §9): the loan
 * status label, the withhold rate as a percentage, and the repayment progress bar (spec 3 §9).
 */
import { sprintf, type Translator } from "./translator.ts";

export type LoanChip = "primary" | "success";

export interface LoanStatusDisplay {
	label: string;
	/** The longer wording shown on hover: 'In Progress' or 'Paid in Full'. */
	tooltip: string;
	chip: LoanChip;
}

/**
 * fully_paid_at empty means Active (In Progress); otherwise 'Paid off: date' (Paid in Full),
 * the date written by `formatDay`.
 */
export function loanStatus(
	loan: { fully_paid_at: string | number | null | undefined },
	formatDay: (value: string | number) => string,
	t: Translator,
): LoanStatusDisplay {
	if (loan.fully_paid_at === null || loan.fully_paid_at === undefined || loan.fully_paid_at === "") {
		return { label: t.__("Active", "paydesk"), tooltip: t.__("In Progress", "paydesk"), chip: "primary" };
	}
	return {
		/* translators: %s: the day the loan was paid off */
		label: sprintf(t.__("Paid off: %s", "paydesk"), formatDay(loan.fully_paid_at)),
		tooltip: t.__("Paid in Full", "paydesk"),
		chip: "success",
	};
}

/**
 * The withhold rate is a fraction (0.08) shown as a percentage (8): times 100, rounded to two
 * decimals so binary fractions do not show as 7.000000000000001.
 */
export function withholdRatePercent(rate: number): number {
	return Math.round(rate * 100 * 100) / 100;
}

/** "8%" or "12.5%". */
export function formatWithholdRate(rate: number): string {
	return `${withholdRatePercent(rate)}%`;
}

/** What has been repaid out of advance + fee, as a share from 0 to 1 (the progress bar). */
export function repaidShare(summary: {
	paid_amount: number;
	advance_amount: number;
	fee_amount: number;
}): number {
	const total = summary.advance_amount + summary.fee_amount;
	if (total <= 0) return 1;
	return Math.min(1, Math.max(0, summary.paid_amount / total));
}

/** Spec 3 §9: above this share of progress, the progress bar's label sits inside the bar. */
export const PROGRESS_LABEL_INSIDE_ABOVE = 0.5;

/** Whether the progress bar's label sits inside the bar (progress exceeds 0.5) or beside it. */
export function progressLabelInside(progress: number): boolean {
	return progress > PROGRESS_LABEL_INSIDE_ABOVE;
}
