/**
 * The signed-in user (GET /wp/v2/users/me, with its meta): read once a page, and saved as meta
 * (column visibility, the feedback prompt's answer) or as the user's own language.
 */
import type { BodyOf } from "@paydesk/contract/route";
import { type CurrentUser, getCurrentUser, updateCurrentUser } from "@paydesk/contract/wp";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";

export function useCurrentUser() {
	return useQuery({
		queryKey: queryKeys.currentUser(),
		queryFn: ({ signal }) => callRoute(getCurrentUser, { query: { context: "edit" }, signal }),
		staleTime: Number.POSITIVE_INFINITY,
	});
}

/**
 * Saves user meta, showing the change at once and rolling it back on failure with 'Error
 * saving option' under `noticeId`.
 */
export function useSaveUserMeta(noticeId: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (meta: Record<string, unknown>) => callRoute(updateCurrentUser, { body: { meta } }),
		onMutate: async (meta) => {
			await client.cancelQueries({ queryKey: queryKeys.currentUser() });
			const previous = client.getQueryData<CurrentUser>(queryKeys.currentUser());
			if (previous) {
				client.setQueryData<CurrentUser>(queryKeys.currentUser(), {
					...previous,
					meta: { ...previous.meta, ...meta },
				});
			}
			return { previous };
		},
		onError: (_error, _meta, context) => {
			if (context?.previous) client.setQueryData(queryKeys.currentUser(), context.previous);
			createNotice("error", "Error saving option", { id: noticeId });
		},
		onSuccess: (updated) => client.setQueryData(queryKeys.currentUser(), updated),
	});
}

/** Saves the user's own fields (their language); the answer is the user as the server now has it. */
export function useUpdateCurrentUser() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (body: BodyOf<typeof updateCurrentUser>) => callRoute(updateCurrentUser, { body }),
		onSuccess: (updated) => client.setQueryData(queryKeys.currentUser(), updated),
	});
}
