/** The documents table's columns, declared once (spec 1 §2.4: Date, Type, Description, Download). */
import type { PaymentDocument } from "@paydesk/contract/documents";
import { formatDate, toEpochSeconds } from "@paydesk/domain/dates";
import { documentDescription, documentTypeLabel } from "@paydesk/domain/documents";
import { Button } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { getSettings } from "../../app/settings.ts";
import { formatStoreDate } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { translator } from "../../components/translator.ts";

export const DOCUMENTS_HIDDEN_COLUMNS_KEY = "wc_payments_documents_hidden_columns";

/** Invoice periods are calendar months in UTC, as the partner bills them: shown as such. */
const periodDay = (value: string | number) =>
	formatDate(getSettings().dateFormat, toEpochSeconds(value), "UTC", getSettings().locale.code);

export function documentColumns(
	onDownload: (document: PaymentDocument) => void,
	busyId: string | null,
): Column<PaymentDocument>[] {
	return [
		{
			key: "date",
			label: __("Date", "paydesk"),
			sortable: true,
			required: true,
			cell: (document) => formatStoreDate(document.date),
		},
		{
			key: "type",
			label: __("Type", "paydesk"),
			cell: (document) => documentTypeLabel(document.type, translator),
		},
		{
			key: "description",
			label: __("Description", "paydesk"),
			cell: (document) => documentDescription(document, periodDay, translator),
		},
		{
			key: "download",
			label: __("Download", "paydesk"),
			required: true,
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
	];
}
