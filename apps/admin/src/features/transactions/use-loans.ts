/** The account's loans, as choices of the loan filter (a missing list just leaves it empty). */
import { listLoans } from "@paydesk/contract/capital";
import { useQuery } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

export function useLoanChoices() {
	const result = useQuery({
		queryKey: queryKeys.capital.loans(),
		queryFn: ({ signal }) => callRoute(listLoans, { signal }),
		staleTime: 5 * 60_000,
	});
	return result.data?.data;
}
