import { listLoans } from "@paydesk/contract/capital";
import { useQuery } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";
import { ACTIVE_LOAN_SUMMARY_ERROR } from "../../components/active-loan-summary/use-active-loan-summary.ts";

/** Every loan; the spec gives the loans list the active loan summary's error text (spec 2 §8). */
export function useLoans() {
	return useQuery({
		queryKey: queryKeys.capital.loans(),
		queryFn: ({ signal }) => callRoute(listLoans, { signal }),
		meta: { errorNotice: { message: ACTIVE_LOAN_SUMMARY_ERROR, id: "loans-list" } },
	});
}
