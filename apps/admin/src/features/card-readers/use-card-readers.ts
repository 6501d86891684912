import { listReaders } from "@paydesk/contract/readers";
import { READERS_PAGE_SIZE } from "@paydesk/domain/readers";
import { useQuery } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

/** The connected readers, at most 10 (spec 2 §9). */
export function useCardReaders() {
	return useQuery({
		queryKey: queryKeys.readers.list(READERS_PAGE_SIZE),
		queryFn: ({ signal }) => callRoute(listReaders, { query: { limit: READERS_PAGE_SIZE }, signal }),
		meta: { errorNotice: { message: "Error retrieving card readers.", id: "card-readers" } },
	});
}
