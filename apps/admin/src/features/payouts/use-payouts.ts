import { getDepositsSummary, listDeposits } from "@paydesk/contract/deposits";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

type Params = Record<string, QueryValue>;

export function usePayouts(query: Params) {
	return useQuery({
		queryKey: queryKeys.deposits.list(query),
		queryFn: ({ signal }) => callRoute(listDeposits, { query, signal }),
		placeholderData: keepPreviousData,
		meta: { errorNotice: { message: "Error retrieving payouts.", id: "payouts-list" } },
	});
}

export function usePayoutsSummary(query: Params) {
	return useQuery({
		queryKey: queryKeys.deposits.summary(query),
		queryFn: ({ signal }) => callRoute(getDepositsSummary, { query, signal }),
		placeholderData: keepPreviousData,
	});
}
