/**
 * A page of a list, or its summary, read with the list's query: the page on screen stays while
 * the next one loads, and a failure raises the list's notice when it has one.
 */
import type { RouteContract } from "@paydesk/contract/route";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";
import { readRoute } from "../app/api.ts";
import type { ErrorNotice } from "../app/query-client.ts";

/** A list's REST query, as the list's URL state gives it (components/list/api-query.ts). */
export type ListQuery = Record<string, QueryValue>;

/** The read of a list route with the list's query. */
export const readList =
	<C extends RouteContract>(route: C, query: ListQuery) =>
	(signal: AbortSignal) =>
		readRoute(route, { query, signal });

export function useListPage<T>(
	queryKey: QueryKey,
	read: (signal: AbortSignal) => Promise<T>,
	errorNotice?: ErrorNotice,
) {
	return useQuery({
		queryKey,
		queryFn: ({ signal }) => read(signal),
		placeholderData: keepPreviousData,
		meta: errorNotice ? { errorNotice } : {},
	});
}
