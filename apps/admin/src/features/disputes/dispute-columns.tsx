/**
 * The disputes table's columns (spec 3 §2.2). Which columns exist, their headings, which are
 * required, which start hidden and which sort is the list's declaration (packages/contract
 * dispute-list.ts); this file gives each column its cell.
 */
import { type DisputeColumn, disputeList } from "@paydesk/contract/dispute-list";
import type { DisputeListRow } from "@paydesk/contract/disputes";
import { disputeReasonLabel } from "@paydesk/domain/disputes/reasons";
import { disputeStatusDisplay, isEvidenceEditable } from "@paydesk/domain/disputes/statuses";
import { cardBrandLabel } from "@paydesk/domain/payment-methods";
import { __ } from "@wordpress/i18n";
import { disputeChallengeUrl, disputeDetailsUrl } from "../../app/paths.ts";
import { Link } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { Chip } from "../../components/chip.tsx";
import { DueBy } from "../../components/dispute-panel/due-by.tsx";
import { formatMoney, formatStoreDate } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { type DeclaredCell, declaredColumns } from "../../components/list/declared-list.ts";
import { translator } from "../../components/translator.ts";

export const DISPUTES_HIDDEN_COLUMNS_KEY = "wc_payments_disputes_hidden_columns";

/** The legacy details route forwards to the payment's details, where the dispute panel is. */
const detailsUrl = (row: DisputeListRow) => disputeDetailsUrl(row.dispute_id);
const challengeUrl = (row: DisputeListRow) => disputeChallengeUrl(row.dispute_id);

/** Respond while the dispute needs a response, for those who may answer it; else View. */
function DisputeRowAction({ row }: { row: DisputeListRow }) {
	const canRespond = useCan("manage_woocommerce");
	return canRespond && isEvidenceEditable(row.status) ? (
		<Link href={challengeUrl(row)} className="components-button is-secondary is-compact">
			{__("Respond", "paydesk")}
		</Link>
	) : (
		<Link href={detailsUrl(row)} className="components-button is-tertiary is-compact">
			{__("View", "paydesk")}
		</Link>
	);
}

const CELLS: Readonly<Record<DisputeColumn, DeclaredCell<DisputeListRow>>> = {
	amount: {
		numeric: true,
		cell: (row) => <Link href={detailsUrl(row)}>{formatMoney(row.amount, row.currency)}</Link>,
	},
	currency: { cell: (row) => row.currency.toUpperCase() },
	status: {
		cell: (row) => {
			const display = disputeStatusDisplay(row.status, translator);
			return <Chip label={display.label} type={display.chip} />;
		},
	},
	reason: { cell: (row) => disputeReasonLabel(row.reason, translator) },
	source: { cell: (row) => cardBrandLabel(row.source, translator) },
	order: { cell: (row) => (row.order ? <Link href={row.order.url}>#{row.order.number}</Link> : "–") },
	customer_name: { cell: (row) => row.customer_name },
	customer_email: { cell: (row) => row.customer_email },
	customer_country: { cell: (row) => row.customer_country },
	created: { cell: (row) => formatStoreDate(row.created) },
	due_by: {
		cell: (row) =>
			isEvidenceEditable(row.status) ? (
				<DueBy dueBy={row.due_by} withTime={false} />
			) : (
				formatStoreDate(row.due_by)
			),
	},
	action: { cell: (row) => <DisputeRowAction row={row} /> },
};

/** The chevron that opens a dispute's details, first in the row as in every list. */
const DETAILS_COLUMN: Column<DisputeListRow> = {
	key: "details",
	label: __("Details", "paydesk"),
	labelHidden: true,
	required: true,
	cell: (row) => (
		<Link
			href={detailsUrl(row)}
			aria-label={__("View dispute details", "paydesk")}
			className="paydesk-details-link"
		>
			<span aria-hidden="true">›</span>
		</Link>
	),
};

export const DISPUTE_COLUMNS: readonly Column<DisputeListRow>[] = [
	DETAILS_COLUMN,
	...declaredColumns(disputeList, undefined, CELLS),
];
