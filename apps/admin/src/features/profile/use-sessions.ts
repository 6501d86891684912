/**
 * The current user's sessions and password (contract/user-sessions.ts): the list, "Log Out
 * Everywhere Else", and a new password, after which only this session is left.
 */
import { changePassword, endOtherSessions, listUserSessions } from "@paydesk/contract/user-sessions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

export function useUserSessions() {
	return useQuery({
		queryKey: queryKeys.userSessions(),
		queryFn: ({ signal }) => callRoute(listUserSessions, { signal }),
	});
}

function useSessionsChanged() {
	const client = useQueryClient();
	return () => client.invalidateQueries({ queryKey: queryKeys.userSessions() });
}

export function useEndOtherSessions() {
	const changed = useSessionsChanged();
	return useMutation({
		mutationFn: () => callRoute(endOtherSessions),
		onSuccess: changed,
	});
}

export function useChangePassword() {
	const changed = useSessionsChanged();
	return useMutation({
		mutationFn: (body: { current_password: string; password: string }) => callRoute(changePassword, { body }),
		onSuccess: changed,
	});
}
