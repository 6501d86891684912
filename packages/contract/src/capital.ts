/**
 * Capital loans (spec 2 'Loans page', Loan and Active loan summary entities, §7 capital calls,
 * §8 'Error retrieving the active loan summary.').
 *
 * Shapes chosen where the spec is silent:
 * - dates are ISO 8601 strings in UTC; amounts are minor units; withhold_rate is a fraction
 *   (0.08), shown by the admin as a percentage.
 * - a loan also carries `id`, the value the transactions list filters by (loan_id_is).
 * - GET /capital/active_loan_summary answers { details } and, with no active loan, 404
 *   wcpay_capital_no_active_loan.
 * - the current repayment interval is the sandbox partner's minimum-payment window: 60 days
 *   from the day repayments begin, each asking at least a ninth of advance plus fee.
 */
import { z } from "zod";
import { isoDate, minorAmount } from "./common.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const CAPITAL_ERRORS = { noActiveLoan: "wcpay_capital_no_active_loan" } as const;

export const loan = z.object({
	id: z.string(),
	stripe_loan_id: z.string(),
	paid_out_at: isoDate,
	fully_paid_at: isoDate.nullable(),
	amount: minorAmount,
	fee_amount: minorAmount,
	withhold_rate: z.number(),
	first_paydown_at: isoDate.nullable(),
	currency: z.string(),
});
export type Loan = z.infer<typeof loan>;

export const listLoans = defineRoute({
	method: "GET",
	path: `${REST_BASE}/capital/loans`,
	summary: "Every loan of the account, newest first",
	tag: "capital",
	response: z.object({ data: z.array(loan) }),
});

export const activeLoanSummary = z.object({
	details: z.object({
		paid_amount: minorAmount,
		fee_amount: minorAmount,
		advance_amount: minorAmount,
		current_repayment_interval: z.object({
			due_at: isoDate,
			paid_amount: minorAmount,
			remaining_amount: minorAmount,
		}),
		advance_paid_out_at: isoDate,
		withhold_rate: z.number(),
		repayments_begin_at: isoDate,
		currency: z.string(),
	}),
});
export type ActiveLoanSummary = z.infer<typeof activeLoanSummary>;

export const getActiveLoanSummary = defineRoute({
	method: "GET",
	path: `${REST_BASE}/capital/active_loan_summary`,
	summary: "The active loan: repaid so far, fee, advance and the current repayment interval",
	tag: "capital",
	response: activeLoanSummary,
	errors: [CAPITAL_ERRORS.noActiveLoan],
});
