/** The blocked tab's columns, declared once (spec 2 "Blocked tab", §3 Blocked transaction). */
import type { BlockedTransaction } from "@paydesk/contract/fraud-outcomes";
import { fraudOutcomeStatusLabel } from "@paydesk/domain/transactions";
import { __ } from "@wordpress/i18n";
import { Link, orderUrl } from "../../app/router.tsx";
import { Chip } from "../../components/chip.tsx";
import { formatMoney, formatStoreDateTime } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
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

export const BLOCKED_COLUMNS: readonly Column<BlockedTransaction>[] = [
	{
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
	},
	{
		key: "date",
		label: __("Date / Time", "paydesk"),
		sortable: true,
		required: true,
		cell: (row) => (
			<Link href={paymentDetailsUrl(row.payment_intent.id)}>{formatStoreDateTime(row.created)}</Link>
		),
	},
	{
		key: "amount",
		label: __("Amount", "paydesk"),
		sortable: true,
		numeric: true,
		required: true,
		cell: (row) => formatMoney(row.amount, row.currency),
	},
	{
		key: "order",
		label: __("Order #", "paydesk"),
		required: true,
		cell: (row) => (row.order_id === null ? "–" : <Link href={orderUrl(row.order_id)}>#{row.order_id}</Link>),
	},
	{ key: "customer_name", label: __("Customer", "paydesk"), cell: (row) => row.customer_name || "–" },
	{ key: "status", label: __("Status", "paydesk"), cell: (row) => <FraudOutcomeChip status={row.status} /> },
	{
		key: "payment_intent",
		label: __("Payment ID", "paydesk"),
		hiddenByDefault: true,
		cell: (row) => row.payment_intent.id,
	},
];
