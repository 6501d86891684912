/**
 * The transactions a payout paid out (every payout but instant ones): the transactions table
 * narrowed to the payout (deposit_id), without the payout columns, with its summary and export.
 * Paging and sort stay in the URL like any list.
 */
import { TRANSACTION_SORTS, transactionExports, transactionQueries } from "@paydesk/contract/transactions";
import { __ } from "@wordpress/i18n";
import { useMemo } from "react";
import { useLocation } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import { pagedQuery, sortedQuery, userTimeZone } from "../../components/list/api-query.ts";
import { DataTable } from "../../components/list/data-table.tsx";
import { ExportButton } from "../../components/list/export-button.tsx";
import { readPaging } from "../../components/list/list-query.ts";
import { defaultHiddenColumns } from "../../components/list/list-screen.tsx";
import { useHiddenColumns } from "../../components/list/use-hidden-columns.ts";
import {
	TRANSACTIONS_HIDDEN_COLUMNS_KEY,
	transactionTableColumns,
} from "../../components/transactions-table/transaction-columns.tsx";
import { transactionSummaryItems } from "../../components/transactions-table/transaction-summary.ts";
import { useTransactions, useTransactionsSummary } from "../../data/transactions.ts";

export function PayoutTransactions({ payoutId }: { payoutId: string }) {
	const { query } = useLocation();
	const subscriptionsActive = getSettings().isSubscriptionsActive;
	const columns = useMemo(
		() => transactionTableColumns({ subscriptionsActive, inPayout: true }),
		[subscriptionsActive],
	);
	const hidden = useHiddenColumns(TRANSACTIONS_HIDDEN_COLUMNS_KEY, defaultHiddenColumns(columns));
	const paging = readPaging(query, { ...transactionQueries.defaultOrder, sortable: TRANSACTION_SORTS });
	const filters = { deposit_id: payoutId, user_timezone: userTimeZone() };
	const list = useTransactions(pagedQuery(paging, filters));
	const summary = useTransactionsSummary(filters);

	return (
		<DataTable
			title={__("Payout transactions", "paydesk")}
			columns={columns}
			rows={list.data?.data}
			rowKey={(row) => row.transaction_id}
			totalRows={list.data?.total_count}
			paging={paging}
			hidden={hidden.hidden}
			onToggleColumn={hidden.toggle}
			isLoading={list.isPending}
			// One payout is in one currency: its totals always add up.
			summary={transactionSummaryItems(summary.data, summary.data?.currency ?? undefined)}
			emptyMessage={__("This payout has no transactions.", "paydesk")}
			actions={
				<ExportButton
					kind="transactions"
					routes={transactionExports}
					query={sortedQuery(paging, filters)}
					total={summary.data?.count}
					hasFilters
				/>
			}
		/>
	);
}
