/** The bell's data: the user's notifications, and marking them read (contract/events.ts). */
import { listNotifications, readAllNotifications, readNotification } from "@paydesk/contract/events";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";

/** Live events refresh the list at once; this covers a stream that could not be opened. */
const FALLBACK_REFRESH_MS = 60_000;

export function useNotifications() {
	return useQuery({
		queryKey: queryKeys.notifications(),
		queryFn: ({ signal }) => callRoute(listNotifications, { signal }),
		refetchInterval: FALLBACK_REFRESH_MS,
	});
}

export function useReadNotification() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (id: string) => callRoute(readNotification, { params: { id } }),
		onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications() }),
	});
}

export function useReadAllNotifications() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: () => callRoute(readAllNotifications),
		onSuccess: (list) => client.setQueryData(queryKeys.notifications(), list),
	});
}
