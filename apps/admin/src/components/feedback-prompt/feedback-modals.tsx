/** The two modals of the feedback prompt: a review request (Yes) and a feedback form (No). */
import {
	closesOnOutsideClick,
	FEEDBACK_TEXT_MAX,
	PLUGIN_REVIEW_URL,
	SUPPORT_URL,
} from "@paydesk/domain/feedback-prompt";
import { Button, ExternalLink, Modal, TextareaControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";

export function ReviewModal({ onClose }: { onClose: () => void }) {
	return (
		<Modal
			title={__("Glad to hear it!", "paydesk")}
			onRequestClose={onClose}
			shouldCloseOnClickOutside={closesOnOutsideClick("review")}
			size="small"
		>
			<p>
				{__(
					"Would you give us 5 stars in the plugin directory? A review helps other merchants choose, and tells us what to keep doing.",
					"paydesk",
				)}
			</p>
			<div className="paydesk-modal-actions">
				<Button variant="tertiary" onClick={onClose}>
					{__("Not now", "paydesk")}
				</Button>
				<Button variant="primary" href={PLUGIN_REVIEW_URL} target="_blank" rel="noreferrer" onClick={onClose}>
					{__("Leave a review", "paydesk")}
				</Button>
			</div>
		</Modal>
	);
}

export function FeedbackModal({
	onClose,
	onSend,
	isSending,
}: {
	onClose: () => void;
	onSend: (text: string) => void;
	isSending: boolean;
}) {
	const [text, setText] = useState("");
	return (
		<Modal
			title={__("How can we do better?", "paydesk")}
			onRequestClose={onClose}
			shouldCloseOnClickOutside={closesOnOutsideClick("feedback")}
			size="medium"
		>
			<TextareaControl
				__nextHasNoMarginBottom
				label={__("Tell us what is missing or not working for you", "paydesk")}
				value={text}
				onChange={setText}
				rows={5}
				maxLength={FEEDBACK_TEXT_MAX}
			/>
			<p className="paydesk-feedback__privacy">
				{__(
					"Please leave out personal and payment details. Your feedback is kept in this store's usage log and is used only to improve the product.",
					"paydesk",
				)}
			</p>
			<p>
				{__("Need help with a problem right now?", "paydesk")}{" "}
				<ExternalLink href={SUPPORT_URL}>{__("Contact support", "paydesk")}</ExternalLink>
			</p>
			<div className="paydesk-modal-actions">
				<Button variant="tertiary" onClick={onClose} disabled={isSending}>
					{__("Close", "paydesk")}
				</Button>
				<Button variant="primary" onClick={() => onSend(text)} isBusy={isSending} disabled={isSending}>
					{__("Send", "paydesk")}
				</Button>
			</div>
		</Modal>
	);
}
