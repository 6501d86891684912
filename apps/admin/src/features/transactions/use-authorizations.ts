/**
 * Uncaptured authorizations and their summary (spec 2 "Uncaptured tab"). Both failures read
 * 'Error retrieving uncaptured transactions.' (spec 2 §8).
 */
import { getAuthorizationsSummary, listAuthorizations } from "@paydesk/contract/authorizations";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../../app/api.ts";
import type { ErrorNotice } from "../../app/query-client.ts";
import { queryKeys } from "../../app/query-keys.ts";

type Params = Record<string, QueryValue>;

const errorNotice = (): ErrorNotice => ({
	message: __("Error retrieving uncaptured transactions.", "paydesk"),
	id: "uncaptured-transactions",
});

export function useAuthorizations(query: Params) {
	return useQuery({
		queryKey: queryKeys.authorizations.list(query),
		queryFn: ({ signal }) => callRoute(listAuthorizations, { query, signal }),
		placeholderData: keepPreviousData,
		meta: { errorNotice: errorNotice() },
	});
}

/** The summary takes no filter: the tab title and the tab's summary share one request. */
export function useAuthorizationsSummary(options: { enabled?: boolean } = {}) {
	return useQuery({
		queryKey: queryKeys.authorizations.summary({}),
		queryFn: ({ signal }) => callRoute(getAuthorizationsSummary, { signal }),
		enabled: options.enabled ?? true,
		meta: { errorNotice: errorNotice() },
	});
}
