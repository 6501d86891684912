/** The transactions list and its summary, for the transactions screen and a payout's details. */
import { getTransactionsSummary, listTransactions } from "@paydesk/contract/transactions";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { useEffect } from "react";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { queryKeys } from "../../app/query-keys.ts";

type Params = Record<string, QueryValue>;

/** Raises a notice once per failure, under one id, so a retried list never stacks two. */
export function useErrorNotice(isError: boolean, message: string, id: string): void {
	useEffect(() => {
		if (isError) createNotice("error", message, { id });
	}, [isError, message, id]);
}

export function useTransactions(query: Params) {
	const result = useQuery({
		queryKey: queryKeys.transactions.list(query),
		queryFn: ({ signal }) => callRoute(listTransactions, { query, signal }),
		placeholderData: keepPreviousData,
	});
	useErrorNotice(result.isError, __("Error retrieving transactions.", "paydesk"), "transactions-list");
	return result;
}

export function useTransactionsSummary(query: Params) {
	const result = useQuery({
		queryKey: queryKeys.transactions.summary(query),
		queryFn: ({ signal }) => callRoute(getTransactionsSummary, { query, signal }),
		placeholderData: keepPreviousData,
	});
	// The summary is part of the same list: its failure reads the list's notice.
	useErrorNotice(result.isError, __("Error retrieving transactions.", "paydesk"), "transactions-list");
	return result;
}
