/**
 * The request log: requests to Stripe's API, newest first. The server reads it by keyset (each
 * page starts after the last entry of the one before and says whether more follow) because it
 * may hold a million rows; the pages of one filter are one infinite query, so "Load more" adds
 * to the rows on screen and coming back from an entry finds them again.
 */
import { getRequestLogEntry, listRequestLog } from "@paydesk/contract/developers";
import { DEFAULT_PAGE_SIZE } from "@paydesk/contract/list";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";
import { isDevelopersId } from "./developers-ids.ts";
import { useObjectRead } from "./object-read.ts";

/** The filters the route takes (status_class, path, key_name), as the list's URL gives them. */
export type RequestLogFilters = Partial<Record<"status_class" | "path" | "key_name", string>>;

export function useRequestLog(filters: RequestLogFilters, pageSize: number = DEFAULT_PAGE_SIZE) {
	return useInfiniteQuery({
		queryKey: queryKeys.requestLog.list({ ...filters, pagesize: pageSize }),
		queryFn: ({ pageParam, signal }) =>
			callRoute(listRequestLog, {
				query: { ...filters, pagesize: pageSize, ...(pageParam ? { starting_after: pageParam } : {}) },
				signal,
			}),
		initialPageParam: "",
		getNextPageParam: (page) => (page.has_more ? page.data.at(-1)?.id : undefined),
		placeholderData: keepPreviousData,
	});
}

/** A request log id as the route takes it; anything else is not asked for. */
export const isRequestLogId = (id: string | undefined): id is string => isDevelopersId("requestLog", id);

export function useRequestLogEntry(id: string | undefined) {
	return useObjectRead(
		queryKeys.requestLog.detail(id ?? ""),
		getRequestLogEntry,
		{ id: id ?? "" },
		{
			enabled: isRequestLogId(id),
		},
	);
}
