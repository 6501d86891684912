/**
 * The documents table's columns (spec 1 §2.4: Date, Type, Description, Download). Which columns
 * exist, their headings, which are required and which sort is the list's declaration
 * (packages/contract document-list.ts); this file gives each column its cell.
 */
import { type DocumentColumn, documentList } from "@paydesk/contract/document-list";
import type { PaymentDocument } from "@paydesk/contract/documents";
import { formatDate, toEpochSeconds } from "@paydesk/domain/dates";
import { documentDescription, documentTypeLabel } from "@paydesk/domain/documents";
import { Button } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { getSettings } from "../../app/settings.ts";
import { formatStoreDate } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { type DeclaredCell, declaredColumns } from "../../components/list/declared-list.ts";
import { translator } from "../../components/translator.ts";

export const DOCUMENTS_HIDDEN_COLUMNS_KEY = "wc_payments_documents_hidden_columns";

/** Invoice periods are calendar months in UTC, as the partner bills them: shown as such. */
const periodDay = (value: string | number) =>
	formatDate(getSettings().dateFormat, toEpochSeconds(value), "UTC", getSettings().locale.code);

export function documentColumns(
	onDownload: (document: PaymentDocument) => void,
	busyId: string | null,
): Column<PaymentDocument>[] {
	const cells: Readonly<Record<DocumentColumn, DeclaredCell<PaymentDocument>>> = {
		date: { cell: (document) => formatStoreDate(document.date) },
		type: { cell: (document) => documentTypeLabel(document.type, translator) },
		description: { cell: (document) => documentDescription(document, periodDay, translator) },
		download: {
			cell: (document) => (
				<Button
					variant="secondary"
					size="compact"
					isBusy={busyId === document.document_id}
					disabled={busyId === document.document_id}
					accessibleWhenDisabled
					aria-label={sprintf(
						/* translators: %1$s: the document's type, e.g. Tax Invoice, %2$s: its date */
						__("Download %1$s of %2$s", "paydesk"),
						documentTypeLabel(document.type, translator),
						formatStoreDate(document.date),
					)}
					onClick={() => onDownload(document)}
				>
					{__("Download", "paydesk")}
				</Button>
			),
		},
	};
	return declaredColumns(documentList, undefined, cells);
}
