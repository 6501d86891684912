/**
 * 'Are you satisfied with the product?' with Yes, No and Dismiss (spec 2 'Feedback prompt').
 * Every answer dismisses the prompt for good; Yes then asks for a review, and No asks what to
 * improve (with tracking off, No only dismisses). The modals outlive the prompt they came from.
 */
import { FEEDBACK_THANKS, type FeedbackAnswer, feedbackOutcome } from "@paydesk/domain/feedback-prompt";
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import "./feedback-prompt.css";
import { FeedbackModal, ReviewModal } from "./feedback-modals.tsx";
import { useFeedbackPrompt } from "./use-feedback-prompt.ts";

export function FeedbackPrompt() {
	const prompt = useFeedbackPrompt();
	const [modal, setModal] = useState<"review" | "feedback" | null>(null);

	const answer = (choice: FeedbackAnswer) => {
		const outcome = feedbackOutcome(choice, prompt.trackingEnabled);
		prompt.dismiss();
		setModal(outcome.modal);
	};

	return (
		<>
			{prompt.visible && (
				<section className="paydesk-feedback-prompt" aria-label={__("Feedback", "paydesk")}>
					<p className="paydesk-feedback-prompt__question">
						{__("Are you satisfied with the product?", "paydesk")}
					</p>
					<div className="paydesk-feedback-prompt__answers">
						<Button variant="secondary" size="compact" onClick={() => answer("yes")}>
							{__("Yes", "paydesk")}
						</Button>
						<Button variant="secondary" size="compact" onClick={() => answer("no")}>
							{__("No", "paydesk")}
						</Button>
						<Button variant="tertiary" size="compact" onClick={() => answer("dismiss")}>
							{__("Dismiss", "paydesk")}
						</Button>
					</div>
				</section>
			)}
			{modal === "review" && <ReviewModal onClose={() => setModal(null)} />}
			{modal === "feedback" && (
				<FeedbackModal
					isSending={prompt.isSending}
					onClose={() => setModal(null)}
					onSend={(text) =>
						prompt.sendFeedback(text, () => {
							setModal(null);
							createNotice("success", FEEDBACK_THANKS, { id: "feedback-thanks" });
						})
					}
				/>
			)}
		</>
	);
}
