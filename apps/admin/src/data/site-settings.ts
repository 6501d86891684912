/** The store's general settings (GET and POST /wp/v2/settings), administrators only. */
import type { BodyOf } from "@paydesk/contract/route";
import { getSiteSettings, updateSiteSettings } from "@paydesk/contract/site-settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";

export function useSiteSettings() {
	return useQuery({
		queryKey: queryKeys.siteSettings(),
		queryFn: ({ signal }) => callRoute(getSiteSettings, { signal }),
	});
}

/** Saves the settings whole; the answer is what the server now has. */
export function useSaveSiteSettings() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (body: BodyOf<typeof updateSiteSettings>) => callRoute(updateSiteSettings, { body }),
		onSuccess: (saved) => client.setQueryData(queryKeys.siteSettings(), saved),
	});
}
