/**
 * Capital loans: a disbursement (financing_payout), then a share of every USD sale withheld
 * (those charges carry the loan_id) and repaid weekly as financing_paydown transactions with
 * loan_paydowns rows. One loan is paid off; the current one is still being repaid.
 */
import type { BalanceTransactionsTable, LoansTable } from "../db/schema.ts";
import { DAY, dayOf, HOUR, WEEK } from "./calendar.ts";
import type { Random } from "./random.ts";
import type { SeedRun } from "./run.ts";

export interface LoanTerms {
	paidOutAt: number;
	amount: number;
	feeAmount: number;
	withholdRate: number;
	/** The current loan: repayments stop short of the total. */
	stayActive: boolean;
}

interface Loan extends LoanTerms {
	id: string;
	stripeLoanId: string;
	repaymentsBeginAt: number;
	nextPaydownAt: number;
	paidOut: boolean;
	withheld: number;
	paidAmount: number;
	firstPaydownAt: number | null;
	fullyPaidAt: number | null;
}

export class LoanBook {
	private readonly loans: Loan[];

	constructor(random: Random, terms: LoanTerms[]) {
		this.loans = terms.map((t) => {
			const repaymentsBeginAt = t.paidOutAt + 7 * DAY;
			return {
				...t,
				id: random.id("flxln", t.paidOutAt),
				stripeLoanId: random.id("financingoffer", t.paidOutAt),
				repaymentsBeginAt,
				nextPaydownAt: repaymentsBeginAt + WEEK,
				paidOut: false,
				withheld: 0,
				paidAmount: 0,
				firstPaydownAt: null,
				fullyPaidAt: null,
			};
		});
	}

	private repaying(at: number): Loan | undefined {
		return this.loans.find((l) => l.paidOut && l.fullyPaidAt === null && l.repaymentsBeginAt <= at);
	}

	/** Transaction hook: USD sales during a repayment carry the loan id and feed the withholding. */
	readonly withhold = (row: BalanceTransactionsTable): void => {
		if (row.currency !== "usd" || (row.type !== "charge" && row.type !== "payment")) return;
		const loan = this.repaying(row.created);
		if (!loan) return;
		row.loan_id = loan.id;
		loan.withheld += Math.round(row.amount * loan.withholdRate);
	};

	/** Disbursements and weekly repayments due on the day. */
	startOfDay(run: SeedRun, day: number): void {
		for (const loan of this.loans) {
			if (!loan.paidOut && dayOf(loan.paidOutAt) === day && loan.paidOutAt <= run.now) {
				// A new loan is only offered once the previous one is settled.
				for (const earlier of this.loans) {
					if (earlier.paidOut && earlier.fullyPaidAt === null)
						this.repay(run, earlier, loan.paidOutAt - HOUR, Infinity);
				}
				loan.paidOut = true;
				run.transaction(null, {
					id: run.random.id("txn", loan.paidOutAt),
					type: "financing_payout",
					sourceId: loan.id,
					currency: "usd",
					amount: loan.amount,
					fee: 0,
					created: loan.paidOutAt,
					loanId: loan.id,
					description: "Loan disbursement",
				});
			}
			if (loan.paidOut && loan.fullyPaidAt === null && dayOf(loan.nextPaydownAt) === day) {
				const at = loan.nextPaydownAt;
				loan.nextPaydownAt += WEEK;
				if (at <= run.now) this.repay(run, loan, at, loan.withheld);
			}
		}
	}

	private repay(run: SeedRun, loan: Loan, at: number, withheld: number): void {
		const total = loan.amount + loan.feeAmount;
		const ceiling = loan.stayActive ? total - Math.max(100, Math.round(total * 0.05)) : total;
		const amount = Math.min(withheld, ceiling - loan.paidAmount);
		loan.withheld = 0;
		if (amount <= 0) return;
		const { row } = run.transaction(null, {
			id: run.random.id("txn", at),
			type: "financing_paydown",
			sourceId: loan.id,
			currency: "usd",
			amount: -amount,
			fee: 0,
			created: at,
			loanId: loan.id,
			description: "Loan repayment",
		});
		run.sink.push("loan_paydowns", {
			account_id: run.accountId,
			id: run.random.id("flxpd", at),
			loan_id: loan.id,
			amount,
			created: at,
			balance_transaction_id: row.id,
		});
		loan.paidAmount += amount;
		loan.firstPaydownAt ??= at;
		if (loan.paidAmount >= total) loan.fullyPaidAt = at;
	}

	rows(accountId: string): LoansTable[] {
		return this.loans
			.filter((l) => l.paidOut)
			.map((l) => ({
				account_id: accountId,
				id: l.id,
				stripe_loan_id: l.stripeLoanId,
				status: l.fullyPaidAt === null ? "active" : "paid_off",
				paid_out_at: l.paidOutAt,
				fully_paid_at: l.fullyPaidAt,
				amount: l.amount,
				fee_amount: l.feeAmount,
				paid_amount: l.paidAmount,
				withhold_rate: l.withholdRate,
				first_paydown_at: l.firstPaydownAt,
				repayments_begin_at: l.repaymentsBeginAt,
				currency: "usd",
			}));
	}
}
