/** Reading and saving wc-admin options (dismissed notices, task lists) through TanStack Query. */
import { getOptions, updateOptions } from "@paydesk/contract/wp";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";

export function useOption<T>(name: string): { value: T | false | undefined; isLoading: boolean } {
	const query = useQuery({
		queryKey: queryKeys.options([name]),
		queryFn: ({ signal }) => callRoute(getOptions, { query: { options: name }, signal }),
	});
	return { value: query.data?.[name] as T | false | undefined, isLoading: query.isPending };
}

/** Saves an option; the cached value changes at once and rolls back on failure ('Error saving option'). */
export function useSaveOption(name: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (value: unknown) => callRoute(updateOptions, { body: { [name]: value } }),
		onMutate: (value) => {
			const key = queryKeys.options([name]);
			const previous = client.getQueryData(key);
			client.setQueryData(key, { [name]: value });
			return { previous };
		},
		onError: (_error, _value, context) => {
			client.setQueryData(queryKeys.options([name]), context?.previous);
			createNotice("error", "Error saving option");
		},
	});
}
