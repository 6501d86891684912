/**
 * The partner's notifications for the banner: a client secret from GET /accounts/session, then
 * the partner's list with it (contract/account-session). Read again when the merchant comes back
 * to the tab, so items resolved on the partner's pages clear here.
 */
import {
	getAccountSession,
	PARTNER_NOTIFICATIONS_PATH,
	partnerError,
	partnerNotifications,
} from "@paydesk/contract/account-session";
import { useQuery } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

export class PartnerError extends Error {
	constructor(
		readonly type: string,
		message: string,
	) {
		super(message);
	}
}

async function fetchNotifications(clientSecret: string, signal: AbortSignal) {
	const response = await fetch(PARTNER_NOTIFICATIONS_PATH, {
		credentials: "same-origin",
		headers: { authorization: `Bearer ${clientSecret}` },
		signal,
	});
	const body: unknown = await response.json().catch(() => ({}));
	if (!response.ok) {
		const error = partnerError.safeParse(body);
		throw new PartnerError(
			error.success ? error.data.error.type : "api_error",
			error.success ? error.data.error.message : "",
		);
	}
	return partnerNotifications.parse(body).data;
}

export function usePartnerNotifications(enabled: boolean) {
	const session = useQuery({
		queryKey: queryKeys.accountSession(),
		queryFn: ({ signal }) => callRoute(getAccountSession, { signal }),
		enabled,
		staleTime: 20 * 60 * 1000,
	});
	const clientSecret = session.data?.clientSecret;
	const notifications = useQuery({
		queryKey: queryKeys.partnerNotifications(),
		queryFn: ({ signal }) => fetchNotifications(clientSecret ?? "", signal),
		enabled: enabled && clientSecret !== undefined,
		refetchOnWindowFocus: true,
		staleTime: 0,
		retry: false,
	});
	return { session, notifications };
}
