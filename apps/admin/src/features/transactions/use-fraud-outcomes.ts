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
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { ApiError, callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";
import { useErrorNotice } from "../../components/transactions-table/use-transactions.ts";

type Params = Record<string, QueryValue>;

const NOTICE_ID = "blocked-transactions";
const errorText = () => __("Error retrieving on review transactions.", "paydesk");

/** The answer `empty` when the server says nothing matched, else the failure as it came. */
export async function orEmpty<T>(request: Promise<T>, empty: T): Promise<T> {
	try {
		return await request;
	} catch (error) {
		if (error instanceof ApiError && error.code === FRAUD_OUTCOME_ERRORS.notFound) return empty;
		throw error;
	}
}

export function useFraudOutcomes(query: Params) {
	const result = useQuery({
		queryKey: queryKeys.fraudOutcomes.list(query),
		queryFn: ({ signal }) =>
			orEmpty(callRoute(listFraudOutcomes, { query, signal }), { data: [], total_count: 0 }),
		placeholderData: keepPreviousData,
	});
	useErrorNotice(result.isError, errorText(), NOTICE_ID);
	return result;
}

export function useFraudOutcomesSummary(query: Params) {
	const result = useQuery({
		queryKey: queryKeys.fraudOutcomes.summary(query),
		queryFn: ({ signal }) =>
			orEmpty(callRoute(getFraudOutcomesSummary, { query, signal }), { count: 0, total: 0, currencies: [] }),
		placeholderData: keepPreviousData,
	});
	useErrorNotice(result.isError, errorText(), NOTICE_ID);
	return result;
}
