/**
 * The blocked tab's columns (spec 2 "Blocked tab", §3 Blocked transaction). Which columns exist,
 * their headings, which are required, which start hidden and which sort is the list's declaration
 * (packages/contract fraud-outcome-list.ts); this file gives each column its cell.
 */
import { type FraudOutcomeColumn, fraudOutcomeList } from "@paydesk/contract/fraud-outcome-list";
import type { BlockedTransaction } from "@paydesk/contract/fraud-outcomes";
import { fraudOutcomeStatusLabel } from "@paydesk/domain/transactions";
import { __ } from "@wordpress/i18n";
import { Link, orderUrl } from "../../app/router.tsx";
import { Chip } from "../../components/chip.tsx";
import { formatMoney, formatStoreDateTime } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { type DeclaredCell, declaredColumns } from "../../components/list/declared-list.ts";
import { paymentDetailsUrl } from "../../components/transactions-table/transaction-link.ts";
import { translator } from "../../components/translator.ts";

export const BLOCKED_HIDDEN_COLUMNS_KEY = "wc_payments_transactions_blocked_hidden_columns";

export function FraudOutcomeChip({ status }: { status: string }) {
	return (
		<Chip
			label={fraudOutcomeStatusLabel(status, translator)}
			type={status === "block" ? "alert" : status === "review" ? "warning" : "success"}
		/>
	);
}

const CELLS: Readonly<Record<FraudOutcomeColumn, DeclaredCell<BlockedTransaction>>> = {
	date: {
		cell: (row) => (
			<Link href={paymentDetailsUrl(row.payment_intent.id)}>{formatStoreDateTime(row.created)}</Link>
		),
	},
	amount: { numeric: true, cell: (row) => formatMoney(row.amount, row.currency) },
	order: {
		cell: (row) => (row.order_id === null ? "–" : <Link href={orderUrl(row.order_id)}>#{row.order_id}</Link>),
	},
	customer_name: { cell: (row) => row.customer_name || "–" },
	status: { cell: (row) => <FraudOutcomeChip status={row.status} /> },
	payment_intent: { cell: (row) => row.payment_intent.id },
};

/** The chevron that opens the payment's details, first in the row as in every list. */
const DETAILS_COLUMN: Column<BlockedTransaction> = {
	key: "details",
	label: __("Details", "paydesk"),
	labelHidden: true,
	required: true,
	cell: (row) => (
		<Link
			href={paymentDetailsUrl(row.payment_intent.id)}
			aria-label={__("View payment details", "paydesk")}
			className="paydesk-details-link"
		>
			<span aria-hidden="true">›</span>
		</Link>
	),
};

export const BLOCKED_COLUMNS: readonly Column<BlockedTransaction>[] = [
	DETAILS_COLUMN,
	...declaredColumns(fraudOutcomeList, undefined, CELLS),
];
