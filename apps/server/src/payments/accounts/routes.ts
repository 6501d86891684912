import { getAccount } from "@paydesk/contract/accounts";
import type { FastifyInstance } from "fastify";
import { accountStatusOf, loadAccount } from "../../accounts/account.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";

export default async function accountsRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;
	contractRoute(app, getAccount, async ({ accountId }) => {
		const row = await loadAccount(db.kysely, accountId);
		if (!row)
			throw new RestError("wcpay_account_not_found", "No payments account is connected to this store.", 404);
		return accountStatusOf(row);
	});
}
