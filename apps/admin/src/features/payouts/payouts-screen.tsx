/** /payments/payouts: notices, then the 'Payout history' table (spec 2 "Payouts list"). */
import { depositExports, depositQueries } from "@paydesk/contract/deposits";
import { __, _n, sprintf } from "@wordpress/i18n";
import { queryKeys } from "../../app/query-keys.ts";
import { useLocation } from "../../app/router.tsx";
import { formatMoney, formatNumber } from "../../components/format.ts";
import type { SummaryItem } from "../../components/list/data-table.tsx";
import { ExportButton } from "../../components/list/export-button.tsx";
import { ListScreen } from "../../components/list/list-screen.tsx";
import { oneRowPer } from "../../components/list/new-rows.tsx";
import { PayoutFailureNotice } from "../../components/payout-failure-notice.tsx";
import { usePayouts, usePayoutsSummary } from "../../data/payouts.ts";
import { NextPayoutNotice } from "./next-payout-notice.tsx";
import { PAYOUT_COLUMNS, PAYOUTS_HIDDEN_COLUMNS_KEY } from "./payout-columns.tsx";
import { PAYOUT_FILTER_FIELDS, payoutsListState } from "./payouts-list-state.ts";

export default function PayoutsScreen() {
	const { query } = useLocation();
	const state = payoutsListState(query);
	const list = usePayouts(state.listQuery);
	const summary = usePayoutsSummary(state.filters);

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
			<ListScreen
				filters={{
					things: __("Payouts", "paydesk"),
					allLabel: __("All payouts", "paydesk"),
					fields: PAYOUT_FILTER_FIELDS,
					currencies: totals?.store_currencies,
					currencyLabel: __("Payout currency", "paydesk"),
				}}
				title={__("Payout history", "paydesk")}
				columns={PAYOUT_COLUMNS}
				rowKey={(payout) => payout.id}
				hiddenColumnsKey={PAYOUTS_HIDDEN_COLUMNS_KEY}
				list={list}
				paging={state.paging}
				defaultOrder={depositQueries.defaultOrder}
				listQuery={state.listQuery}
				newRows={{
					rowsAdded: oneRowPer("payout.created"),
					listKey: queryKeys.deposits.lists(),
					label: (count) =>
						/* translators: %s: how many payouts were made since the list was read. */
						sprintf(
							_n("%s new payout — show", "%s new payouts — show", count, "paydesk"),
							formatNumber(count),
						),
				}}
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
