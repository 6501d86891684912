/** The payment activity survey's answer (spec 3 §4.7), which the server keeps on the user. */
import { type SurveyRating, submitOverviewSurvey } from "@paydesk/contract/survey";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";

export function useSubmitOverviewSurvey() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (answer: { rating: SurveyRating; comments?: string }) =>
			callRoute(submitOverviewSurvey, { body: answer }),
		// The thank-you replaces the question; the user's answer shows up on the next load.
		onSuccess: () =>
			void client.invalidateQueries({ queryKey: queryKeys.currentUser(), refetchType: "none" }),
	});
}
