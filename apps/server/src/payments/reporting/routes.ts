/** GET {base}/reporting/payment_activity: the overview's payment activity figures (spec 2 §7). */
import { getPaymentActivity } from "@paydesk/contract/reporting";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { paymentActivityReport } from "./queries.ts";

export function registerReportingRoutes(app: FastifyInstance, deps: AppDeps): void {
	contractRoute(
		app,
		getPaymentActivity,
		async ({ query, accountId }) => paymentActivityReport(deps.db, accountId, query),
		{ validateResponses: deps.validateResponses },
	);
}
