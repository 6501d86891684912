/**
 * Uncaptured authorizations and their summary (spec 2 "Uncaptured tab"). Both failures read
 * 'Error retrieving uncaptured transactions.' (spec 2 §8).
 */
import { getAuthorizationsSummary, listAuthorizations } from "@paydesk/contract/authorizations";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";
import { useErrorNotice } from "../../components/transactions-table/use-transactions.ts";

type Params = Record<string, QueryValue>;

const NOTICE_ID = "uncaptured-transactions";
const errorText = () => __("Error retrieving uncaptured transactions.", "paydesk");

export function useAuthorizations(query: Params) {
	const result = useQuery({
		queryKey: queryKeys.authorizations.list(query),
		queryFn: ({ signal }) => callRoute(listAuthorizations, { query, signal }),
		placeholderData: keepPreviousData,
	});
	useErrorNotice(result.isError, errorText(), NOTICE_ID);
	return result;
}

/** The summary takes no filter: the tab title and the tab's summary share one request. */
export function useAuthorizationsSummary(options: { enabled?: boolean } = {}) {
	const result = useQuery({
		queryKey: queryKeys.authorizations.summary({}),
		queryFn: ({ signal }) => callRoute(getAuthorizationsSummary, { signal }),
		enabled: options.enabled ?? true,
	});
	useErrorNotice(result.isError, errorText(), NOTICE_ID);
	return result;
}
