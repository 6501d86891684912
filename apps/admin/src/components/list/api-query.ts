/**
 * From a list's URL state to its REST query: paging and sort under the API's names, the filter
 * rules as they are, and the user's time zone so date rules mean the user's days.
 */
import type { QueryValue } from "@paydesk/domain/query-string";
import type { Query } from "../../app/router.tsx";
import type { Paging } from "./list-query.ts";

export function userTimeZone(): string {
	try {
		return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
	} catch {
		return "UTC";
	}
}

/** The URL's values for the given filter parameters (only those the list knows). */
export function pickFilters(query: Query, params: readonly string[]): Record<string, QueryValue> {
	const out: Record<string, QueryValue> = {};
	for (const name of params) {
		const value = query[name];
		if (value !== undefined && value !== "") out[name] = value;
	}
	return out;
}

export function filtersQuery(query: Query, params: readonly string[]): Record<string, QueryValue> {
	const filters = pickFilters(query, params);
	return { ...filters, ...(Object.keys(filters).length > 0 ? { user_timezone: userTimeZone() } : {}) };
}

export function pagedQuery(paging: Paging, filters: Record<string, QueryValue>): Record<string, QueryValue> {
	return {
		page: paging.paged,
		pagesize: paging.perPage,
		sort: paging.orderby,
		direction: paging.order,
		...filters,
	};
}

export function sortedQuery(paging: Paging, filters: Record<string, QueryValue>): Record<string, QueryValue> {
	return { sort: paging.orderby, direction: paging.order, ...filters };
}
