/**
 * The feedback prompt's state: whether it shows (eligible account, not dismissed, no other
 * notice: neither a snackbar nor a notice drawn on the page), whether usage tracking is on, the
 * dismissal saved as a user preference, and the feedback sent to the usage log.
 */
import { FEEDBACK_PROMPT_DISMISSED_KEY, showFeedbackPrompt } from "@paydesk/domain/feedback-prompt";
import { useMutation } from "@tanstack/react-query";
import { useNotices } from "../../app/notices.tsx";
import { usePageNoticeShown } from "../../app/page-notices.ts";
import { getSettings } from "../../app/settings.ts";
import { recordEventNow } from "../../app/tracks.ts";
import { useCurrentUser, useSaveUserMeta } from "../../data/current-user.ts";

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function useFeedbackPrompt() {
	const user = useCurrentUser();
	const notices = useNotices();
	const settings = getSettings();
	const eligible = settings.featureFlags.reviewPromptCampaign;
	const dismissedAt = user.data?.meta[FEEDBACK_PROMPT_DISMISSED_KEY];
	const answerable =
		!user.isPending && !user.isError && showFeedbackPrompt({ eligible, dismissedAt, otherNotices: 0 });
	// The page is watched for notices only while the prompt could show at all.
	const pageNotice = usePageNoticeShown(answerable);
	// The prompt goes away at once; the saved preference follows.
	const dismissal = useSaveUserMeta("feedback-prompt");
	const feedback = useMutation({
		mutationFn: (text: string) => recordEventNow("wcpay_feedback_sent", { text }),
	});

	return {
		visible:
			answerable &&
			showFeedbackPrompt({ eligible, dismissedAt, otherNotices: notices.length + (pageNotice ? 1 : 0) }),
		trackingEnabled: settings.tracksEnabled,
		/** Every answer stores the dismissal time. */
		dismiss: () => dismissal.mutate({ [FEEDBACK_PROMPT_DISMISSED_KEY]: nowSeconds() }),
		/** Records the text in the usage log; `onSent` once it is recorded, `onFailed` if it could not be. */
		sendFeedback: (text: string, onSent: () => void, onFailed: () => void) =>
			feedback.mutate(text, { onSuccess: onSent, onError: onFailed }),
		isSending: feedback.isPending,
	};
}
