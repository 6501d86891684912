/**
 * The sandbox account's test clock: its simulated time, read every minute, and
 * moving it forward, which runs everything that became due on the server (payouts, expiries,
 * disputes), so every screen's data is read again before the move settles.
 */
import { advanceSandboxClock, getSandboxClock } from "@paydesk/contract/sandbox-clock";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";

export function useSandboxClock() {
	return useQuery({
		queryKey: queryKeys.sandboxClock(),
		queryFn: ({ signal }) => callRoute(getSandboxClock, { signal }),
		refetchInterval: 60_000,
	});
}

export function useAdvanceSandboxClock() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (seconds: number) => callRoute(advanceSandboxClock, { body: { advance: seconds } }),
		onSuccess: async (answer) => {
			client.setQueryData(queryKeys.sandboxClock(), answer);
			await client.invalidateQueries();
		},
		onError: (error) => createNotice("error", error.message, { id: "sandbox-clock" }),
	});
}
