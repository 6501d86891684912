/** The disputes table's columns, declared once (spec 3 §2.2): heading, cell, sort, default visibility. */
import type { DisputeListRow } from "@paydesk/contract/disputes";
import { disputeReasonLabel } from "@paydesk/domain/disputes/reasons";
import { disputeStatusDisplay, isEvidenceEditable } from "@paydesk/domain/disputes/statuses";
import { cardBrandLabel } from "@paydesk/domain/payment-methods";
import { __ } from "@wordpress/i18n";
import { disputeChallengeUrl, disputeDetailsUrl } from "../../app/paths.ts";
import { Link } from "../../app/router.tsx";
import { Chip } from "../../components/chip.tsx";
import { DueBy } from "../../components/dispute-panel/due-by.tsx";
import { formatMoney, formatStoreDate } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { translator } from "../../components/translator.ts";

export const DISPUTES_HIDDEN_COLUMNS_KEY = "wc_payments_disputes_hidden_columns";

/** The legacy details route forwards to the payment's details, where the dispute panel is. */
const detailsUrl = (row: DisputeListRow) => disputeDetailsUrl(row.dispute_id);
const challengeUrl = (row: DisputeListRow) => disputeChallengeUrl(row.dispute_id);

export const DISPUTE_COLUMNS: readonly Column<DisputeListRow>[] = [
	{
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
	},
	{
		key: "amount",
		label: __("Amount", "paydesk"),
		sortable: true,
		numeric: true,
		required: true,
		cell: (row) => <Link href={detailsUrl(row)}>{formatMoney(row.amount, row.currency)}</Link>,
	},
	{
		key: "currency",
		label: __("Currency", "paydesk"),
		hiddenByDefault: true,
		cell: (row) => row.currency.toUpperCase(),
	},
	{
		key: "status",
		label: __("Status", "paydesk"),
		cell: (row) => {
			const display = disputeStatusDisplay(row.status, translator);
			return <Chip label={display.label} type={display.chip} />;
		},
	},
	{
		key: "reason",
		label: __("Reason", "paydesk"),
		cell: (row) => disputeReasonLabel(row.reason, translator),
	},
	{ key: "source", label: __("Source", "paydesk"), cell: (row) => cardBrandLabel(row.source, translator) },
	{
		key: "order",
		label: __("Order #", "paydesk"),
		cell: (row) => (row.order ? <Link href={row.order.url}>#{row.order.number}</Link> : "–"),
	},
	{ key: "customerName", label: __("Customer", "paydesk"), cell: (row) => row.customer_name },
	{
		key: "customerEmail",
		label: __("Email", "paydesk"),
		hiddenByDefault: true,
		cell: (row) => row.customer_email,
	},
	{
		key: "customerCountry",
		label: __("Country", "paydesk"),
		hiddenByDefault: true,
		cell: (row) => row.customer_country,
	},
	{
		key: "created",
		label: __("Disputed on", "paydesk"),
		sortable: true,
		hiddenByDefault: true,
		cell: (row) => formatStoreDate(row.created),
	},
	{
		key: "dueBy",
		label: __("Respond by", "paydesk"),
		sortable: true,
		cell: (row) =>
			isEvidenceEditable(row.status) ? (
				<DueBy dueBy={row.due_by} withTime={false} />
			) : (
				formatStoreDate(row.due_by)
			),
	},
	{
		key: "action",
		label: __("Action", "paydesk"),
		required: true,
		cell: (row) =>
			isEvidenceEditable(row.status) ? (
				<Link href={challengeUrl(row)} className="components-button is-secondary is-compact">
					{__("Respond", "paydesk")}
				</Link>
			) : (
				<Link href={detailsUrl(row)} className="components-button is-tertiary is-compact">
					{__("View", "paydesk")}
				</Link>
			),
	},
];
