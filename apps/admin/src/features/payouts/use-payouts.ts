import { getDepositsSummary, listDeposits } from "@paydesk/contract/deposits";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
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

export function usePayouts(query: Params) {
	const result = useQuery({
		queryKey: queryKeys.deposits.list(query),
		queryFn: ({ signal }) => callRoute(listDeposits, { query, signal }),
		placeholderData: keepPreviousData,
	});
	useErrorNotice(result.isError, "Error retrieving payouts.", "payouts-list");
	return result;
}

export function usePayoutsSummary(query: Params) {
	return useQuery({
		queryKey: queryKeys.deposits.summary(query),
		queryFn: ({ signal }) => callRoute(getDepositsSummary, { query, signal }),
		placeholderData: keepPreviousData,
	});
}
