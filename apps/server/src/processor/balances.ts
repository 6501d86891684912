/**
 * The balance of an account per currency, derived from the ledger rather than stored, so it can
 * never drift from it:
 * - total = Σ balance_transactions.net − Σ (payouts.amount + payouts.fee) of payouts that are
 *   not failed or canceled (a withdrawal's negative amount adds back);
 * - pending = Σ net of balance transactions not yet available (available_on > now);
 * - available = total − pending;
 * - instant = the available funds of a currency that can be paid out instantly, less a 1.5 % fee.
 */
import { type InstantBalance, instantBalanceOf } from "@paydesk/domain/payouts";
import { type Kysely, sql } from "kysely";
import type { AccountsTable, Database } from "../db/schema.ts";

/** Currencies the sandbox partner pays out instantly (to a debit card in that currency). */
export const INSTANT_PAYOUT_CURRENCIES: readonly string[] = ["usd", "cad", "gbp", "eur"];

/** Payouts in these states gave their money back to the balance. */
export const RETURNED_PAYOUT_STATUSES = ["failed", "canceled"] as const;

export interface CurrencyBalance {
	currency: string;
	total: number;
	pending: number;
	available: number;
}

/**
 * Balances per currency (sorted by currency), or of one currency. Two grouped aggregates; inside
 * a transaction that holds the account lock they read a stable ledger.
 */
export async function accountBalances(
	db: Kysely<Database>,
	accountId: string,
	now: number,
	currency?: string,
): Promise<CurrencyBalance[]> {
	let ledger = db
		.selectFrom("balance_transactions")
		.select([
			"currency",
			sql<number>`coalesce(sum(net), 0)`.as("net"),
			sql<number>`coalesce(sum(case when available_on > ${now} then net else 0 end), 0)`.as("pending"),
		])
		.where("account_id", "=", accountId)
		.groupBy("currency");
	let paidOut = db
		.selectFrom("payouts")
		.select(["currency", sql<number>`coalesce(sum(amount + fee), 0)`.as("debited")])
		.where("account_id", "=", accountId)
		.where("status", "not in", RETURNED_PAYOUT_STATUSES)
		.groupBy("currency");
	if (currency) {
		ledger = ledger.where("currency", "=", currency);
		paidOut = paidOut.where("currency", "=", currency);
	}
	const [ledgerRows, payoutRows] = [await ledger.execute(), await paidOut.execute()];
	const balances = new Map<string, CurrencyBalance>();
	const entry = (code: string) => {
		let balance = balances.get(code);
		if (!balance) {
			balance = { currency: code, total: 0, pending: 0, available: 0 };
			balances.set(code, balance);
		}
		return balance;
	};
	for (const row of ledgerRows) {
		const balance = entry(row.currency);
		balance.total += Number(row.net);
		balance.pending += Number(row.pending);
	}
	for (const row of payoutRows) entry(row.currency).total -= Number(row.debited);
	for (const balance of balances.values()) balance.available = balance.total - balance.pending;
	return [...balances.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Whether an account may pay out a currency instantly right now. */
export function canPayOutInstantly(
	account: Pick<AccountsTable, "deposits_blocked">,
	currency: string,
): boolean {
	return account.deposits_blocked === 0 && INSTANT_PAYOUT_CURRENCIES.includes(currency);
}

/** The instant balance of a currency: its available funds when it can be paid out instantly, else 0. */
export function instantBalanceFor(
	account: Pick<AccountsTable, "deposits_blocked">,
	balance: Pick<CurrencyBalance, "currency" | "available">,
): InstantBalance {
	const eligible = canPayOutInstantly(account, balance.currency);
	return instantBalanceOf(eligible ? balance.available : 0, balance.currency);
}
