/**
 * The challenge form's state (spec 3 §3.1 client-side fields, §4.2): evidence and metadata as
 * saved plus the merchant's edits, each file field's size and upload state, and whether
 * anything changed since the last save. A pure reducer, so the rules are easy to test.
 */
import type { Dispute } from "@paydesk/contract/disputes";
import type { UploadedFile } from "@paydesk/contract/files";
import { DISPUTE_METADATA_KEYS } from "@paydesk/domain/disputes/statuses";

export type UploadStatus = "idle" | "uploading" | "done" | "error";

export interface EvidenceFormState {
	evidence: Record<string, string>;
	metadata: Record<string, string>;
	/** Bytes of the file in each file field (client side only). */
	fileSizes: Record<string, number>;
	/** Upload state per file field, and the message of a failed upload. */
	uploads: Record<string, { status: UploadStatus; error?: string }>;
	dirty: boolean;
}

export type EvidenceAction =
	| { type: "text"; key: string; value: string }
	| { type: "product-type"; value: string }
	| { type: "upload-start"; key: string }
	| { type: "upload-done"; key: string; file: UploadedFile }
	| { type: "upload-error"; key: string; message: string }
	| { type: "remove-file"; key: string }
	| { type: "saved" };

export function initialEvidenceState(dispute: Dispute): EvidenceFormState {
	const fileSizes: Record<string, number> = {};
	const uploads: EvidenceFormState["uploads"] = {};
	for (const [key, file] of Object.entries(dispute.evidence_files)) {
		fileSizes[key] = file.size;
		uploads[key] = { status: "done" };
	}
	return {
		evidence: { ...dispute.evidence },
		metadata: { ...dispute.metadata },
		fileSizes,
		uploads,
		dirty: false,
	};
}

function clearFile(state: EvidenceFormState, key: string): Omit<EvidenceFormState, "uploads" | "dirty"> {
	const { [key]: _size, ...fileSizes } = state.fileSizes;
	return {
		// An empty value tells the server to clear the saved field.
		evidence: { ...state.evidence, [key]: "" },
		metadata: { ...state.metadata, [key]: "" },
		fileSizes,
	};
}

export function evidenceReducer(state: EvidenceFormState, action: EvidenceAction): EvidenceFormState {
	switch (action.type) {
		case "text":
			return { ...state, evidence: { ...state.evidence, [action.key]: action.value }, dirty: true };
		case "product-type":
			return {
				...state,
				metadata: { ...state.metadata, [DISPUTE_METADATA_KEYS.productType]: action.value },
				dirty: true,
			};
		case "upload-start":
			return { ...state, uploads: { ...state.uploads, [action.key]: { status: "uploading" } } };
		case "upload-done":
			return {
				...state,
				evidence: { ...state.evidence, [action.key]: action.file.id },
				metadata: { ...state.metadata, [action.key]: action.file.filename },
				fileSizes: { ...state.fileSizes, [action.key]: action.file.size },
				uploads: { ...state.uploads, [action.key]: { status: "done" } },
				dirty: true,
			};
		case "upload-error":
			return {
				...state,
				...clearFile(state, action.key),
				uploads: { ...state.uploads, [action.key]: { status: "error", error: action.message } },
				dirty: true,
			};
		case "remove-file":
			return {
				...state,
				...clearFile(state, action.key),
				uploads: { ...state.uploads, [action.key]: { status: "idle" } },
				dirty: true,
			};
		case "saved":
			return { ...state, dirty: false };
	}
}

export function isUploading(state: EvidenceFormState): boolean {
	return Object.values(state.uploads).some((upload) => upload.status === "uploading");
}

/** What a save sends: every edited field (empty ones clear), and the merchant's metadata. */
export function saveBody(state: EvidenceFormState, submit: boolean) {
	const reserved: readonly string[] = [
		DISPUTE_METADATA_KEYS.evidenceSubmittedAt,
		DISPUTE_METADATA_KEYS.closedAt,
		DISPUTE_METADATA_KEYS.closedByMerchant,
	];
	const metadata = Object.fromEntries(
		Object.entries(state.metadata).filter(([key]) => !reserved.includes(key)),
	);
	return { evidence: state.evidence, metadata, submit };
}
