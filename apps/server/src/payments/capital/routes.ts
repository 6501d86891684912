/** Capital routes (spec 2 §7): the active loan summary and the list of loans. */
import { CAPITAL_ERRORS, getActiveLoanSummary, listLoans } from "@paydesk/contract/capital";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound } from "../../http/rest-error.ts";
import { activeLoanSummary, listAccountLoans } from "./queries.ts";

export default async function capitalRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, getActiveLoanSummary, async ({ accountId, clock }) => {
		const summary = await activeLoanSummary(db.kysely, accountId, clock.seconds());
		if (!summary) throw notFound(CAPITAL_ERRORS.noActiveLoan, "This account has no active loan.");
		return summary;
	});

	contractRoute(app, listLoans, async ({ accountId }) => ({
		data: await listAccountLoans(db.kysely, accountId),
	}));
}
