/**
 * The transactions table's columns, declared once (spec 2 "Transactions"): the transactions
 * screen and a payout's own transaction list both build their table from here. Which columns
 * exist, which are required and which start hidden is the rule in packages/domain; this file
 * gives each its heading and cell.
 */
import type { Transaction } from "@paydesk/contract/transactions";
import {
	channelLabel,
	HIDDEN_BY_DEFAULT_TRANSACTION_COLUMNS,
	REQUIRED_TRANSACTION_COLUMNS,
	riskLevelLabel,
	type TransactionColumn,
	transactionColumns,
	transactionTypeLabel,
} from "@paydesk/domain/transactions";
import { __ } from "@wordpress/i18n";
import { Link } from "../../app/router.tsx";
import { formatMoney, formatStoreDateTime } from "../format.ts";
import type { Column } from "../list/data-table.tsx";
import { translator } from "../translator.ts";
import { countryName } from "./country-name.ts";
import {
	CustomerCell,
	DetailsCell,
	OrderCell,
	PayoutDateCell,
	PayoutStatusCell,
	paymentMethodText,
	SubscriptionsCell,
} from "./transaction-cells.tsx";
import { transactionDetailsUrl } from "./transaction-link.ts";

/** The column visibility preference of the transactions table (spec 2). */
export const TRANSACTIONS_HIDDEN_COLUMNS_KEY = "wc_payments_transactions_hidden_columns";

type Declaration = Omit<Column<Transaction>, "key" | "required" | "hiddenByDefault">;

const money = (amount: number | null, currency: string | null) =>
	amount === null || !currency ? "–" : formatMoney(amount, currency);

const DECLARATIONS: Readonly<Record<TransactionColumn, () => Declaration>> = {
	transaction_id: () => ({ label: __("Transaction ID", "paydesk"), cell: (row) => row.transaction_id }),
	date: () => ({
		label: __("Date / Time", "paydesk"),
		sortable: true,
		cell: (row) => (
			<DetailsCell href={transactionDetailsUrl(row)}>{formatStoreDateTime(row.date)}</DetailsCell>
		),
	}),
	type: () => ({
		label: __("Type", "paydesk"),
		cell: (row) => transactionTypeLabel(row.type, translator),
	}),
	channel: () => ({
		label: __("Channel", "paydesk"),
		cell: (row) => (row.channel ? channelLabel(row.channel, translator) || row.channel : "–"),
	}),
	customer_currency: () => ({
		label: __("Paid currency", "paydesk"),
		cell: (row) => row.customer_currency?.toUpperCase() ?? "–",
	}),
	customer_amount: () => ({
		label: __("Amount paid", "paydesk"),
		numeric: true,
		cell: (row) => money(row.customer_amount, row.customer_currency),
	}),
	currency: () => ({ label: __("Payout currency", "paydesk"), cell: (row) => row.currency.toUpperCase() }),
	amount: () => ({
		label: __("Amount", "paydesk"),
		sortable: true,
		numeric: true,
		cell: (row) => formatMoney(row.amount, row.currency),
	}),
	fees: () => ({
		label: __("Fees", "paydesk"),
		sortable: true,
		numeric: true,
		// Fees are what the store pays: shown as money leaving the balance.
		cell: (row) => formatMoney(row.fees === 0 ? 0 : -row.fees, row.currency),
	}),
	net: () => ({
		label: __("Net", "paydesk"),
		sortable: true,
		numeric: true,
		cell: (row) => formatMoney(row.net, row.currency),
	}),
	order: () => ({ label: __("Order #", "paydesk"), cell: (row) => <OrderCell order={row.order} /> }),
	subscriptions: () => ({
		label: __("Subscription #", "paydesk"),
		cell: (row) => <SubscriptionsCell order={row.order} />,
	}),
	source: () => ({
		label: __("Payment method", "paydesk"),
		cell: (row) => paymentMethodText(row.source, row.source_identifier),
	}),
	customer_name: () => ({
		label: __("Customer", "paydesk"),
		cell: (row) => <CustomerCell transaction={row} />,
	}),
	customer_email: () => ({ label: __("Email", "paydesk"), cell: (row) => row.customer_email ?? "–" }),
	customer_country: () => ({
		label: __("Country", "paydesk"),
		cell: (row) => countryName(row.customer_country) || "–",
	}),
	risk_level: () => ({
		label: __("Risk level", "paydesk"),
		cell: (row) => riskLevelLabel(row.risk_level, translator),
	}),
	deposit_id: () => ({ label: __("Payout ID", "paydesk"), cell: (row) => row.deposit_id ?? "–" }),
	deposit: () => ({
		label: __("Payout date", "paydesk"),
		cell: (row) => <PayoutDateCell transaction={row} />,
	}),
	deposit_status: () => ({
		label: __("Payout status", "paydesk"),
		cell: (row) => <PayoutStatusCell status={row.deposit_status} />,
	}),
};

/** The chevron that opens a row's payment details, first in the row as in every list. */
function detailsColumn(): Column<Transaction> {
	return {
		key: "details",
		label: __("Details", "paydesk"),
		labelHidden: true,
		required: true,
		cell: (row) => {
			const href = transactionDetailsUrl(row);
			return href ? (
				<Link href={href} aria-label={__("View payment details", "paydesk")} className="paydesk-details-link">
					<span aria-hidden="true">›</span>
				</Link>
			) : null;
		},
	};
}

export interface TransactionTableContext {
	/** The subscriptions column exists only when subscriptions are active. */
	subscriptionsActive: boolean;
	/** A payout's own list has no payout columns. */
	inPayout: boolean;
}

export function transactionTableColumns(context: TransactionTableContext): Column<Transaction>[] {
	return [
		detailsColumn(),
		...transactionColumns(context).map((key) => ({
			key,
			required: REQUIRED_TRANSACTION_COLUMNS.includes(key),
			hiddenByDefault: HIDDEN_BY_DEFAULT_TRANSACTION_COLUMNS.includes(key),
			...DECLARATIONS[key](),
		})),
	];
}

export function defaultHiddenColumns<Row>(columns: readonly Column<Row>[]): string[] {
	return columns.filter((column) => column.hiddenByDefault).map((column) => column.key);
}
