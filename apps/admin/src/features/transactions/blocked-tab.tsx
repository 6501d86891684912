/**
 * The 'blocked-page' tab: payments a fraud rule blocked, newest first, with search suggestions,
 * a total when they share one currency, and a CSV export (spec 2 "Blocked tab").
 */
import { searchFraudOutcomes } from "@paydesk/contract/fraud-outcomes";
import { BLOCKED_DEFAULT_SORT, singleCurrencyTotalShown } from "@paydesk/domain/transactions";
import { __, _n } from "@wordpress/i18n";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";
import { updateQuery, useLocation } from "../../app/router.tsx";
import { formatMoney, formatNumber } from "../../components/format.ts";
import type { SummaryItem } from "../../components/list/data-table.tsx";
import type { FilterOption } from "../../components/list/list-query.ts";
import { ListScreen } from "../../components/list/list-screen.tsx";
import { SearchBox } from "../../components/list/search-box.tsx";
import { useFraudOutcomes, useFraudOutcomesSummary } from "../../data/fraud-outcomes.ts";
import { BLOCKED_COLUMNS, BLOCKED_HIDDEN_COLUMNS_KEY } from "./blocked-columns.tsx";
import { BlockedExportButton } from "./blocked-export-button.tsx";
import { blockedListState } from "./blocked-list-state.ts";

/** The suggestions are filtered here as well, so a stale answer never offers a non-match. */
export function matchingSuggestions(options: readonly FilterOption[], term: string): FilterOption[] {
	const needle = term.trim().toLowerCase();
	return options.filter(
		(option) => option.label.toLowerCase().includes(needle) || option.value.toLowerCase().includes(needle),
	);
}

export function BlockedTab() {
	const { query } = useLocation();
	const state = blockedListState(query);
	const list = useFraudOutcomes(state.listQuery);
	const summary = useFraudOutcomesSummary(state.summaryQuery);
	const totals = summary.data;
	const currency = totals?.currencies[0];
	const items: SummaryItem[] = totals
		? [
				{
					label: _n("transaction", "transactions", totals.count, "paydesk"),
					value: formatNumber(totals.count),
				},
				...(currency && singleCurrencyTotalShown(totals.currencies)
					? [{ label: __("total", "paydesk"), value: formatMoney(totals.total, currency) }]
					: []),
			]
		: [];

	return (
		<ListScreen
			title={__("Blocked transactions", "paydesk")}
			columns={BLOCKED_COLUMNS}
			rowKey={(row) => row.payment_intent.id}
			hiddenColumnsKey={BLOCKED_HIDDEN_COLUMNS_KEY}
			list={list}
			paging={state.paging}
			defaultOrder={BLOCKED_DEFAULT_SORT}
			listQuery={state.listQuery}
			summary={items}
			emptyMessage={
				state.searchTerms.length > 0
					? __("No blocked transactions match this search.", "paydesk")
					: __("There are no blocked transactions.", "paydesk")
			}
			actions={
				<>
					<SearchBox
						label={__("Search blocked transactions", "paydesk")}
						placeholder={__("Search by order number, customer name, or billing email", "paydesk")}
						terms={state.searchTerms}
						onChange={(next) => updateQuery({ search: next, paged: undefined })}
						suggestionsKey={(term) => queryKeys.fraudOutcomes.search("block", term)}
						loadSuggestions={async (term, signal) =>
							matchingSuggestions(
								await callRoute(searchFraudOutcomes, {
									query: { status: "block", search_term: term },
									signal,
								}),
								term,
							)
						}
					/>
					<BlockedExportButton query={state.exportQuery} hasFilters={state.searchTerms.length > 0} />
				</>
			}
		/>
	);
}
