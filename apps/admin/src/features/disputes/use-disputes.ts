import { getDisputesSummary, listDisputes } from "@paydesk/contract/disputes";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

type Params = Record<string, QueryValue>;

export function useDisputes(query: Params) {
	return useQuery({
		queryKey: queryKeys.disputes.list(query),
		queryFn: ({ signal }) => callRoute(listDisputes, { query, signal }),
		placeholderData: keepPreviousData,
		meta: { errorNotice: { message: __("Error retrieving disputes.", "paydesk"), id: "disputes-list" } },
	});
}

export function useDisputesSummary(query: Params) {
	return useQuery({
		queryKey: queryKeys.disputes.summary(query),
		queryFn: ({ signal }) => callRoute(getDisputesSummary, { query, signal }),
		placeholderData: keepPreviousData,
		meta: {
			errorNotice: {
				message: __("Error retrieving the summary of disputes.", "paydesk"),
				id: "disputes-summary",
			},
		},
	});
}
