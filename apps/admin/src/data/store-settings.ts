/**
 * WooCommerce's general settings (GET /wc/v3/settings/general: address, locations, currency),
 * saved in one batch whose answer names each setting saved or refused.
 */
import type { BodyOf } from "@paydesk/contract/route";
import {
	type BatchItemError,
	batchUpdateGeneralSettings,
	listGeneralSettings,
	type StoreSetting,
} from "@paydesk/contract/store-settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";

export const isRefused = (item: StoreSetting | BatchItemError): item is BatchItemError => "error" in item;

export function useStoreGeneralSettings() {
	return useQuery({
		queryKey: queryKeys.storeSettings(),
		queryFn: ({ signal }) => callRoute(listGeneralSettings, { signal }),
	});
}

/** Saves a batch of settings; those the server saved replace the cached ones. */
export function useSaveStoreGeneralSettings() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (body: BodyOf<typeof batchUpdateGeneralSettings>) =>
			callRoute(batchUpdateGeneralSettings, { body }),
		onSuccess: ({ update }) => {
			const saved = update.filter((item): item is StoreSetting => !isRefused(item));
			client.setQueryData(queryKeys.storeSettings(), (current: StoreSetting[] | undefined) =>
				current?.map((setting) => saved.find((item) => item.id === setting.id) ?? setting),
			);
		},
	});
}
