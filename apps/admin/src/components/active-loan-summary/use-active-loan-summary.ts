import { getActiveLoanSummary } from "@paydesk/contract/capital";
import { useQuery } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

export const ACTIVE_LOAN_SUMMARY_ERROR = "Error retrieving the active loan summary.";

/** The active loan's summary; a failure raises the spec's notice once (spec 2 §8). */
export function useActiveLoanSummary(enabled = true) {
	return useQuery({
		queryKey: queryKeys.capital.activeLoanSummary(),
		queryFn: ({ signal }) => callRoute(getActiveLoanSummary, { signal }),
		enabled,
		meta: { errorNotice: { message: ACTIVE_LOAN_SUMMARY_ERROR, id: "active-loan-summary" } },
	});
}
