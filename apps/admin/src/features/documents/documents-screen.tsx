/**
 * /payments/documents (spec 1 §2.4): filters, then the documents table with its summary. A
 * tax invoice asks for tax details first; document_id with document_type in the URL downloads
 * that document at once.
 */
import "./documents.css";
import { documentQueries } from "@paydesk/contract/documents";
import { __, _n } from "@wordpress/i18n";
import { useEffect } from "react";
import { updateQuery, useLocation } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import { formatNumber } from "../../components/format.ts";
import type { SummaryItem } from "../../components/list/data-table.tsx";
import { ListScreen } from "../../components/list/list-screen.tsx";
import { useDocuments, useDocumentsSummary } from "../../data/documents.ts";
import { DOCUMENTS_HIDDEN_COLUMNS_KEY, documentColumns } from "./document-columns.tsx";
import { DOCUMENT_FILTER_FIELDS, documentsListState, requestedDownload } from "./documents-list-state.ts";
import { TaxDetailsModal } from "./tax-details-modal.tsx";
import { useDocumentDownload } from "./use-document-download.ts";

export default function DocumentsScreen() {
	const { query } = useLocation();
	const state = documentsListState(query);
	const list = useDocuments(state.listQuery);
	const summary = useDocumentsSummary(state.filters);
	const downloads = useDocumentDownload();
	const fromUrl = requestedDownload(query);

	// A link with document_id and document_type downloads once; the URL then forgets it.
	// biome-ignore lint/correctness/useExhaustiveDependencies: only a new requested document starts a download
	useEffect(() => {
		if (!fromUrl) return;
		updateQuery({ document_id: undefined, document_type: undefined }, { replace: true });
		downloads.request({ document_id: fromUrl.id, type: fromUrl.type });
	}, [fromUrl?.id, fromUrl?.type]);

	const count = summary.data?.count;
	const summaryItems: SummaryItem[] =
		count === undefined
			? []
			: [{ label: _n("document", "documents", count, "paydesk"), value: formatNumber(count) }];
	const settings = getSettings();

	return (
		<div className="paydesk-page paydesk-documents">
			<ListScreen
				filters={{
					things: __("Documents", "paydesk"),
					allLabel: __("All documents", "paydesk"),
					fields: DOCUMENT_FILTER_FIELDS,
				}}
				title={__("Documents", "paydesk")}
				columns={documentColumns(downloads.request, downloads.busyId)}
				rowKey={(document) => document.document_id}
				hiddenColumnsKey={DOCUMENTS_HIDDEN_COLUMNS_KEY}
				list={list}
				paging={state.paging}
				defaultOrder={documentQueries.defaultOrder}
				listQuery={state.listQuery}
				summary={summaryItems}
				emptyMessage={
					state.hasFilters
						? __("No documents match these filters.", "paydesk")
						: __("There are no documents yet.", "paydesk")
				}
			/>
			{downloads.awaitingTaxDetails && (
				<TaxDetailsModal
					country={settings.accountStatus?.country ?? settings.connect.country}
					onSaved={downloads.taxDetailsSaved}
					onRequestClose={downloads.cancel}
				/>
			)}
		</div>
	);
}
