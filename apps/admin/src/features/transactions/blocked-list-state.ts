/**
 * The blocked tab's URL (spec 2 "Blocked tab", §7): blocked outcomes, newest first by default,
 * narrowed by the search terms. The export asks for blocked and on-review outcomes with the
 * same search and sort, as spec 2 §7 describes the blocked transactions export.
 */
import { fraudOutcomeList } from "@paydesk/contract/fraud-outcome-list";
import type { QueryValue } from "@paydesk/domain/query-string";
import { BLOCKED_DEFAULT_SORT } from "@paydesk/domain/transactions";
import type { Query } from "../../app/router.tsx";
import { pagedQuery } from "../../components/list/api-query.ts";
import { readPaging } from "../../components/list/list-query.ts";
import { searchTermsOf } from "./transactions-list-state.ts";

/** The declared sorts (fraud-outcome-list.ts): date and amount. */
export const BLOCKED_SORTABLE = fraudOutcomeList.sortColumnKeys;

export function blockedListState(query: Query) {
	const paging = readPaging(query, { ...BLOCKED_DEFAULT_SORT, sortable: BLOCKED_SORTABLE });
	const searchTerms = searchTermsOf(query);
	const filters: Record<string, QueryValue> = {
		status: "block",
		...(searchTerms.length > 0 ? { search: searchTerms } : {}),
	};
	return {
		paging,
		searchTerms,
		summaryQuery: filters,
		listQuery: pagedQuery(paging, filters),
		exportQuery: {
			...filters,
			additional_status: "review",
			sort: paging.orderby,
			direction: paging.order,
		} satisfies Record<string, QueryValue>,
	};
}
