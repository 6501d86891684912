/**
 * The feedback prompt's state: whether it shows (eligible account, not dismissed, no other
 * notice), whether usage tracking is on, and saving the answer as user preferences.
 */
import { type CurrentUser, updateCurrentUser } from "@paydesk/contract/wp";
import {
	FEEDBACK_PROMPT_DISMISSED_KEY,
	showFeedbackPrompt,
	TRACKING_OPTION,
} from "@paydesk/domain/feedback-prompt";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { createNotice, useNotices } from "../../app/notices.tsx";
import { queryKeys } from "../../app/query-keys.ts";
import { getSettings } from "../../app/settings.ts";
import { useCurrentUser } from "../list/use-hidden-columns.ts";
import { useOption } from "../options.ts";

/** Where a sent answer to No is kept: with the user, beside the dismissal. */
const FEEDBACK_TEXT_KEY = "wc_payments_wporg_review_2025_feedback";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Saves user meta, showing the change at once and rolling it back on failure. */
function useSaveUserMeta() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (meta: Record<string, unknown>) => callRoute(updateCurrentUser, { body: { meta } }),
		onMutate: (meta) => {
			// The prompt goes away at once; the saved preference follows.
			const previous = client.getQueryData<CurrentUser>(queryKeys.currentUser());
			if (previous) {
				client.setQueryData<CurrentUser>(queryKeys.currentUser(), {
					...previous,
					meta: { ...previous.meta, ...meta },
				});
			}
			return { previous };
		},
		onError: (_error, _meta, context) => {
			if (context?.previous) client.setQueryData(queryKeys.currentUser(), context.previous);
			createNotice("error", "Error saving option", { id: "feedback-prompt" });
		},
		onSuccess: (updated) => client.setQueryData(queryKeys.currentUser(), updated),
	});
}

export function useFeedbackPrompt() {
	const user = useCurrentUser();
	const notices = useNotices();
	const tracking = useOption<string>(TRACKING_OPTION);
	const eligible = getSettings().featureFlags.reviewPromptCampaign;
	const dismissal = useSaveUserMeta();
	const feedback = useSaveUserMeta();

	return {
		visible:
			!user.isPending &&
			!user.isError &&
			showFeedbackPrompt({
				eligible,
				dismissedAt: user.data?.meta[FEEDBACK_PROMPT_DISMISSED_KEY],
				otherNotices: notices.length,
			}),
		trackingEnabled: tracking.value === "yes",
		/** Every answer stores the dismissal time. */
		dismiss: () => dismissal.mutate({ [FEEDBACK_PROMPT_DISMISSED_KEY]: nowSeconds() }),
		sendFeedback: (text: string, onSent: () => void) =>
			feedback.mutate({ [FEEDBACK_TEXT_KEY]: { text, sent_at: nowSeconds() } }, { onSuccess: onSent }),
		isSending: feedback.isPending,
	};
}
