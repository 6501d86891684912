/** Transaction routes (spec 2 §7): list, summary, search suggestions and the exports. */
import { getTransactionsSummary, listTransactions, searchTransactions } from "@paydesk/contract/transactions";
import type { FastifyInstance } from "fastify";
import { loadAccount } from "../../accounts/account.ts";
import { registerExport } from "../../exports/register-export.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { filterTimeZone } from "../../lists/time-zones.ts";
import { transactionExport } from "./export.ts";
import { listTransactions as listLedger } from "./queries.ts";
import { transactionSuggestions } from "./search.ts";
import { summariseTransactions } from "./summary.ts";

export default async function transactionsRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, listTransactions, async ({ query, accountId }) =>
		listLedger(db, accountId, query, await filterTimeZone(db.kysely, accountId, query)),
	);

	contractRoute(app, getTransactionsSummary, async ({ query, accountId }) => {
		const [account, timeZone] = await Promise.all([
			loadAccount(db.kysely, accountId),
			filterTimeZone(db.kysely, accountId, query),
		]);
		return summariseTransactions(db, accountId, query, timeZone, account?.default_currency ?? "usd");
	});

	contractRoute(app, searchTransactions, async ({ query, accountId }) =>
		transactionSuggestions(db, accountId, query.search_term),
	);

	registerExport(app, transactionExport);
}
