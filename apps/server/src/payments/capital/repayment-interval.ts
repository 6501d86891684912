/**
 * The sandbox partner's minimum-repayment rule behind `current_repayment_interval`: from the
 * day repayments begin, time is cut into 60-day intervals, and each interval asks for at
 * least a ninth of advance plus fee (so a loan is repaid within about eighteen months even
 * when sales are slow). What the withholding already repaid in the interval counts towards it.
 */
const DAY = 86_400;
export const REPAYMENT_INTERVAL_SECONDS = 60 * DAY;
export const MINIMUM_INTERVALS = 9;

export interface RepaymentWindow {
	start: number;
	dueAt: number;
	minimum: number;
}

/** The interval holding `now` (the first one while repayments have not begun). */
export function repaymentWindow(
	loan: { repaymentsBeginAt: number; total: number },
	now: number,
): RepaymentWindow {
	const index = Math.max(0, Math.floor((now - loan.repaymentsBeginAt) / REPAYMENT_INTERVAL_SECONDS));
	const start = loan.repaymentsBeginAt + index * REPAYMENT_INTERVAL_SECONDS;
	return {
		start,
		dueAt: start + REPAYMENT_INTERVAL_SECONDS,
		minimum: Math.ceil(loan.total / MINIMUM_INTERVALS),
	};
}

/** What is still due in the interval: the minimum less what was repaid, never more than is owed. */
export function remainingInWindow(window: RepaymentWindow, paidInWindow: number, owed: number): number {
	return Math.max(0, Math.min(window.minimum - paidInWindow, owed));
}
