/**
 * The account's keys for Stripe's API: the list, and what administrators do to them (create a
 * pair or a restricted key, roll them, delete a key). A made secret or restricted key comes back
 * once, in the mutation's answer: those mutations are forgotten as soon as the screen lets go of
 * them (gcTime 0), so the secret does not linger in the client's cache after its dialog closes.
 */
import {
	type ApiKeyPermissions,
	createApiKey,
	deleteApiKey,
	listApiKeys,
	rollApiKey,
} from "@paydesk/contract/developers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";
import { useCan } from "../app/routes.ts";

export function useApiKeys(enabled = true) {
	return useQuery({
		queryKey: queryKeys.apiKeys.list(),
		queryFn: ({ signal }) => callRoute(listApiKeys, { signal }),
		enabled,
	});
}

/**
 * The names of the account's keys, once each (a pair and its rolled pairs share a name); none
 * for a user who may not list the keys (a payments viewer).
 */
export function useApiKeyNames(): string[] {
	const keys = useApiKeys(useCan("manage_woocommerce"));
	return [...new Set((keys.data?.data ?? []).map((key) => key.name))];
}

function useKeysChanged() {
	const client = useQueryClient();
	return () => client.invalidateQueries({ queryKey: queryKeys.apiKeys.all() });
}

/** A key to make: a secret key with its publishable key, or, with permissions, a restricted key. */
export interface NewApiKey {
	name: string;
	permissions?: ApiKeyPermissions;
}

export function useCreateApiKey() {
	const changed = useKeysChanged();
	return useMutation({
		mutationFn: ({ name, permissions }: NewApiKey) =>
			callRoute(createApiKey, {
				body: permissions ? { name, kind: "restricted", permissions } : { name },
			}),
		gcTime: 0,
		onSuccess: () => changed(),
	});
}

export function useRollApiKey() {
	const changed = useKeysChanged();
	return useMutation({
		mutationFn: ({ id, expiresIn }: { id: string; expiresIn: number }) =>
			callRoute(rollApiKey, { params: { id }, body: { expires_in: expiresIn } }),
		gcTime: 0,
		onSuccess: () => changed(),
	});
}

export function useDeleteApiKey() {
	const changed = useKeysChanged();
	return useMutation({
		mutationFn: (id: string) => callRoute(deleteApiKey, { params: { id } }),
		onSuccess: () => {
			createNotice("success", __("The key was deleted.", "paydesk"), { id: "api-key-deleted" });
			return changed();
		},
		onError: (error: Error) => createNotice("error", error.message, { id: "api-key-deleted" }),
	});
}
