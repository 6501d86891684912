/** GET {base}/timeline/{id}: the payment timeline of a payment intent (spec 2 §7). */
import { CHARGE_ERRORS } from "@paydesk/contract/charges";
import { getTimeline } from "@paydesk/contract/timeline";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound } from "../../http/rest-error.ts";
import { timelineOf } from "./queries.ts";

export default async function timelineRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;
	contractRoute(app, getTimeline, async ({ params, accountId }) => {
		const events = await timelineOf(db.kysely, accountId, params.id);
		if (!events) throw notFound(CHARGE_ERRORS.intentNotFound, "The payment could not be found.");
		return { data: events };
	});
}
