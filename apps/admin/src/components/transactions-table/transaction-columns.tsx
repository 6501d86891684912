/**
 * The transactions table's columns (spec 2 "Transactions"): the transactions screen and a
 * payout's own transaction list both build their table from here. Which columns exist, their
 * headings, which are required, which start hidden and which sort is the list's declaration
 * (packages/contract transaction-list.ts); this file gives each column its cell.
 */
import {
	type TransactionColumn,
	type TransactionTableContext,
	transactionList,
} from "@paydesk/contract/transaction-list";
import type { Transaction } from "@paydesk/contract/transactions";
import { channelLabel, riskLevelLabel, transactionTypeLabel } from "@paydesk/domain/transactions";
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

type Cell = Pick<Column<Transaction>, "cell" | "numeric">;

const money = (amount: number | null, currency: string | null) =>
	amount === null || !currency ? "–" : formatMoney(amount, currency);

const CELLS: Readonly<Record<TransactionColumn, Cell>> = {
	transaction_id: { cell: (row) => row.transaction_id },
	date: {
		cell: (row) => (
			<DetailsCell href={transactionDetailsUrl(row)}>{formatStoreDateTime(row.date)}</DetailsCell>
		),
	},
	type: {
		cell: (row) => transactionTypeLabel(row.type, translator),
	},
	channel: {
		cell: (row) => (row.channel ? channelLabel(row.channel, translator) || row.channel : "–"),
	},
	customer_currency: {
		cell: (row) => row.customer_currency?.toUpperCase() ?? "–",
	},
	customer_amount: {
		numeric: true,
		cell: (row) => money(row.customer_amount, row.customer_currency),
	},
	currency: { cell: (row) => row.currency.toUpperCase() },
	amount: {
		numeric: true,
		cell: (row) => formatMoney(row.amount, row.currency),
	},
	fees: {
		numeric: true,
		// Fees are what the store pays: shown as money leaving the balance.
		cell: (row) => formatMoney(row.fees === 0 ? 0 : -row.fees, row.currency),
	},
	net: {
		numeric: true,
		cell: (row) => formatMoney(row.net, row.currency),
	},
	order: { cell: (row) => <OrderCell order={row.order} /> },
	subscriptions: {
		cell: (row) => <SubscriptionsCell order={row.order} />,
	},
	source: {
		cell: (row) => paymentMethodText(row.source, row.source_identifier),
	},
	customer_name: {
		cell: (row) => <CustomerCell transaction={row} />,
	},
	customer_email: { cell: (row) => row.customer_email ?? "–" },
	customer_country: {
		cell: (row) => countryName(row.customer_country) || "–",
	},
	risk_level: {
		cell: (row) => riskLevelLabel(row.risk_level, translator),
	},
	deposit_id: { cell: (row) => row.deposit_id ?? "–" },
	deposit: {
		cell: (row) => <PayoutDateCell transaction={row} />,
	},
	deposit_status: {
		cell: (row) => <PayoutStatusCell status={row.deposit_status} />,
	},
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

export function transactionTableColumns(context: TransactionTableContext): Column<Transaction>[] {
	return [
		detailsColumn(),
		...transactionList.columns(context).map((key) => {
			const field = transactionList.fields[key];
			return {
				key,
				label: field.label(translator),
				sortable: "sort" in field,
				required: field.column === "required",
				hiddenByDefault: field.column === "hidden",
				...CELLS[key],
			};
		}),
	];
}
