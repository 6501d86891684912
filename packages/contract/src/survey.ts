/**
 * The payments overview survey (spec 3 §3.13, §4.7, §7): a rating and an optional comment.
 *
 * Choices where the spec is silent: comments are trimmed and at most 2,000 characters; the
 * answer is kept on the user who gave it (user meta wc_payments_overview_survey, with the time),
 * so the card does not ask the same person again; a new answer replaces the earlier one.
 */
import { z } from "zod";
import { defineRoute, REST_BASE } from "./route.ts";

export const SURVEY_RATINGS = ["very-unhappy", "unhappy", "neutral", "happy", "very-happy"] as const;
export type SurveyRating = (typeof SURVEY_RATINGS)[number];

/** The user meta the last answer is kept in. */
export const SURVEY_USER_META = "wc_payments_overview_survey";
export const SURVEY_COMMENTS_MAX = 2000;

export const surveyAnswer = z.object({
	rating: z.enum(SURVEY_RATINGS),
	comments: z
		.string()
		.trim()
		.max(SURVEY_COMMENTS_MAX, { error: `must be at most ${SURVEY_COMMENTS_MAX} characters` })
		.optional(),
});

export const submitOverviewSurvey = defineRoute({
	method: "POST",
	path: `${REST_BASE}/survey/payments-overview`,
	summary: "Answer the payments overview survey",
	tag: "survey",
	// The answer is kept on the user who gave it.
	capability: "view_woocommerce_reports",
	body: surveyAnswer,
	response: z.object({ success: z.literal(true) }),
});
