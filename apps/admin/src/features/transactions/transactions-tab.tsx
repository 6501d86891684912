/**
 * The 'transactions-page' tab: the 'Show' selector with advanced filters and the payout currency,
 * then the transactions table with its search, export and summary (spec 2 "Transactions").
 */

import { transactionsAdded } from "@paydesk/contract/events";
import { transactionExports, transactionQueries } from "@paydesk/contract/transactions";
import { __, _n, sprintf } from "@wordpress/i18n";
import { useMemo } from "react";
import { queryKeys } from "../../app/query-keys.ts";
import { useLocation } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import { formatNumber } from "../../components/format.ts";
import { ExportButton } from "../../components/list/export-button.tsx";
import { ListScreen } from "../../components/list/list-screen.tsx";
import {
	TRANSACTIONS_HIDDEN_COLUMNS_KEY,
	transactionTableColumns,
} from "../../components/transactions-table/transaction-columns.tsx";
import { transactionSummaryItems } from "../../components/transactions-table/transaction-summary.ts";
import { useLoans } from "../../data/capital.ts";
import { useTransactions, useTransactionsSummary } from "../../data/transactions.ts";
import { transactionFilterFields } from "./transaction-filters.ts";
import { TransactionSearch } from "./transaction-search.tsx";
import { transactionsListState } from "./transactions-list-state.ts";

export function TransactionsTab() {
	const { query } = useLocation();
	const subscriptionsActive = getSettings().isSubscriptionsActive;
	const columns = useMemo(
		() => transactionTableColumns({ subscriptionsActive, inPayout: false }),
		[subscriptionsActive],
	);
	// The loan filter's choices: a list that fails to load leaves them empty, without a notice.
	const loans = useLoans({ errorNotice: false }).data?.data;
	const plainFields = useMemo(() => transactionFilterFields(), []);
	const state = transactionsListState(query, plainFields);
	const list = useTransactions(state.listQuery);
	const summary = useTransactionsSummary(state.filters);
	const totals = summary.data;
	const fields = useMemo(
		() =>
			transactionFilterFields({
				customerCurrencies: totals?.customer_currencies,
				sources: totals?.sources,
				loans,
			}),
		[totals?.customer_currencies, totals?.sources, loans],
	);

	return (
		<ListScreen
			filters={{
				things: __("Transactions", "paydesk"),
				allLabel: __("All transactions", "paydesk"),
				fields,
				currencies: totals?.store_currencies,
				currencyLabel: __("Payout currency", "paydesk"),
			}}
			title={__("Transactions", "paydesk")}
			columns={columns}
			rowKey={(row) => row.transaction_id}
			hiddenColumnsKey={TRANSACTIONS_HIDDEN_COLUMNS_KEY}
			list={list}
			paging={state.paging}
			defaultOrder={transactionQueries.defaultOrder}
			listQuery={state.listQuery}
			newRows={{
				rowsAdded: transactionsAdded,
				listKey: queryKeys.transactions.lists(),
				label: (count) =>
					/* translators: %s: how many payments arrived since the list was read. */
					sprintf(
						_n("%s new payment — show", "%s new payments — show", count, "paydesk"),
						formatNumber(count),
					),
			}}
			summary={transactionSummaryItems(totals, state.currencyFilter)}
			emptyMessage={
				state.hasFilters
					? __("No transactions match these filters.", "paydesk")
					: __("There are no transactions yet.", "paydesk")
			}
			actions={
				<>
					<TransactionSearch terms={state.searchTerms} />
					<ExportButton
						kind="transactions"
						routes={transactionExports}
						query={state.exportQuery}
						total={totals?.count}
						hasFilters={state.hasFilters}
					/>
				</>
			}
		/>
	);
}
