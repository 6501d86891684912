/**
 * The balance on Stripe's API: what the admin's overview shows, per currency, from the same
 * ledger. `instant_available` is what an instant payout could take now.
 */
import type Stripe from "stripe";
import { z } from "zod";
import { accountBalances, instantBalanceFor } from "../../ledger/balances.ts";
import { expand, parseParams } from "../params.ts";
import type { V1Router } from "../plugin.ts";

const retrieveBalance = z.strictObject({ expand: expand.optional() });

export function registerBalance(router: V1Router): void {
	router.get("/balance", async (context) => {
		parseParams(retrieveBalance, context.params);
		const db = context.request.server.deps.db.kysely;
		const [balances, account] = await Promise.all([
			accountBalances(db, context.accountId, context.now),
			db
				.selectFrom("accounts")
				.select(["deposits_blocked", "deposits_status"])
				.where("id", "=", context.accountId)
				.executeTakeFirstOrThrow(),
		]);
		const source = { card: 0 };
		const balance: Stripe.Balance = {
			object: "balance",
			available: balances.map((row) => ({
				amount: row.available,
				currency: row.currency,
				source_types: { ...source, card: row.available },
			})),
			pending: balances.map((row) => ({
				amount: row.pending,
				currency: row.currency,
				source_types: { ...source, card: row.pending },
			})),
			instant_available: balances.map((row) => {
				const instant = instantBalanceFor(account, row);
				return {
					amount: instant.amount,
					currency: row.currency,
					source_types: { ...source, card: instant.amount },
				};
			}),
			livemode: context.livemode,
		};
		return balance;
	});
}
