/** /payments/disputes: the filter bar, then the 'Disputes' table with its summary and export (spec 3 §2.2). */
import { disputeExports } from "@paydesk/contract/disputes";
import { __, _n, sprintf } from "@wordpress/i18n";
import { queryKeys } from "../../app/query-keys.ts";
import { useLocation } from "../../app/router.tsx";
import type { SummaryItem } from "../../components/list/data-table.tsx";
import { ExportButton } from "../../components/list/export-button.tsx";
import { ListScreen } from "../../components/list/list-screen.tsx";
import { oneRowPer } from "../../components/list/new-rows.tsx";
import { useDisputes, useDisputesSummary } from "../../data/disputes.ts";
import { DISPUTE_COLUMNS, DISPUTES_HIDDEN_COLUMNS_KEY } from "./dispute-columns.tsx";
import {
	DISPUTE_FILTER_FIELDS,
	DISPUTE_QUICK_FILTERS,
	DISPUTES_DEFAULT_ORDER,
	disputesListState,
} from "./disputes-list-state.ts";
import "../../components/dispute-panel/dispute-panel.css";
import "./disputes.css";
import { formatNumber } from "../../components/format.ts";

export default function DisputesScreen() {
	const { query } = useLocation();
	const state = disputesListState(query);
	const list = useDisputes(state.listQuery);
	const summary = useDisputesSummary(state.filters);
	const totals = summary.data;
	// Spec 3 §2.2: the summary is the count and the currencies the store has disputes in.
	const summaryItems: SummaryItem[] = totals
		? [
				{ label: _n("dispute", "disputes", totals.count, "paydesk"), value: formatNumber(totals.count) },
				...(totals.currencies.length > 0
					? [
							{
								label: _n("currency", "currencies", totals.currencies.length, "paydesk"),
								value: totals.currencies.map((currency) => currency.toUpperCase()).join(", "),
							},
						]
					: []),
			]
		: [];

	return (
		<div className="paydesk-page paydesk-disputes">
			<ListScreen
				filters={{
					things: __("Disputes", "paydesk"),
					allLabel: __("All disputes", "paydesk"),
					fields: DISPUTE_FILTER_FIELDS,
					quickFilters: DISPUTE_QUICK_FILTERS,
					currencies: totals?.currencies,
					currencyLabel: __("Dispute currency", "paydesk"),
				}}
				title={__("Disputes", "paydesk")}
				columns={DISPUTE_COLUMNS}
				rowKey={(row) => row.dispute_id}
				hiddenColumnsKey={DISPUTES_HIDDEN_COLUMNS_KEY}
				list={list}
				paging={state.paging}
				defaultOrder={DISPUTES_DEFAULT_ORDER}
				listQuery={state.listQuery}
				newRows={{
					rowsAdded: oneRowPer("dispute.created"),
					listKey: queryKeys.disputes.lists(),
					label: (count) =>
						/* translators: %s: how many disputes arrived since the list was read. */
						sprintf(
							_n("%s new dispute — show", "%s new disputes — show", count, "paydesk"),
							formatNumber(count),
						),
				}}
				summary={summaryItems}
				emptyMessage={
					state.hasFilters
						? __("No disputes match these filters.", "paydesk")
						: __("There are no disputes yet.", "paydesk")
				}
				actions={
					<ExportButton
						kind="disputes"
						routes={disputeExports}
						query={state.exportQuery}
						total={totals?.count}
						hasFilters={state.hasFilters}
					/>
				}
			/>
		</div>
	);
}
