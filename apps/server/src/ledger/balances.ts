/**
 * The balance of an account per currency, derived from the ledger rather than stored, so it can
 * never drift from it:
 * - total = Σ balance_transactions.net − Σ (payouts.amount + payouts.fee) of payouts that are
 *   not failed or canceled (a withdrawal's negative amount adds back); Σ net is read from the
 *   ledger's rollups (processor/rollups.ts), so the overview's balance does not scan the ledger;
 * - pending = Σ net of balance transactions not yet available (available_on > now), none of which
 *   a payout holds: a payout takes available funds only, and an account's clock never goes back;
 * - available = total − pending;
 * - instant = the available funds of a currency that can be paid out instantly, less a 1.5 % fee.
 */
import { type InstantBalance, instantBalanceOf } from "@paydesk/domain/payouts";
import { type Kysely, sql } from "kysely";
import type { AccountsTable, Database } from "../db/schema.ts";
import { ROLLUP_SPANS } from "./rollups.ts";

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

interface LedgerSums {
	currency: string;
	net: number | string;
	pending: number | string;
}

/**
 * Σ net per currency from the coarsest rollups, which hold every balance transaction exactly
 * once, then Σ net of what is not yet available from the ledger (balance_transactions_unpaid:
 * only the rows no payout holds yet), so the balance reads a few hundred rows at any ledger size.
 * Null when the account has no rollups at all: a ledger loaded without them (a bulk load before
 * rebuildRollups, a test fixture) is then summed from the ledger itself.
 */
async function ledgerSumsFromRollups(
	db: Kysely<Database>,
	accountId: string,
	now: number,
	currency: string | undefined,
): Promise<LedgerSums[] | null> {
	let totals = db
		.selectFrom("transaction_rollups")
		.select(["currency", sql<number>`sum(net)`.as("net")])
		.where("account_id", "=", accountId)
		.where("span", "=", sql.lit(ROLLUP_SPANS[ROLLUP_SPANS.length - 1] ?? 1))
		.groupBy("currency");
	if (currency) totals = totals.where("currency", "=", currency);
	const rows = await totals.execute();
	if (rows.length === 0) {
		const any = await db
			.selectFrom("transaction_rollups")
			.select("account_id")
			.where("account_id", "=", accountId)
			.limit(1)
			.executeTakeFirst();
		if (!any) return null;
		return [];
	}
	const pending = await db
		.selectFrom("balance_transactions")
		.select(["currency", sql<number>`coalesce(sum(net), 0)`.as("pending")])
		.where("account_id", "=", accountId)
		// Listing the currencies lets balance_transactions_unpaid (account_id, currency,
		// available_on where deposit_id is null) seek each one.
		.where(
			"currency",
			"in",
			rows.map((row) => row.currency),
		)
		.where("deposit_id", "is", null)
		.where("available_on", ">", now)
		.groupBy("currency")
		.execute();
	const pendingOf = new Map(pending.map((row) => [row.currency, row.pending]));
	return rows.map((row) => ({
		currency: row.currency,
		net: row.net,
		pending: pendingOf.get(row.currency) ?? 0,
	}));
}

/** The same sums in one grouped scan of the ledger. */
async function ledgerSumsFromLedger(
	db: Kysely<Database>,
	accountId: string,
	now: number,
	currency: string | undefined,
): Promise<LedgerSums[]> {
	let ledger = db
		.selectFrom("balance_transactions")
		.select([
			"currency",
			sql<number>`coalesce(sum(net), 0)`.as("net"),
			sql<number>`coalesce(sum(case when available_on > ${now} and deposit_id is null then net else 0 end), 0)`.as(
				"pending",
			),
		])
		.where("account_id", "=", accountId)
		.groupBy("currency");
	if (currency) ledger = ledger.where("currency", "=", currency);
	return ledger.execute();
}

/**
 * Balances per currency (sorted by currency), or of one currency. Inside a transaction that
 * holds the account lock they read a stable ledger (rollups are written with their rows).
 */
export async function accountBalances(
	db: Kysely<Database>,
	accountId: string,
	now: number,
	currency?: string,
): Promise<CurrencyBalance[]> {
	let paidOut = db
		.selectFrom("payouts")
		.select(["currency", sql<number>`coalesce(sum(amount + fee), 0)`.as("debited")])
		.where("account_id", "=", accountId)
		.where("status", "not in", RETURNED_PAYOUT_STATUSES)
		.groupBy("currency");
	if (currency) paidOut = paidOut.where("currency", "=", currency);
	const ledgerRows =
		(await ledgerSumsFromRollups(db, accountId, now, currency)) ??
		(await ledgerSumsFromLedger(db, accountId, now, currency));
	const payoutRows = await paidOut.execute();
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

/**
 * Whether an account may pay out a currency instantly right now: payouts enabled (not blocked,
 * not waiting for verified bank details as in progressive onboarding) and a currency the
 * partner pays out instantly.
 */
export function canPayOutInstantly(
	account: Pick<AccountsTable, "deposits_blocked" | "deposits_status">,
	currency: string,
): boolean {
	return (
		account.deposits_blocked === 0 &&
		account.deposits_status === "enabled" &&
		INSTANT_PAYOUT_CURRENCIES.includes(currency)
	);
}

/** The instant balance of a currency: its available funds when it can be paid out instantly, else 0. */
export function instantBalanceFor(
	account: Pick<AccountsTable, "deposits_blocked" | "deposits_status">,
	balance: Pick<CurrencyBalance, "currency" | "available">,
): InstantBalance {
	const eligible = canPayOutInstantly(account, balance.currency);
	return instantBalanceOf(eligible ? balance.available : 0, balance.currency);
}
