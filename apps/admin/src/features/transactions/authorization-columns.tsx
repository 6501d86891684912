/** The uncaptured tab's columns, declared once (spec 2 "Uncaptured tab", §3 Authorization). */
import type { Authorization } from "@paydesk/contract/authorizations";
import { riskLevelLabel } from "@paydesk/domain/transactions";
import { __ } from "@wordpress/i18n";
import { Link, orderUrl } from "../../app/router.tsx";
import { formatMoney, formatStoreDateTime } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { countryName } from "../../components/transactions-table/country-name.ts";
import { paymentDetailsUrl } from "../../components/transactions-table/transaction-link.ts";
import { translator } from "../../components/translator.ts";
import { AuthorizationActions } from "./authorization-actions.tsx";

export const UNCAPTURED_HIDDEN_COLUMNS_KEY = "wc_payments_transactions_uncaptured_hidden_columns";

/** Sort keys of the tab; capture_by is sent as created (spec 2). */
export const AUTHORIZATION_SORTABLE = ["created", "capture_by", "amount"] as const;

export const AUTHORIZATION_COLUMNS: readonly Column<Authorization>[] = [
	{
		key: "details",
		label: __("Details", "paydesk"),
		labelHidden: true,
		required: true,
		cell: (row) => (
			<Link
				href={paymentDetailsUrl(row.payment_intent_id)}
				aria-label={__("View payment details", "paydesk")}
				className="paydesk-details-link"
			>
				<span aria-hidden="true">›</span>
			</Link>
		),
	},
	{
		key: "created",
		label: __("Authorized on", "paydesk"),
		sortable: true,
		required: true,
		cell: (row) => (
			<Link href={paymentDetailsUrl(row.payment_intent_id)}>{formatStoreDateTime(row.created)}</Link>
		),
	},
	{
		key: "capture_by",
		label: __("Capture by", "paydesk"),
		sortable: true,
		required: true,
		cell: (row) => formatStoreDateTime(row.capture_by),
	},
	{
		key: "order",
		label: __("Order #", "paydesk"),
		required: true,
		cell: (row) => (row.order_id === null ? "–" : <Link href={orderUrl(row.order_id)}>#{row.order_id}</Link>),
	},
	{
		key: "risk_level",
		label: __("Risk level", "paydesk"),
		cell: (row) => riskLevelLabel(row.risk_level, translator),
	},
	{
		key: "amount",
		label: __("Amount", "paydesk"),
		sortable: true,
		numeric: true,
		required: true,
		cell: (row) => formatMoney(row.amount, row.currency),
	},
	{ key: "customer_name", label: __("Customer", "paydesk"), cell: (row) => row.customer_name || "–" },
	{
		key: "customer_email",
		label: __("Email", "paydesk"),
		hiddenByDefault: true,
		cell: (row) => row.customer_email || "–",
	},
	{
		key: "customer_country",
		label: __("Country", "paydesk"),
		hiddenByDefault: true,
		cell: (row) => countryName(row.customer_country) || "–",
	},
	{
		key: "action",
		label: __("Action", "paydesk"),
		required: true,
		cell: (row) => <AuthorizationActions authorization={row} />,
	},
];
