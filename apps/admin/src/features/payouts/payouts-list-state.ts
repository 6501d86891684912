/** The payouts list's URL, read once with the spec's defaults (spec 2 "Payouts list"). */
import { depositQueries } from "@paydesk/contract/deposits";
import { payoutList } from "@paydesk/contract/payout-list";
import { payoutStatusFilterOptions } from "@paydesk/domain/payouts";
import type { Query } from "../../app/router.tsx";
import { filtersQuery, pagedQuery, sortedQuery } from "../../components/list/api-query.ts";
import { declaredFilters } from "../../components/list/declared-list.ts";
import { type FilterField, hasActiveFilters, readPaging } from "../../components/list/list-query.ts";
import { translator } from "../../components/translator.ts";

/** The declared filters (payout-list.ts) with the status filter's choices. */
export const PAYOUT_FILTER_FIELDS: readonly FilterField[] = declaredFilters(payoutList, {
	status: payoutStatusFilterOptions(translator),
});

/** Every URL parameter that narrows the list, as the contract declares them. */
export const PAYOUT_FILTER_PARAMS = depositQueries.filterParams;
/** Narrowing with a control of its own: match, and the currency selector. */
export const PAYOUT_OWN_CONTROLS = ["match", "store_currency_is"] as const;

export function payoutsListState(query: Query) {
	const paging = readPaging(query, { ...depositQueries.defaultOrder, sortable: payoutList.sortColumnKeys });
	const filters = filtersQuery(query, PAYOUT_FILTER_PARAMS);
	return {
		paging,
		filters,
		listQuery: pagedQuery(paging, filters),
		exportQuery: sortedQuery(paging, filters),
		hasFilters: hasActiveFilters(query, PAYOUT_FILTER_FIELDS, ["store_currency_is"]),
		currencyFilter: typeof query.store_currency_is === "string" ? query.store_currency_is : undefined,
	};
}
