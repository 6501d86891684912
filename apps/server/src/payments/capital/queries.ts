/** Capital queries: the account's loans and the summary of its active loan. */
import type { ActiveLoanSummary, Loan } from "@paydesk/contract/capital";
import { type Kysely, sql } from "kysely";
import type { Database, LoansTable } from "../../db/schema.ts";
import { remainingInWindow, repaymentWindow } from "./repayment-interval.ts";

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const isoOrNull = (seconds: number | null) => (seconds === null ? null : iso(seconds));

export function toLoan(row: LoansTable): Loan {
	return {
		id: row.id,
		stripe_loan_id: row.stripe_loan_id,
		paid_out_at: iso(row.paid_out_at),
		fully_paid_at: isoOrNull(row.fully_paid_at),
		amount: row.amount,
		fee_amount: row.fee_amount,
		withhold_rate: row.withhold_rate,
		first_paydown_at: isoOrNull(row.first_paydown_at),
		currency: row.currency,
	};
}

export async function listAccountLoans(db: Kysely<Database>, accountId: string): Promise<Loan[]> {
	const rows = await db
		.selectFrom("loans")
		.selectAll()
		.where("account_id", "=", accountId)
		.orderBy("paid_out_at", "desc")
		.orderBy("id")
		.execute();
	return rows.map(toLoan);
}

/** The active loan's summary, or null when no loan is being repaid. */
export async function activeLoanSummary(
	db: Kysely<Database>,
	accountId: string,
	now: number,
): Promise<ActiveLoanSummary | null> {
	const loan = await db
		.selectFrom("loans")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("status", "=", "active")
		.orderBy("paid_out_at", "desc")
		.executeTakeFirst();
	if (!loan) return null;
	const total = loan.amount + loan.fee_amount;
	const window = repaymentWindow({ repaymentsBeginAt: loan.repayments_begin_at, total }, now);
	const paid = await db
		.selectFrom("loan_paydowns")
		.select(sql<number>`coalesce(sum(amount), 0)`.as("amount"))
		.where("account_id", "=", accountId)
		.where("loan_id", "=", loan.id)
		.where("created", ">=", window.start)
		.where("created", "<", window.dueAt)
		.executeTakeFirstOrThrow();
	const paidInWindow = Number(paid.amount);
	return {
		details: {
			paid_amount: loan.paid_amount,
			fee_amount: loan.fee_amount,
			advance_amount: loan.amount,
			current_repayment_interval: {
				due_at: iso(window.dueAt),
				paid_amount: paidInWindow,
				remaining_amount: remainingInWindow(window, paidInWindow, Math.max(0, total - loan.paid_amount)),
			},
			advance_paid_out_at: iso(loan.paid_out_at),
			withhold_rate: loan.withhold_rate,
			repayments_begin_at: iso(loan.repayments_begin_at),
			currency: loan.currency,
		},
	};
}
