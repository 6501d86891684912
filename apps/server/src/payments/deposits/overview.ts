/**
 * The payout overview of spec 2 ("Payout overview") and spec 3 §3.11: balances per currency
 * (pending, available, instant), the latest payouts per currency and the account's payout
 * settings. A few grouped queries and one per currency (a handful), never one per payout.
 */
import type { DepositsOverview, Payout } from "@paydesk/contract/deposits";
import type { Kysely } from "kysely";
import { depositsScheduleOf, externalAccountsOf } from "../../accounts/documents.ts";
import type { AccountsTable, Database } from "../../db/schema.ts";
import { accountBalances, INSTANT_PAYOUT_CURRENCIES, instantBalanceFor } from "../../ledger/balances.ts";
import { toPayout } from "./queries.ts";

const DAY = 86_400;

export async function depositsOverview(
	db: Kysely<Database>,
	account: AccountsTable,
	now: number,
): Promise<DepositsOverview> {
	const balances = await accountBalances(db, account.id, now);
	if (!balances.some((b) => b.currency === account.default_currency)) {
		balances.push({ currency: account.default_currency, total: 0, pending: 0, available: 0 });
	}
	const currencies = balances.map((b) => b.currency);

	const payouts = db.selectFrom("payouts").selectAll().where("account_id", "=", account.id);
	const lastPaid: Payout[] = [];
	const nextScheduled: Payout[] = [];
	for (const currency of currencies) {
		const paid = await payouts
			.where("currency", "=", currency)
			.where("type", "=", "deposit")
			.where("status", "=", "paid")
			.orderBy("date", "desc")
			.limit(1)
			.executeTakeFirst();
		if (paid) lastPaid.push(toPayout(paid));
		const next = await payouts
			.where("currency", "=", currency)
			.where("status", "in", ["pending", "in_transit"])
			.orderBy("date", "asc")
			.limit(1)
			.executeTakeFirst();
		if (next) nextScheduled.push(toPayout(next));
	}
	const manual = await payouts
		.where("method", "=", "instant")
		.where("created", ">=", now - DAY)
		.orderBy("created", "desc")
		.execute();

	return {
		deposit: {
			last_paid: lastPaid,
			next_scheduled: nextScheduled,
			last_manual_deposits: manual.map(toPayout),
		},
		balance: {
			pending: balances.map((b) => ({ amount: b.pending, currency: b.currency })),
			available: balances.map((b) => ({ amount: b.available, currency: b.currency })),
			instant: balances
				// Listed for every instant currency; 0 while payouts are blocked.
				.filter((b) => INSTANT_PAYOUT_CURRENCIES.includes(b.currency))
				.map((b) => instantBalanceFor(account, b)),
		},
		account: {
			default_currency: account.default_currency,
			deposits_enabled: account.deposits_status === "enabled" && account.deposits_blocked === 0,
			deposits_blocked: account.deposits_blocked === 1,
			completed_waiting_period: account.completed_waiting_period === 1,
			deposits_schedule: depositsScheduleOf(account),
			default_external_accounts: externalAccountsOf(account),
		},
	};
}
