/** The transactions tab's URL, read once with the spec's defaults (spec 2 "Transactions", §9). */
import { TRANSACTION_SORTS, transactionQueries } from "@paydesk/contract/transactions";
import type { Query } from "../../app/router.tsx";
import { filtersQuery, pagedQuery, sortedQuery } from "../../components/list/api-query.ts";
import {
	type FilterField,
	hasActiveFilters,
	readPaging,
	sortBetween,
} from "../../components/list/list-query.ts";

/** Every URL parameter that narrows the list, as the contract declares them (spec 1 §9). */
export const TRANSACTION_FILTER_PARAMS = transactionQueries.filterParams;

/**
 * Narrowing that is not an advanced rule, each with a control of its own: the payout currency
 * selector, the search box, links' type lists and a payout's own transactions.
 */
export const TRANSACTION_OWN_CONTROLS = [
	"match",
	"store_currency_is",
	"search",
	"type_is_in",
	"deposit_id",
] as const;

/** The search terms of the URL (`search` or `search[]`), as a list. */
export function searchTermsOf(query: Query): string[] {
	const raw = query.search;
	return (Array.isArray(raw) ? raw : raw ? [raw] : []).filter(Boolean);
}

export function transactionsListState(query: Query, fields: readonly FilterField[]) {
	const paging = readPaging(query, { ...transactionQueries.defaultOrder, sortable: TRANSACTION_SORTS });
	const filters = filtersQuery(query, TRANSACTION_FILTER_PARAMS);
	// A hand-written link may give the range backwards; it is read chronologically (spec 2 §5).
	if (Array.isArray(filters.date_between))
		filters.date_between = sortBetween(filters.date_between.map(String));
	return {
		paging,
		filters,
		listQuery: pagedQuery(paging, filters),
		exportQuery: sortedQuery(paging, filters),
		hasFilters: hasActiveFilters(query, fields, TRANSACTION_OWN_CONTROLS.slice(1)),
		currencyFilter: typeof query.store_currency_is === "string" ? query.store_currency_is : undefined,
		searchTerms: searchTermsOf(query),
	};
}
