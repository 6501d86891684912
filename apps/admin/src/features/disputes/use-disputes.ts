import { getDisputesSummary, listDisputes } from "@paydesk/contract/disputes";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { useEffect } from "react";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { queryKeys } from "../../app/query-keys.ts";

type Params = Record<string, QueryValue>;

/** Raises the spec's notice once per failure, under one id so it never stacks. */
function useErrorNotice(isError: boolean, message: string, id: string) {
	useEffect(() => {
		if (isError) createNotice("error", message, { id });
	}, [isError, message, id]);
}

export function useDisputes(query: Params) {
	const result = useQuery({
		queryKey: queryKeys.disputes.list(query),
		queryFn: ({ signal }) => callRoute(listDisputes, { query, signal }),
		placeholderData: keepPreviousData,
	});
	useErrorNotice(result.isError, __("Error retrieving disputes.", "paydesk"), "disputes-list");
	return result;
}

export function useDisputesSummary(query: Params) {
	const result = useQuery({
		queryKey: queryKeys.disputes.summary(query),
		queryFn: ({ signal }) => callRoute(getDisputesSummary, { query, signal }),
		placeholderData: keepPreviousData,
	});
	useErrorNotice(
		result.isError,
		__("Error retrieving the summary of disputes.", "paydesk"),
		"disputes-summary",
	);
	return result;
}
