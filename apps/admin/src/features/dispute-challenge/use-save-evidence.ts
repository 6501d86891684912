/**
 * Save for later and Submit (spec 3 §2.4, §5.1, §8): refused while a file uploads, Submit only
 * after the confirmation, then the success notice with its action and the way back to the
 * disputes needing a response; a failure says why.
 */
import { DISPUTE_ERRORS } from "@paydesk/contract/disputes";
import { __, sprintf } from "@wordpress/i18n";
import { ApiError } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { disputeChallengeUrl, disputesAwaitingResponseUrl } from "../../app/paths.ts";
import { navigate } from "../../app/router.tsx";
import { useConfirm } from "../../components/confirm-dialog/use-confirm.tsx";
import { useUpdateDispute } from "../../data/disputes.ts";
import { type EvidenceFormState, isUploading, saveBody } from "./evidence-state.ts";

export function useSaveEvidence(disputeId: string, onSaved: () => void) {
	const mutation = useUpdateDispute(disputeId);
	const { confirm, dialog } = useConfirm();

	const saved = (submit: boolean) => {
		onSaved();
		const challengeUrl = disputeChallengeUrl(disputeId);
		createNotice(
			"success",
			submit ? __("Evidence submitted!", "paydesk") : __("Evidence saved!", "paydesk"),
			{
				actions: [
					{
						label: submit
							? __("View submitted evidence", "paydesk")
							: __("Return to evidence submission", "paydesk"),
						onClick: () => navigate(challengeUrl),
					},
				],
			},
		);
		navigate(disputesAwaitingResponseUrl());
	};

	const failed = (submit: boolean, error: Error) => {
		const template = submit
			? __("Failed to submit evidence. (%s)", "paydesk")
			: __("Failed to save evidence. (%s)", "paydesk");
		// The server refuses evidence past a limit whole (spec 3 §5.1); say so in the spec's words.
		const reason =
			error instanceof ApiError && error.code === DISPUTE_ERRORS.evidenceTooLong
				? __("Reached maximum character count for evidence", "paydesk")
				: error.message;
		createNotice("error", sprintf(template, reason));
	};

	const save = async (state: EvidenceFormState, submit: boolean) => {
		if (mutation.isPending) return;
		if (isUploading(state)) {
			createNotice("error", __("Please wait until file upload is finished", "paydesk"));
			return;
		}
		if (
			submit &&
			!(await confirm({
				title: __("Submit evidence", "paydesk"),
				children: __(
					"Are you sure you're ready to submit this evidence? Evidence submissions are final.",
					"paydesk",
				),
				confirmLabel: __("Submit", "paydesk"),
			}))
		)
			return;
		mutation.mutate(saveBody(state, submit), {
			onSuccess: () => saved(submit),
			onError: (error) => failed(submit, error),
		});
	};

	return { save, dialog, isSaving: mutation.isPending, savingSubmit: mutation.variables?.submit === true };
}
