/**
 * The current user's two-factor sign-in (contract/two-factor.ts): its status, a fresh key to set
 * up an app with, turning it on and off, and new recovery codes. The key and the codes are
 * secrets shown once: their answers are forgotten as soon as the screen lets go of them
 * (gcTime 0), so they do not linger in the client's cache.
 */
import {
	disableTotp,
	enableTotp,
	generateBackupCodes,
	getTotpKey,
	getTwoFactorStatus,
	type TwoFactorStatus,
} from "@paydesk/contract/two-factor";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

export function useTwoFactorStatus() {
	return useQuery({
		queryKey: queryKeys.twoFactor.status(),
		queryFn: ({ signal }) => callRoute(getTwoFactorStatus, { signal }),
	});
}

/** A fresh key while the setup is open; asked once, never again behind the user's back. */
export function useNewTotpKey() {
	return useQuery({
		queryKey: queryKeys.twoFactor.newKey(),
		queryFn: ({ signal }) => callRoute(getTotpKey, { signal }),
		gcTime: 0,
		staleTime: Number.POSITIVE_INFINITY,
		refetchOnWindowFocus: false,
		refetchOnReconnect: false,
	});
}

function useStatusAnswer() {
	const client = useQueryClient();
	return (status: TwoFactorStatus) => client.setQueryData(queryKeys.twoFactor.status(), status);
}

export function useEnableTotp() {
	const answered = useStatusAnswer();
	return useMutation({
		mutationFn: (body: { key: string; code: string }) => callRoute(enableTotp, { body }),
		onSuccess: answered,
	});
}

export function useDisableTotp() {
	const answered = useStatusAnswer();
	return useMutation({
		mutationFn: (code: string) => callRoute(disableTotp, { body: { code } }),
		onSuccess: answered,
	});
}

/** New recovery codes, in the mutation's answer only; the status then counts them. */
export function useGenerateRecoveryCodes() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: () => callRoute(generateBackupCodes),
		gcTime: 0,
		onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.twoFactor.status() }),
	});
}
