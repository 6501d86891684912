/**
 * POST {base}/survey/payments-overview (spec 3 §4.7, §7): the rating and optional comment of the
 * payment activity card's survey, kept on the user who answered (contract/survey).
 */
import { SURVEY_USER_META, submitOverviewSurvey } from "@paydesk/contract/survey";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { writeUserMeta } from "../../wp/queries.ts";

export function registerSurveyRoutes(app: FastifyInstance, deps: AppDeps): void {
	contractRoute(
		app,
		submitOverviewSurvey,
		async ({ body, user, accountId }) => {
			await writeUserMeta(deps.db.kysely, accountId, user.id, {
				[SURVEY_USER_META]: {
					rating: body.rating,
					comments: body.comments ?? "",
					submitted_at: deps.clock.seconds(),
				},
			});
			return { success: true as const };
		},
		{ validateResponses: deps.validateResponses },
	);
}
