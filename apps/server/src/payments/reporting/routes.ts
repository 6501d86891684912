/** GET {base}/reporting/payment_activity: the overview's payment activity figures (spec 2 §7). */
import { getPaymentActivity } from "@paydesk/contract/reporting";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { paymentActivityReport } from "./queries.ts";

export default async function reportingRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;
	contractRoute(app, getPaymentActivity, async ({ query, accountId }) =>
		paymentActivityReport(db, accountId, query),
	);
}
