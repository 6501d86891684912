import { getDeposit } from "@paydesk/contract/deposits";
import { useQuery } from "@tanstack/react-query";
import { ApiError, callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

/** A payout id must be word characters only; anything else is not fetched (spec 2). */
export const isPayoutId = (id: string | undefined): id is string =>
	typeof id === "string" && /^\w+$/.test(id);

export function usePayout(id: string | undefined) {
	return useQuery({
		queryKey: queryKeys.deposits.detail(id ?? ""),
		queryFn: ({ signal }) => callRoute(getDeposit, { params: { id: id ?? "" }, signal }),
		enabled: isPayoutId(id),
		retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
	});
}
