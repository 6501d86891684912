/**
 * Column visibility as a per-user preference (user meta holding the hidden column keys, one
 * key per table), so a hidden column stays hidden after a reload and on another computer.
 */
import { type CurrentUser, getCurrentUser, updateCurrentUser } from "@paydesk/contract/wp";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { queryKeys } from "../../app/query-keys.ts";

export function useCurrentUser() {
	return useQuery({
		queryKey: queryKeys.currentUser(),
		queryFn: ({ signal }) => callRoute(getCurrentUser, { query: { context: "edit" }, signal }),
		staleTime: Number.POSITIVE_INFINITY,
	});
}

export function useHiddenColumns(
	preferenceKey: string,
	defaultHidden: readonly string[],
): { hidden: readonly string[]; ready: boolean; toggle: (key: string) => void } {
	const client = useQueryClient();
	const user = useCurrentUser();
	const saved = user.data?.meta[preferenceKey];
	const hidden = Array.isArray(saved)
		? saved.filter((key): key is string => typeof key === "string")
		: defaultHidden;

	const save = useMutation({
		mutationFn: (next: string[]) =>
			callRoute(updateCurrentUser, { body: { meta: { [preferenceKey]: next } } }),
		onMutate: async (next) => {
			await client.cancelQueries({ queryKey: queryKeys.currentUser() });
			const previous = client.getQueryData<CurrentUser>(queryKeys.currentUser());
			if (previous) {
				client.setQueryData<CurrentUser>(queryKeys.currentUser(), {
					...previous,
					meta: { ...previous.meta, [preferenceKey]: next },
				});
			}
			return { previous };
		},
		onError: (_error, _next, context) => {
			if (context?.previous) client.setQueryData(queryKeys.currentUser(), context.previous);
			createNotice("error", "Error saving option", { id: `save-${preferenceKey}` });
		},
		onSuccess: (updated) => client.setQueryData(queryKeys.currentUser(), updated),
	});

	return {
		hidden,
		ready: !user.isPending,
		toggle: (key) => save.mutate(hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key]),
	};
}
