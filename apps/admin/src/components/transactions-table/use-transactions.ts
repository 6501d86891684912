/** The transactions list and its summary, for the transactions screen and a payout's details. */
import { getTransactionsSummary, listTransactions } from "@paydesk/contract/transactions";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../../app/api.ts";
import type { ErrorNotice } from "../../app/query-client.ts";
import { queryKeys } from "../../app/query-keys.ts";

type Params = Record<string, QueryValue>;

// The summary is part of the same list: its failure reads the list's notice.
const errorNotice = (): ErrorNotice => ({
	message: __("Error retrieving transactions.", "paydesk"),
	id: "transactions-list",
});

export function useTransactions(query: Params) {
	return useQuery({
		queryKey: queryKeys.transactions.list(query),
		queryFn: ({ signal }) => callRoute(listTransactions, { query, signal }),
		placeholderData: keepPreviousData,
		meta: { errorNotice: errorNotice() },
	});
}

export function useTransactionsSummary(query: Params) {
	return useQuery({
		queryKey: queryKeys.transactions.summary(query),
		queryFn: ({ signal }) => callRoute(getTransactionsSummary, { query, signal }),
		placeholderData: keepPreviousData,
		meta: { errorNotice: errorNotice() },
	});
}
