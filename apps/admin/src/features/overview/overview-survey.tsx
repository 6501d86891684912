/**
 * The payment activity survey (spec 3 §3.13, §4.7, §8): a happy or very happy rating submits at
 * once; a low one opens an optional comment with Send and Cancel; then a thank-you that can be
 * closed. A merchant who answered before is not asked again (the answer is on their user).
 */
import { SURVEY_RATINGS, SURVEY_USER_META, type SurveyRating } from "@paydesk/contract/survey";
import { Button, Notice, TextareaControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { useCurrentUser } from "../../data/current-user.ts";
import { useSubmitOverviewSurvey } from "../../data/survey.ts";

const FACES: Record<SurveyRating, string> = {
	"very-unhappy": "😞",
	unhappy: "🙁",
	neutral: "😐",
	happy: "🙂",
	"very-happy": "😍",
};

function faceLabel(rating: SurveyRating): string {
	switch (rating) {
		case "very-unhappy":
			return __("Very unhappy", "paydesk");
		case "unhappy":
			return __("Unhappy", "paydesk");
		case "neutral":
			return __("Neutral", "paydesk");
		case "happy":
			return __("Happy", "paydesk");
		case "very-happy":
			return __("Very happy", "paydesk");
	}
}
const HAPPY: readonly SurveyRating[] = ["happy", "very-happy"];

export function OverviewSurvey() {
	const user = useCurrentUser();
	const [rating, setRating] = useState<SurveyRating | null>(null);
	const [comments, setComments] = useState("");
	const [closed, setClosed] = useState(false);
	const submit = useSubmitOverviewSurvey();

	if (closed || !user.isSuccess) return null;
	if (submit.isSuccess) {
		return (
			<Notice status="success" className="paydesk-survey__thanks" onRemove={() => setClosed(true)}>
				{__("Thank you for your feedback!", "paydesk")}
			</Notice>
		);
	}
	if (user.data.meta[SURVEY_USER_META]) return null;

	const choose = (next: SurveyRating) => {
		setRating(next);
		if (HAPPY.includes(next)) submit.mutate({ rating: next });
	};
	const askComment = rating !== null && !HAPPY.includes(rating);
	return (
		<div className="paydesk-survey">
			<fieldset className="paydesk-survey__question">
				<legend>{__("Are you happy with the payment activity overview?", "paydesk")}</legend>
				<div className="paydesk-survey__faces">
					{SURVEY_RATINGS.map((value) => (
						<Button
							key={value}
							className={`paydesk-survey__face${rating === value ? " is-selected" : ""}`}
							label={faceLabel(value)}
							showTooltip
							aria-pressed={rating === value}
							disabled={submit.isPending}
							onClick={() => choose(value)}
						>
							<span aria-hidden="true">{FACES[value]}</span>
						</Button>
					))}
				</div>
			</fieldset>
			{askComment && (
				<div className="paydesk-survey__comment">
					<TextareaControl
						__nextHasNoMarginBottom
						label={__("What would make it more useful? (optional)", "paydesk")}
						value={comments}
						onChange={setComments}
						rows={3}
					/>
					<div className="paydesk-modal-actions">
						<Button variant="tertiary" onClick={() => setRating(null)} disabled={submit.isPending}>
							{__("Cancel", "paydesk")}
						</Button>
						<Button
							variant="primary"
							isBusy={submit.isPending}
							disabled={submit.isPending}
							accessibleWhenDisabled
							onClick={() => rating && submit.mutate({ rating, comments })}
						>
							{__("Send", "paydesk")}
						</Button>
					</div>
				</div>
			)}
			{submit.isError && (
				<Notice status="error" isDismissible={false} className="paydesk-notice">
					{__("An error occurred while submitting the survey. Please try again.", "paydesk")}
				</Notice>
			)}
		</div>
	);
}
