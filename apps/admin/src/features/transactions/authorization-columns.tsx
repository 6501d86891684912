/**
 * The uncaptured tab's columns (spec 2 "Uncaptured tab", §3 Authorization). Which columns exist,
 * their headings, which are required, which start hidden and which sort is the list's declaration
 * (packages/contract authorization-list.ts); this file gives each column its cell.
 */
import { type AuthorizationColumn, authorizationList } from "@paydesk/contract/authorization-list";
import type { Authorization } from "@paydesk/contract/authorizations";
import { riskLevelLabel } from "@paydesk/domain/transactions";
import { __ } from "@wordpress/i18n";
import { Link, orderUrl } from "../../app/router.tsx";
import { formatMoney, formatStoreDateTime } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { type DeclaredCell, declaredColumns } from "../../components/list/declared-list.ts";
import { countryName } from "../../components/transactions-table/country-name.ts";
import { paymentDetailsUrl } from "../../components/transactions-table/transaction-link.ts";
import { translator } from "../../components/translator.ts";
import { AuthorizationActions } from "./authorization-actions.tsx";

export const UNCAPTURED_HIDDEN_COLUMNS_KEY = "wc_payments_transactions_uncaptured_hidden_columns";

/** Sort keys of the tab; capture_by is sent as created (spec 2). */
export const AUTHORIZATION_SORTABLE = authorizationList.sortColumnKeys;

const CELLS: Readonly<Record<AuthorizationColumn, DeclaredCell<Authorization>>> = {
	created: {
		cell: (row) => (
			<Link href={paymentDetailsUrl(row.payment_intent_id)}>{formatStoreDateTime(row.created)}</Link>
		),
	},
	capture_by: { cell: (row) => formatStoreDateTime(row.capture_by) },
	order: {
		cell: (row) => (row.order_id === null ? "–" : <Link href={orderUrl(row.order_id)}>#{row.order_id}</Link>),
	},
	risk_level: { cell: (row) => riskLevelLabel(row.risk_level, translator) },
	amount: { numeric: true, cell: (row) => formatMoney(row.amount, row.currency) },
	customer_name: { cell: (row) => row.customer_name || "–" },
	customer_email: { cell: (row) => row.customer_email || "–" },
	customer_country: { cell: (row) => countryName(row.customer_country) || "–" },
	action: { cell: (row) => <AuthorizationActions authorization={row} /> },
};

/** The chevron that opens the payment's details, first in the row as in every list. */
const DETAILS_COLUMN: Column<Authorization> = {
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
};

export const AUTHORIZATION_COLUMNS: readonly Column<Authorization>[] = [
	DETAILS_COLUMN,
	...declaredColumns(authorizationList, undefined, CELLS),
];
