/**
 * A file evidence field (spec 3 §4.2): idle, uploading, then done with the file's name (which
 * opens the image or PDF in place, from /file/{name} as spec 3 §7 says, in a new tab) and a
 * Download button, or an error shown on the field; removal clears the field and its size.
 */

import { serveFile } from "@paydesk/contract/files";
import { EVIDENCE_FILE_ACCEPT } from "@paydesk/domain/disputes/evidence-limits";
import type { EvidenceField } from "@paydesk/domain/disputes/evidence-sections";
import { BaseControl, Button, Spinner } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useId } from "react";
import { routeUrl } from "../../app/api.ts";
import { getSettings } from "../../app/settings.ts";
import { useFileDetails } from "../../data/files.ts";
import type { EvidenceForm } from "./use-evidence-form.ts";

/**
 * The name a saved file is shown under: the one saved with the evidence, or else the file's own
 * from its details.
 */
function useSavedFileName(fileId: string | undefined, savedName: string | undefined): string | undefined {
	const details = useFileDetails(fileId, !savedName);
	return savedName || details.data?.filename || fileId;
}

export function FileField({
	field,
	form,
	readOnly,
}: {
	field: EvidenceField;
	form: EvidenceForm;
	readOnly: boolean;
}) {
	const id = useId();
	const { evidence, metadata, uploads } = form.state;
	const fileId = evidence[field.key];
	const upload = uploads[field.key] ?? { status: fileId ? "done" : "idle" };
	const uploading = upload.status === "uploading";
	const fileName = useSavedFileName(fileId, metadata[field.key]);

	return (
		<BaseControl
			__nextHasNoMarginBottom
			id={id}
			label={field.label}
			help={field.description}
			className={`paydesk-file-field is-${upload.status}`}
		>
			<div className="paydesk-file-field__row">
				{uploading && (
					<span className="paydesk-file-field__status" role="status">
						<Spinner /> {__("Uploading…", "paydesk")}
					</span>
				)}
				{!uploading && fileId && (
					<>
						<a
							href={routeUrl(serveFile, {
								params: { name: fileId },
								query: { _wpnonce: getSettings().restNonce },
							})}
							target="_blank"
							rel="noopener noreferrer"
						>
							{fileName} <span className="screen-reader-text">{__("(opens in a new tab)", "paydesk")}</span>
						</a>
						<Button
							variant="tertiary"
							size="compact"
							onClick={() => void form.download(fileId)}
							label={sprintf(
								/* translators: %s: the evidence file's name */
								__("Download %s", "paydesk"),
								fileName ?? "",
							)}
						>
							{__("Download", "paydesk")}
						</Button>
					</>
				)}
				{!readOnly && !uploading && (
					<>
						<input
							id={id}
							type="file"
							className="paydesk-file-field__input"
							accept={EVIDENCE_FILE_ACCEPT}
							aria-label={field.label}
							onChange={(event) => {
								const file = event.target.files?.[0];
								event.target.value = "";
								if (file) void form.upload(field.key, file);
							}}
						/>
						<label htmlFor={id} className="components-button is-secondary is-compact">
							{fileId ? __("Replace file", "paydesk") : __("Upload file", "paydesk")}
						</label>
					</>
				)}
				{!readOnly && !uploading && fileId && (
					<Button
						variant="tertiary"
						isDestructive
						size="compact"
						onClick={() => form.removeFile(field.key)}
						label={sprintf(
							/* translators: %s: the evidence file's field, e.g. Order receipt */
							__("Remove %s", "paydesk"),
							field.label,
						)}
					>
						{__("Remove", "paydesk")}
					</Button>
				)}
				{readOnly && !fileId && <span className="paydesk-muted">{__("No file", "paydesk")}</span>}
			</div>
			{upload.status === "error" && (
				<p className="paydesk-file-field__error" role="alert">
					{upload.error}
				</p>
			)}
		</BaseControl>
	);
}
