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
import { formatMoney, formatNumber } from "../../components/format.ts";
import { pagedQuery } from "../../components/list/api-query.ts";
import { DataTable, type SummaryItem } from "../../components/list/data-table.tsx";
import { readPaging } from "../../components/list/list-query.ts";
import { defaultHiddenColumns } from "../../components/list/list-screen.tsx";
import { useHiddenColumns } from "../../components/list/use-hidden-columns.ts";
import { useAuthorizations, useAuthorizationsSummary } from "../../data/authorizations.ts";
import {
	AUTHORIZATION_COLUMNS,
	AUTHORIZATION_SORTABLE,
	UNCAPTURED_HIDDEN_COLUMNS_KEY,
} from "./authorization-columns.tsx";

export function UncapturedTab() {
	const { query } = useLocation();
	const paging = readPaging(query, { ...AUTHORIZATIONS_DEFAULT_SORT, sortable: AUTHORIZATION_SORTABLE });
	const list = useAuthorizations(
		pagedQuery({ ...paging, orderby: authorizationSortKey(paging.orderby) }, {}),
	);
	const summary = useAuthorizationsSummary();
	const hidden = useHiddenColumns(UNCAPTURED_HIDDEN_COLUMNS_KEY, defaultHiddenColumns(AUTHORIZATION_COLUMNS));
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
		<DataTable
			title={__("Uncaptured transactions", "paydesk")}
			columns={AUTHORIZATION_COLUMNS}
			rows={list.data?.data}
			rowKey={(row) => row.payment_intent_id}
			totalRows={list.data?.total_count}
			paging={paging}
			hidden={hidden.hidden}
			onToggleColumn={hidden.toggle}
			isLoading={list.isPending}
			summary={items}
			emptyMessage={__("There are no uncaptured transactions.", "paydesk")}
		/>
	);
}
