/** The disputes list's URL, read once with the spec's defaults (spec 3 §2.2, §5.2). */
import { disputeQueries } from "@paydesk/contract/disputes";
import { DISPUTE_STATUSES, disputeStatusLabel } from "@paydesk/domain/disputes/statuses";
import type { QueryValue } from "@paydesk/domain/query-string";
import { __ } from "@wordpress/i18n";
import type { Query } from "../../app/router.tsx";
import { filtersQuery, pagedQuery, sortedQuery, userTimeZone } from "../../components/list/api-query.ts";
import { type FilterField, hasActiveFilters, readPaging } from "../../components/list/list-query.ts";
import { translator } from "../../components/translator.ts";

/** The 'needs response' quick filter, as the overview links to it. */
export const AWAITING_RESPONSE = "awaiting_response";

export const DISPUTE_QUICK_FILTERS = [{ value: AWAITING_RESPONSE, label: __("Needs response", "paydesk") }];

export const DISPUTE_FILTER_FIELDS: readonly FilterField[] = [
	{ key: "date", kind: "date", label: __("Disputed on", "paydesk") },
	{
		key: "status",
		kind: "select",
		label: __("Status", "paydesk"),
		options: DISPUTE_STATUSES.map((status) => ({
			value: status,
			label: disputeStatusLabel(status, translator),
		})),
	},
];

/** Every URL parameter that narrows the list, as the contract declares them. */
export const DISPUTE_FILTER_PARAMS = disputeQueries.filterParams;
/** Narrowing with a control of its own: match, the currency selector and the quick filter. */
export const DISPUTE_OWN_CONTROLS = ["match", "store_currency_is", "filter"] as const;

/** Column keys the table sorts by, and the API's names for them. */
export const DISPUTE_SORTABLE = ["amount", "created", "dueBy"] as const;
const API_SORT: Readonly<Record<string, string>> = { amount: "amount", created: "created", dueBy: "due_by" };

/** Newest first, as the admin names the column. */
export const DISPUTES_DEFAULT_ORDER = { orderby: "created", order: "desc" } as const;

export function disputesListState(query: Query) {
	const paging = readPaging(query, { ...DISPUTES_DEFAULT_ORDER, sortable: DISPUTE_SORTABLE });
	const awaiting = query.filter === AWAITING_RESPONSE;
	const filters: Record<string, QueryValue> = filtersQuery(query, DISPUTE_FILTER_PARAMS);
	if (awaiting) Object.assign(filters, { filter: AWAITING_RESPONSE, user_timezone: userTimeZone() });
	const apiPaging = { ...paging, orderby: API_SORT[paging.orderby] ?? "created" };
	return {
		paging,
		filters,
		listQuery: pagedQuery(apiPaging, filters),
		exportQuery: sortedQuery(apiPaging, filters),
		hasFilters: awaiting || hasActiveFilters(query, DISPUTE_FILTER_FIELDS, ["store_currency_is"]),
	};
}
