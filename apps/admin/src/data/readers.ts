/** Card readers: the connected ones, and how each was used and billed in a card reader fee charge. */
import { getReaderChargeStats, listReaders } from "@paydesk/contract/readers";
import { READERS_PAGE_SIZE } from "@paydesk/domain/readers";
import { useQuery } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";

/** The connected readers, at most 10 (spec 2 §9). */
export function useCardReaders() {
	return useQuery({
		queryKey: queryKeys.readers.list(READERS_PAGE_SIZE),
		queryFn: ({ signal }) => callRoute(listReaders, { query: { limit: READERS_PAGE_SIZE }, signal }),
		meta: { errorNotice: { message: "Error retrieving card readers.", id: "card-readers" } },
	});
}

export function useReaderChargeStats(chargeId: string) {
	return useQuery({
		queryKey: queryKeys.readers.chargeStats(chargeId),
		queryFn: ({ signal }) => callRoute(getReaderChargeStats, { params: { id: chargeId }, signal }),
		enabled: /^\w+$/.test(chargeId),
	});
}
