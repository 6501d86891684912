/** /payments/disputes: the filter bar, then the 'Disputes' table with its summary and export (spec 3 §2.2). */
import { disputeExports } from "@paydesk/contract/disputes";
import { __, _n, sprintf } from "@wordpress/i18n";
import { useLocation } from "../../app/router.tsx";
import { DataTable, type SummaryItem } from "../../components/list/data-table.tsx";
import { ExportButton } from "../../components/list/export-button.tsx";
import { ListFilters } from "../../components/list/list-filters.tsx";
import { isListTop, NewRows, oneRowPer } from "../../components/list/new-rows.tsx";
import { useHiddenColumns } from "../../components/list/use-hidden-columns.ts";
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

const DEFAULT_HIDDEN = DISPUTE_COLUMNS.filter((column) => column.hiddenByDefault).map((column) => column.key);

export default function DisputesScreen() {
	const { query } = useLocation();
	const state = disputesListState(query);
	const list = useDisputes(state.listQuery);
	const summary = useDisputesSummary(state.filters);
	const columns = useHiddenColumns(DISPUTES_HIDDEN_COLUMNS_KEY, DEFAULT_HIDDEN);
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
			<ListFilters
				things={__("Disputes", "paydesk")}
				allLabel={__("All disputes", "paydesk")}
				fields={DISPUTE_FILTER_FIELDS}
				quickFilters={DISPUTE_QUICK_FILTERS}
				currencies={totals?.currencies}
				currencyLabel={__("Dispute currency", "paydesk")}
			/>
			<DataTable
				title={__("Disputes", "paydesk")}
				columns={DISPUTE_COLUMNS}
				rows={list.data?.data}
				rowKey={(row) => row.dispute_id}
				totalRows={list.data?.total_count}
				paging={state.paging}
				hidden={columns.hidden}
				onToggleColumn={columns.toggle}
				isLoading={list.isPending}
				newRows={
					<NewRows
						rowsAdded={oneRowPer("dispute.created")}
						listKeys={[["disputes", "list"]]}
						atTop={isListTop(state.paging, DISPUTES_DEFAULT_ORDER)}
						query={state.listQuery}
						label={(count) =>
							/* translators: %s: how many disputes arrived since the list was read. */
							sprintf(
								_n("%s new dispute — show", "%s new disputes — show", count, "paydesk"),
								formatNumber(count),
							)
						}
					/>
				}
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
