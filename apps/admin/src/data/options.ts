/**
 * wc-admin options (dismissed notices, task lists, where the store sells) through TanStack
 * Query, read several in one request, and saved with the cached values changed at once and
 * rolled back on failure.
 */
import type { SettingFlagOption } from "@paydesk/contract/options";
import { saveSettingOption } from "@paydesk/contract/settings";
import { getOptions, updateOptions } from "@paydesk/contract/wp";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";

/** The named options, in one request. */
export function useOptions(names: readonly string[]) {
	return useQuery({
		queryKey: queryKeys.options(names),
		queryFn: ({ signal }) => callRoute(getOptions, { query: { options: names.join(",") }, signal }),
	});
}

export function useOption<T>(name: string): { value: T | false | undefined; isLoading: boolean } {
	const query = useOptions([name]);
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

/** Saves some of the options read together as `names`, under one notice id when it fails. */
export function useSaveOptions(names: readonly string[], noticeId: string) {
	const client = useQueryClient();
	const key = queryKeys.options(names);
	return useMutation({
		mutationFn: (values: Record<string, unknown>) => callRoute(updateOptions, { body: values }),
		onMutate: async (values) => {
			await client.cancelQueries({ queryKey: key });
			const previous = client.getQueryData<Record<string, unknown>>(key);
			client.setQueryData(key, { ...previous, ...values });
			return { previous };
		},
		onError: (_error, _values, context) => {
			client.setQueryData(key, context?.previous);
			createNotice("error", __("Error saving option", "paydesk"), { id: noticeId });
		},
	});
}

/** A dismissal flag saved through POST /settings/{option}, reflected in the options read as `names`. */
export function useSaveSettingFlag(option: SettingFlagOption, names: readonly string[]) {
	const client = useQueryClient();
	const key = queryKeys.options(names);
	return useMutation({
		mutationFn: () => callRoute(saveSettingOption, { params: { option }, body: { value: true } }),
		onMutate: () => {
			const previous = client.getQueryData<Record<string, unknown>>(key);
			client.setQueryData(key, { ...previous, [option]: true });
			return { previous };
		},
		onError: (_error, _value, context) => {
			client.setQueryData(key, context?.previous);
			createNotice("error", __("Error saving option", "paydesk"), { id: option });
		},
	});
}
