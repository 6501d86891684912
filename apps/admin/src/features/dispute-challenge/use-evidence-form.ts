/**
 * The challenge form's behaviour (spec 3 §4.2, §5.1): text past the field's or the total limit
 * refused whole with the spec's notice each time, uploads checked against the dispute's
 * 4,500,000 bytes before they start, and the upload state of each file field.
 */
import type { Dispute } from "@paydesk/contract/disputes";
import { getFileContent, uploadFile } from "@paydesk/contract/files";
import { isEvidenceKey } from "@paydesk/domain/disputes/evidence-fields";
import { canAddEvidenceFile, evidenceTextRefusal } from "@paydesk/domain/disputes/evidence-limits";
import { __ } from "@wordpress/i18n";
import { useReducer, useRef } from "react";
import { ApiError, callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { saveFile } from "../../components/save-file.ts";
import { evidenceReducer, initialEvidenceState } from "./evidence-state.ts";

/** The notice of spec 3 §5.1's text limits: one on screen, raised again by each refusal. */
export const EVIDENCE_TEXT_LIMIT_NOTICE = "evidence-text-limit";

export function useEvidenceForm(dispute: Dispute) {
	const [state, dispatch] = useReducer(evidenceReducer, dispute, initialEvidenceState);
	// The reducer's latest state, for uploads that finish after later edits.
	const latest = useRef(state);
	latest.current = state;

	const setText = (key: string, value: string) => {
		if (!isEvidenceKey(key)) return;
		if (evidenceTextRefusal(latest.current.evidence, key, value)) {
			// Every refused input says so again (one notice on screen, by its id): the field
			// keeps its text, and the merchant must know the paste or keystroke did not go in.
			createNotice("error", __("Reached maximum character count for evidence", "paydesk"), {
				id: EVIDENCE_TEXT_LIMIT_NOTICE,
			});
			return;
		}
		dispatch({ type: "text", key, value });
	};

	const upload = async (key: string, file: File) => {
		if (!canAddEvidenceFile(latest.current.fileSizes, key, file.size)) {
			const tooLarge = __(
				"The files you uploaded exceed the 4.5 MB limit for a dispute's total size. Please try smaller files, or images with a lower resolution.",
				"paydesk",
			);
			createNotice("info", tooLarge, { id: "evidence-files-limit" });
			return;
		}
		dispatch({ type: "upload-start", key });
		const body = new FormData();
		body.append("file", file);
		body.append("purpose", "dispute_evidence");
		try {
			const uploaded = await callRoute(uploadFile, { body });
			dispatch({ type: "upload-done", key, file: uploaded });
		} catch (error) {
			const message =
				error instanceof ApiError ? error.message : __("The file could not be uploaded.", "paydesk");
			dispatch({ type: "upload-error", key, message });
		}
	};

	const download = async (fileId: string) => {
		try {
			const file = await callRoute(getFileContent, { params: { id: fileId } });
			const bytes = Uint8Array.from(atob(file.file_content), (char) => char.charCodeAt(0));
			saveFile(new Blob([bytes], { type: file.content_type }), file.filename);
		} catch {
			createNotice("error", __("Error downloading file", "paydesk"));
		}
	};

	return {
		state,
		setText,
		setProductType: (value: string) => dispatch({ type: "product-type", value }),
		upload,
		removeFile: (key: string) => dispatch({ type: "remove-file", key }),
		download,
		markSaved: () => dispatch({ type: "saved" }),
	};
}

export type EvidenceForm = ReturnType<typeof useEvidenceForm>;
