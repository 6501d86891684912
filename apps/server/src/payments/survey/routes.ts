/**
 * POST {base}/survey/payments-overview (spec 3 §4.7, §7): the rating and optional comment of the
 * payment activity card's survey, kept on the user who answered (contract/survey).
 */
import { SURVEY_USER_META, submitOverviewSurvey } from "@paydesk/contract/survey";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { writeUserMeta } from "../../wp/queries.ts";

export default async function surveyRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock } = app.deps;
	contractRoute(app, submitOverviewSurvey, async ({ body, user, accountId }) => {
		await writeUserMeta(db.kysely, accountId, user.id, {
			[SURVEY_USER_META]: {
				rating: body.rating,
				comments: body.comments ?? "",
				submitted_at: clock.seconds(),
			},
		});
		return { success: true as const };
	});
}
