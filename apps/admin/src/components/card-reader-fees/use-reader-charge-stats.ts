import { getReaderChargeStats } from "@paydesk/contract/readers";
import { useQuery } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

/** How each reader was used and billed in one card reader fee charge. */
export function useReaderChargeStats(chargeId: string) {
	return useQuery({
		queryKey: queryKeys.readers.chargeStats(chargeId),
		queryFn: ({ signal }) => callRoute(getReaderChargeStats, { params: { id: chargeId }, signal }),
		enabled: /^\w+$/.test(chargeId),
	});
}
