/**
 * Blocked (fraud-outcome) transactions and their summary (spec 2 "Blocked tab"). The server's
 * wcpay_fraud_outcome_not_found means nothing matched: an empty result, no notice (spec 2 §8);
 * other failures read 'Error retrieving on review transactions.'.
 */
import {
	FRAUD_OUTCOME_ERRORS,
	getFraudOutcomesSummary,
	listFraudOutcomes,
} from "@paydesk/contract/fraud-outcomes";
import { __ } from "@wordpress/i18n";
import { ApiError } from "../app/api.ts";
import type { ErrorNotice } from "../app/query-client.ts";
import { queryKeys } from "../app/query-keys.ts";
import { type ListQuery, readList, useListPage } from "./list-page.ts";

const errorNotice = (): ErrorNotice => ({
	message: __("Error retrieving on review transactions.", "paydesk"),
	id: "blocked-transactions",
});

/** The answer `empty` when the server says nothing matched, else the failure as it came. */
export async function orEmpty<T>(request: Promise<T>, empty: T): Promise<T> {
	try {
		return await request;
	} catch (error) {
		if (error instanceof ApiError && error.code === FRAUD_OUTCOME_ERRORS.notFound) return empty;
		throw error;
	}
}

export function useFraudOutcomes(query: ListQuery) {
	return useListPage(
		queryKeys.fraudOutcomes.list(query),
		(signal) => orEmpty(readList(listFraudOutcomes, query)(signal), { data: [], total_count: 0 }),
		errorNotice(),
	);
}

export function useFraudOutcomesSummary(query: ListQuery) {
	return useListPage(
		queryKeys.fraudOutcomes.summary(query),
		(signal) =>
			orEmpty(readList(getFraudOutcomesSummary, query)(signal), { count: 0, total: 0, currencies: [] }),
		errorNotice(),
	);
}
