/** Authorization routes (spec 2 §7): the uncaptured list, its summary and one authorization. */
import {
	AUTHORIZATION_ERRORS,
	getAuthorization,
	getAuthorizationsSummary,
	listAuthorizations,
} from "@paydesk/contract/authorizations";
import type { FastifyInstance } from "fastify";
import { loadAccount } from "../../accounts/account.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound } from "../../http/rest-error.ts";
import {
	findAuthorization,
	listAuthorizations as listUncaptured,
	summariseAuthorizations,
} from "./queries.ts";

export default async function authorizationsRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, listAuthorizations, async ({ query, accountId }) =>
		listUncaptured(db.kysely, accountId, query),
	);

	contractRoute(app, getAuthorizationsSummary, async ({ accountId }) => {
		const account = await loadAccount(db.kysely, accountId);
		return summariseAuthorizations(db.kysely, accountId, account?.default_currency ?? "usd");
	});

	contractRoute(app, getAuthorization, async ({ params, accountId }) => {
		const found = await findAuthorization(db.kysely, accountId, params.id);
		if (!found)
			throw notFound(AUTHORIZATION_ERRORS.missing, "The authorization you are looking for cannot be found.");
		return found;
	});
}
