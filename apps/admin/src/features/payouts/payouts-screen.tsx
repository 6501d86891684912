/** /payments/payouts: notices, then the 'Payout history' table (spec 2 "Payouts list"). */
import { depositExports, depositQueries } from "@paydesk/contract/deposits";
import { __, _n, sprintf } from "@wordpress/i18n";
import { useLocation } from "../../app/router.tsx";
import { formatMoney, formatNumber } from "../../components/format.ts";
import { DataTable, type SummaryItem } from "../../components/list/data-table.tsx";
import { ExportButton } from "../../components/list/export-button.tsx";
import { ListFilters } from "../../components/list/list-filters.tsx";
import { isListTop, NewRows, oneRowPer } from "../../components/list/new-rows.tsx";
import { useHiddenColumns } from "../../components/list/use-hidden-columns.ts";
import { PayoutFailureNotice } from "../../components/payout-failure-notice.tsx";
import { usePayouts, usePayoutsSummary } from "../../data/payouts.ts";
import { NextPayoutNotice } from "./next-payout-notice.tsx";
import { PAYOUT_COLUMNS, PAYOUTS_HIDDEN_COLUMNS_KEY } from "./payout-columns.tsx";
import { PAYOUT_FILTER_FIELDS, payoutsListState } from "./payouts-list-state.ts";

const DEFAULT_HIDDEN = PAYOUT_COLUMNS.filter((column) => column.hiddenByDefault).map((column) => column.key);

export default function PayoutsScreen() {
	const { query } = useLocation();
	const state = payoutsListState(query);
	const list = usePayouts(state.listQuery);
	const summary = usePayoutsSummary(state.filters);
	const columns = useHiddenColumns(PAYOUTS_HIDDEN_COLUMNS_KEY, DEFAULT_HIDDEN);

	const totals = summary.data;
	const summaryItems: SummaryItem[] = totals
		? [
				{ label: _n("payout", "payouts", totals.count, "paydesk"), value: formatNumber(totals.count) },
				// The total is shown only with a single currency or a currency filter (spec 2).
				...(totals.currency && (totals.store_currencies.length <= 1 || state.currencyFilter)
					? [{ label: __("total", "paydesk"), value: formatMoney(totals.total, totals.currency) }]
					: []),
			]
		: [];

	return (
		<div className="paydesk-page paydesk-payouts">
			<NextPayoutNotice />
			<PayoutFailureNotice source="payouts" />
			<ListFilters
				things={__("Payouts", "paydesk")}
				allLabel={__("All payouts", "paydesk")}
				fields={PAYOUT_FILTER_FIELDS}
				currencies={totals?.store_currencies}
				currencyLabel={__("Payout currency", "paydesk")}
			/>
			<DataTable
				title={__("Payout history", "paydesk")}
				columns={PAYOUT_COLUMNS}
				rows={list.data?.data}
				rowKey={(payout) => payout.id}
				totalRows={list.data?.total_count}
				paging={state.paging}
				hidden={columns.hidden}
				onToggleColumn={columns.toggle}
				isLoading={list.isPending}
				newRows={
					<NewRows
						rowsAdded={oneRowPer("payout.created")}
						listKeys={[["deposits", "list"]]}
						atTop={isListTop(state.paging, depositQueries.defaultOrder)}
						query={state.listQuery}
						label={(count) =>
							/* translators: %s: how many payouts were made since the list was read. */
							sprintf(
								_n("%s new payout — show", "%s new payouts — show", count, "paydesk"),
								formatNumber(count),
							)
						}
					/>
				}
				summary={summaryItems}
				emptyMessage={
					state.hasFilters
						? __("No payouts match these filters.", "paydesk")
						: __("There are no payouts yet.", "paydesk")
				}
				actions={
					<ExportButton
						kind="deposits"
						routes={depositExports}
						query={state.exportQuery}
						total={totals?.count}
						hasFilters={state.hasFilters}
					/>
				}
			/>
		</div>
	);
}
