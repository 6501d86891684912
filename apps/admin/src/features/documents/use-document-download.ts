/**
 * Downloading a document (spec 1 §4.6): a tax invoice needs tax details first, so without them
 * the 'Set your tax details' modal opens and the download proceeds once they are saved. The
 * PDF is fetched with the REST nonce (`_wpnonce`, as downloads carry it) and saved under the
 * server's file name, so a refusal shows a notice instead of an error page. Tax details are the
 * account's: a payments viewer is told they are missing instead of being asked for them.
 */
import { downloadDocument } from "@paydesk/contract/documents";
import { requiresTaxDetails } from "@paydesk/domain/documents";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { ApiError, apiFetch, routeUrl } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { useCan } from "../../app/routes.ts";
import { getSettings, setSettings } from "../../app/settings.ts";
import { attachmentName, saveFile } from "../../components/save-file.ts";

export interface DownloadableDocument {
	document_id: string;
	type: string;
}

const hasSubmittedTaxDetails = () => getSettings().accountStatus?.hasSubmittedVatData === true;

/** Remembers saved tax details in the page settings, so the modal is not asked for again. */
function rememberTaxDetails(): void {
	const settings = getSettings();
	if (!settings.accountStatus) return;
	setSettings({ ...settings, accountStatus: { ...settings.accountStatus, hasSubmittedVatData: true } });
}

async function fetchDocument(document: DownloadableDocument): Promise<void> {
	const url = routeUrl(downloadDocument, {
		params: { id: document.document_id },
		query: { _wpnonce: getSettings().restNonce },
	});
	const response = await apiFetch(url);
	const fileName = attachmentName(response.headers.get("content-disposition"), `${document.document_id}.pdf`);
	saveFile(await response.blob(), fileName);
}

export function useDocumentDownload() {
	const [awaitingTaxDetails, setAwaitingTaxDetails] = useState<DownloadableDocument | null>(null);
	const [busyId, setBusyId] = useState<string | null>(null);
	const canSetTaxDetails = useCan("manage_woocommerce");
	const askForTaxDetails = (document: DownloadableDocument) => {
		if (canSetTaxDetails) setAwaitingTaxDetails(document);
		else
			createNotice(
				"error",
				__(
					"This invoice needs the account's tax details first: ask someone who manages the store to set them.",
					"paydesk",
				),
				{ id: "document-download" },
			);
	};

	const download = async (document: DownloadableDocument) => {
		setBusyId(document.document_id);
		try {
			await fetchDocument(document);
		} catch (error) {
			// The server knows best: tax details may be missing after all.
			if (error instanceof ApiError && error.code === "wcpay_tax_details_missing") {
				askForTaxDetails(document);
			} else {
				createNotice("error", error instanceof ApiError ? error.message : "Error downloading file", {
					id: "document-download",
				});
			}
		} finally {
			setBusyId(null);
		}
	};

	return {
		busyId,
		awaitingTaxDetails,
		request(document: DownloadableDocument) {
			if (requiresTaxDetails(document.type) && !hasSubmittedTaxDetails()) askForTaxDetails(document);
			else void download(document);
		},
		taxDetailsSaved() {
			rememberTaxDetails();
			const document = awaitingTaxDetails;
			setAwaitingTaxDetails(null);
			if (document) void download(document);
		},
		cancel() {
			setAwaitingTaxDetails(null);
		},
	};
}
