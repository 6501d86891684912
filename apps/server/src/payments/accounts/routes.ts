import { getAccount } from "@paydesk/contract/accounts";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { accountStatusOf, loadAccount } from "../../processor/account.ts";

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
	contractRoute(
		app,
		getAccount,
		async ({ accountId }) => {
			const row = await loadAccount(deps.db.kysely, accountId);
			if (!row)
				throw new RestError(
					"wcpay_account_not_found",
					"No payments account is connected to this store.",
					404,
				);
			return accountStatusOf(row);
		},
		{ validateResponses: deps.validateResponses },
	);
}
