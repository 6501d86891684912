/** The transactions tab's URL, read once with the spec's defaults (spec 2 "Transactions", §9). */
import { TRANSACTION_SORTS } from "@paydesk/contract/transactions";
import { TRANSACTIONS_DEFAULT_SORT } from "@paydesk/domain/transactions";
import type { Query } from "../../app/router.tsx";
import { filtersQuery, pagedQuery, sortedQuery } from "../../components/list/api-query.ts";
import {
	type FilterField,
	hasActiveFilters,
	readPaging,
	sortBetween,
} from "../../components/list/list-query.ts";

/** Every URL parameter that narrows the list, as the API names them (spec 1 §9). */
const FILTER_PARAMS = [
	"match",
	"date_before",
	"date_after",
	"date_between",
	"store_currency_is",
	"customer_currency_is",
	"customer_currency_is_not",
	"source_is",
	"source_is_not",
	"type_is",
	"type_is_not",
	"type_is_in",
	"loan_id_is",
	"source_device_is",
	"source_device_is_not",
	"channel_is",
	"channel_is_not",
	"customer_country_is",
	"customer_country_is_not",
	"risk_level_is",
	"risk_level_is_not",
	"search",
] as const;

/** Narrowing that is not an advanced rule: the payout currency, the search, links' type lists. */
const EXTRA_FILTERS = ["store_currency_is", "search", "type_is_in"] as const;

/** The search terms of the URL (`search` or `search[]`), as a list. */
export function searchTermsOf(query: Query): string[] {
	const raw = query.search;
	return (Array.isArray(raw) ? raw : raw ? [raw] : []).filter(Boolean);
}

export function transactionsListState(query: Query, fields: readonly FilterField[]) {
	const paging = readPaging(query, { ...TRANSACTIONS_DEFAULT_SORT, sortable: TRANSACTION_SORTS });
	const filters = filtersQuery(query, FILTER_PARAMS);
	// A hand-written link may give the range backwards; it is read chronologically (spec 2 §5).
	if (Array.isArray(filters.date_between))
		filters.date_between = sortBetween(filters.date_between.map(String));
	return {
		paging,
		filters,
		listQuery: pagedQuery(paging, filters),
		exportQuery: sortedQuery(paging, filters),
		hasFilters: hasActiveFilters(query, fields, EXTRA_FILTERS),
		currencyFilter: typeof query.store_currency_is === "string" ? query.store_currency_is : undefined,
		searchTerms: searchTermsOf(query),
	};
}
