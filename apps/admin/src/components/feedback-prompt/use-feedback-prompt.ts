/**
 * The feedback prompt's state: whether it shows (eligible account, not dismissed, no other
 * notice), whether usage tracking is on, and saving the answer as user preferences.
 */
import {
	FEEDBACK_PROMPT_DISMISSED_KEY,
	showFeedbackPrompt,
	TRACKING_OPTION,
} from "@paydesk/domain/feedback-prompt";
import { useNotices } from "../../app/notices.tsx";
import { getSettings } from "../../app/settings.ts";
import { useCurrentUser, useSaveUserMeta } from "../../data/current-user.ts";
import { useOption } from "../../data/options.ts";

/** Where a sent answer to No is kept: with the user, beside the dismissal. */
const FEEDBACK_TEXT_KEY = "wc_payments_wporg_review_2025_feedback";

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function useFeedbackPrompt() {
	const user = useCurrentUser();
	const notices = useNotices();
	const tracking = useOption<string>(TRACKING_OPTION);
	const eligible = getSettings().featureFlags.reviewPromptCampaign;
	// The prompt goes away at once; the saved preference follows.
	const dismissal = useSaveUserMeta("feedback-prompt");
	const feedback = useSaveUserMeta("feedback-prompt");

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
