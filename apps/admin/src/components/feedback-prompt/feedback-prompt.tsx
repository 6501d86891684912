/**
 * 'Are you satisfied with the product?' with Yes, No and Dismiss, in the admin footer of the
 * payments pages (spec 2 'Feedback prompt'). Every answer dismisses the prompt for good; Yes then
 * asks for a review, and No asks what to improve (with tracking off, No only dismisses), whose
 * Send records the text in the usage log. Being shown, each answer and the sent text are usage
 * events (app/tracks.ts). The modals outlive the prompt they came from, and load when first
 * opened: the prompt sits on every page, the modals are rarely needed.
 */
import { type FeedbackAnswer, feedbackOutcome } from "@paydesk/domain/feedback-prompt";
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import { recordEvent } from "../../app/tracks.ts";
import "./feedback-prompt.css";
import { useFeedbackPrompt } from "./use-feedback-prompt.ts";

const modals = () => import("./feedback-modals.tsx");
const ReviewModal = lazy(() => modals().then((module) => ({ default: module.ReviewModal })));
const FeedbackModal = lazy(() => modals().then((module) => ({ default: module.FeedbackModal })));

/** Records that the prompt was shown, the first time it is. */
function useShownEvent(visible: boolean): void {
	const recorded = useRef(false);
	useEffect(() => {
		if (!visible || recorded.current) return;
		recorded.current = true;
		recordEvent("wcpay_feedback_prompt_shown", {});
	}, [visible]);
}

export function FeedbackPrompt() {
	const prompt = useFeedbackPrompt();
	const [modal, setModal] = useState<"review" | "feedback" | null>(null);
	useShownEvent(prompt.visible);

	const answer = (choice: FeedbackAnswer) => {
		const outcome = feedbackOutcome(choice, prompt.trackingEnabled);
		recordEvent("wcpay_feedback_prompt_answered", { answer: choice });
		prompt.dismiss();
		setModal(outcome.modal);
	};

	const send = (text: string) =>
		prompt.sendFeedback(
			text,
			() => {
				setModal(null);
				createNotice("success", __("Thank you for your feedback!", "paydesk"), { id: "feedback-sent" });
			},
			() =>
				createNotice("error", __("Your feedback could not be sent. Please try again.", "paydesk"), {
					id: "feedback-sent",
				}),
		);

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
			<Suspense fallback={null}>
				{modal === "review" && <ReviewModal onClose={() => setModal(null)} />}
				{modal === "feedback" && (
					<FeedbackModal isSending={prompt.isSending} onClose={() => setModal(null)} onSend={send} />
				)}
			</Suspense>
		</>
	);
}
