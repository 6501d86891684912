/**
 * The 'uncaptured-page' tab: authorizations waiting for capture, oldest first, each with its
 * capture-by deadline and Capture / Cancel (spec 2 "Uncaptured tab"). The total shows only when
 * every amount shares one currency.
 */
import {
	AUTHORIZATIONS_DEFAULT_SORT,
	authorizationSortKey,
	singleCurrencyTotalShown,
} from "@paydesk/domain/transactions";
import { __, _n } from "@wordpress/i18n";
import { useLocation } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { formatMoney, formatNumber } from "../../components/format.ts";
import { pagedQuery } from "../../components/list/api-query.ts";
import type { SummaryItem } from "../../components/list/data-table.tsx";
import { readPaging } from "../../components/list/list-query.ts";
import { ListScreen } from "../../components/list/list-screen.tsx";
import { useAuthorizations, useAuthorizationsSummary } from "../../data/authorizations.ts";
import {
	AUTHORIZATION_COLUMNS,
	AUTHORIZATION_SORTABLE,
	UNCAPTURED_HIDDEN_COLUMNS_KEY,
} from "./authorization-columns.tsx";

export function UncapturedTab() {
	const { query } = useLocation();
	const paging = readPaging(query, { ...AUTHORIZATIONS_DEFAULT_SORT, sortable: AUTHORIZATION_SORTABLE });
	const listQuery = pagedQuery({ ...paging, orderby: authorizationSortKey(paging.orderby) }, {});
	const list = useAuthorizations(listQuery);
	const summary = useAuthorizationsSummary();
	// A payments viewer settles nothing: the Capture / Cancel column is left out for it.
	const canSettle = useCan("manage_woocommerce");
	const columns = canSettle
		? AUTHORIZATION_COLUMNS
		: AUTHORIZATION_COLUMNS.filter((column) => column.key !== "action");
	const totals = summary.data;
	const items: SummaryItem[] = totals
		? [
				{
					label: _n("transaction", "transactions", totals.count, "paydesk"),
					value: formatNumber(totals.count),
				},
				...(totals.currency && singleCurrencyTotalShown(totals.all_currencies)
					? [{ label: __("total", "paydesk"), value: formatMoney(totals.total, totals.currency) }]
					: []),
			]
		: [];

	return (
		<ListScreen
			title={__("Uncaptured transactions", "paydesk")}
			columns={columns}
			rowKey={(row) => row.payment_intent_id}
			hiddenColumnsKey={UNCAPTURED_HIDDEN_COLUMNS_KEY}
			list={list}
			paging={paging}
			defaultOrder={AUTHORIZATIONS_DEFAULT_SORT}
			listQuery={listQuery}
			summary={items}
			emptyMessage={__("There are no uncaptured transactions.", "paydesk")}
		/>
	);
}
