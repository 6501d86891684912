/** The disputes list's URL, read once with the spec's defaults (spec 3 §2.2, §5.2). */
import { disputeList } from "@paydesk/contract/dispute-list";
import { disputeQueries } from "@paydesk/contract/disputes";
import { DISPUTE_STATUSES, disputeStatusLabel } from "@paydesk/domain/disputes/statuses";
import type { QueryValue } from "@paydesk/domain/query-string";
import { __ } from "@wordpress/i18n";
import type { Query } from "../../app/router.tsx";
import { filtersQuery, pagedQuery, sortedQuery, userTimeZone } from "../../components/list/api-query.ts";
import { declaredFilters } from "../../components/list/declared-list.ts";
import { type FilterField, hasActiveFilters, readPaging } from "../../components/list/list-query.ts";
import { translator } from "../../components/translator.ts";

/** The 'needs response' quick filter, as the overview links to it. */
export const AWAITING_RESPONSE = "awaiting_response";

export const DISPUTE_QUICK_FILTERS = [{ value: AWAITING_RESPONSE, label: __("Needs response", "paydesk") }];

/** The declared filters (dispute-list.ts) with the status filter's choices. */
export const DISPUTE_FILTER_FIELDS: readonly FilterField[] = declaredFilters(disputeList, {
	status: DISPUTE_STATUSES.map((status) => ({
		value: status,
		label: disputeStatusLabel(status, translator),
	})),
});

/** Every URL parameter that narrows the list, as the contract declares them. */
export const DISPUTE_FILTER_PARAMS = disputeQueries.filterParams;
/** Narrowing with a control of its own: match, the currency selector and the quick filter. */
export const DISPUTE_OWN_CONTROLS = ["match", "store_currency_is", "filter"] as const;

/** Newest first (the created column keeps its name in the admin's URL). */
export const DISPUTES_DEFAULT_ORDER = disputeQueries.defaultOrder;

export function disputesListState(query: Query) {
	const paging = readPaging(query, { ...DISPUTES_DEFAULT_ORDER, sortable: disputeList.sortColumnKeys });
	const awaiting = query.filter === AWAITING_RESPONSE;
	const filters: Record<string, QueryValue> = filtersQuery(query, DISPUTE_FILTER_PARAMS);
	if (awaiting) Object.assign(filters, { filter: AWAITING_RESPONSE, user_timezone: userTimeZone() });
	// The admin's column keys name the sorts in the URL (dueBy); the API reads the field's name.
	const apiPaging = { ...paging, orderby: disputeList.sortOfColumnKey(paging.orderby) ?? "created" };
	return {
		paging,
		filters,
		listQuery: pagedQuery(apiPaging, filters),
		exportQuery: sortedQuery(apiPaging, filters),
		hasFilters: awaiting || hasActiveFilters(query, DISPUTE_FILTER_FIELDS, ["store_currency_is"]),
	};
}
