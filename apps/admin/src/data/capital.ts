/** Capital: the active loan's summary and every loan of the account (spec 2 §8 gives both one error text). */
import { getActiveLoanSummary, listLoans } from "@paydesk/contract/capital";
import { useQuery } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";

const ACTIVE_LOAN_SUMMARY_ERROR = "Error retrieving the active loan summary.";

export function useActiveLoanSummary(enabled = true) {
	return useQuery({
		queryKey: queryKeys.capital.activeLoanSummary(),
		queryFn: ({ signal }) => callRoute(getActiveLoanSummary, { signal }),
		enabled,
		meta: { errorNotice: { message: ACTIVE_LOAN_SUMMARY_ERROR, id: "active-loan-summary" } },
	});
}

/**
 * Every loan, for the loans page and the transactions' loan filter. A loan is added seldom, so
 * the list stays fresh for five minutes. The filter asks for no notice: a missing list just
 * leaves its choices empty.
 */
export function useLoans(options: { errorNotice?: boolean } = {}) {
	return useQuery({
		queryKey: queryKeys.capital.loans(),
		queryFn: ({ signal }) => callRoute(listLoans, { signal }),
		staleTime: 5 * 60_000,
		meta:
			(options.errorNotice ?? true)
				? { errorNotice: { message: ACTIVE_LOAN_SUMMARY_ERROR, id: "loans-list" } }
				: {},
	});
}
