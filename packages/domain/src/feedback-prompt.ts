/**
 * The feedback prompt of spec 2 ('Feedback prompt'): 'Are you satisfied with the product?' with
 * Yes, No and Dismiss, in the admin footer of the payments screens.
 */

/** Every answer stores the dismissal time (epoch seconds) under this user preference. */
export const FEEDBACK_PROMPT_DISMISSED_KEY = "wc_payments_wporg_review_2025_prompt_dismissed";

/** Where the Yes modal asks for a 5-star review: the plugin directory's review form. */
export const PLUGIN_REVIEW_URL =
	"https://wordpress.org/support/plugin/woocommerce-payments/reviews/#new-post";

export const SUPPORT_URL = "https://woocommerce.com/my-account/contact-support/";

/** WooCommerce's usage-tracking opt-in, "yes" when the merchant allowed it. */
export const TRACKING_OPTION = "woocommerce_allow_tracking";

/**
 * Shown only when the account is eligible for the review campaign, the prompt was never
 * dismissed, and no other notice is showing.
 */
export function showFeedbackPrompt(state: {
	eligible: boolean;
	dismissedAt: unknown;
	otherNotices: number;
}): boolean {
	const dismissed =
		state.dismissedAt !== undefined && state.dismissedAt !== null && state.dismissedAt !== false;
	return state.eligible && !dismissed && state.otherNotices === 0;
}

export const FEEDBACK_ANSWERS = ["yes", "no", "dismiss"] as const;
export type FeedbackAnswer = (typeof FEEDBACK_ANSWERS)[number];

/** The longest feedback the No modal sends (spec 2 sets no limit; the usage log keeps it bounded). */
export const FEEDBACK_TEXT_MAX = 2000;

export interface FeedbackOutcome {
	/** Every answer dismisses the prompt for good. */
	dismiss: true;
	/** Yes asks for a review; No asks what went wrong, unless tracking is off. */
	modal: "review" | "feedback" | null;
}

/**
 * Yes opens the review modal; No opens the feedback modal, but with tracking disabled the
 * feedback could not be sent, so No just dismisses; Dismiss dismisses.
 */
export function feedbackOutcome(answer: FeedbackAnswer, trackingEnabled: boolean): FeedbackOutcome {
	if (answer === "yes") return { dismiss: true, modal: "review" };
	if (answer === "no" && trackingEnabled) return { dismiss: true, modal: "feedback" };
	return { dismiss: true, modal: null };
}

/** The review modal closes on an outside click; the feedback modal, holding typed text, does not. */
export function closesOnOutsideClick(modal: "review" | "feedback"): boolean {
	return modal === "review";
}
