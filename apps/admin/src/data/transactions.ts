/** The transactions list and its summary, for the transactions screen and a payout's details. */
import { getTransactionsSummary, listTransactions } from "@paydesk/contract/transactions";
import { __ } from "@wordpress/i18n";
import type { ErrorNotice } from "../app/query-client.ts";
import { queryKeys } from "../app/query-keys.ts";
import { type ListQuery, readList, useListPage } from "./list-page.ts";

// The summary is part of the same list: its failure reads the list's notice.
const errorNotice = (): ErrorNotice => ({
	message: __("Error retrieving transactions.", "paydesk"),
	id: "transactions-list",
});

export function useTransactions(query: ListQuery) {
	return useListPage(queryKeys.transactions.list(query), readList(listTransactions, query), errorNotice());
}

export function useTransactionsSummary(query: ListQuery) {
	return useListPage(
		queryKeys.transactions.summary(query),
		readList(getTransactionsSummary, query),
		errorNotice(),
	);
}
