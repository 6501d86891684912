/**
 * Fraud outcome routes (spec 2 §7): the blocked tab's list, summary, suggestions and download.
 * Nothing matching answers 404 wcpay_fraud_outcome_not_found, which the admin reads as empty.
 */
import {
	downloadFraudOutcomes,
	FRAUD_OUTCOME_ERRORS,
	getFraudOutcomesSummary,
	listFraudOutcomes,
	searchFraudOutcomes,
} from "@paydesk/contract/fraud-outcomes";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound } from "../../http/rest-error.ts";
import { listOutcomes, outcomeSuggestions, summariseOutcomes } from "./queries.ts";

const nothingFound = () =>
	notFound(FRAUD_OUTCOME_ERRORS.notFound, "No fraud outcome transactions were found for this query.");

export default async function fraudOutcomesRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, listFraudOutcomes, async ({ query, accountId }) => {
		const page = await listOutcomes(db.kysely, db.dialect, accountId, query);
		if (page.total_count === 0) throw nothingFound();
		return page;
	});

	contractRoute(app, getFraudOutcomesSummary, async ({ query, accountId }) => {
		const summary = await summariseOutcomes(db.kysely, db.dialect, accountId, query);
		if (summary.count === 0) throw nothingFound();
		return summary;
	});

	contractRoute(app, searchFraudOutcomes, async ({ query, accountId }) =>
		outcomeSuggestions(db.kysely, accountId, query.status, query.search_term),
	);

	contractRoute(app, downloadFraudOutcomes, async ({ query, accountId }) => {
		const { data } = await listOutcomes(db.kysely, db.dialect, accountId, query);
		if (data.length === 0) throw nothingFound();
		return { data };
	});
}
