/**
 * The partner's notifications for the banner: a client secret from GET /accounts/session, then
 * the partner's list with it (contract/account-session). Read again when the merchant comes back
 * to the tab, so items resolved on the partner's pages clear here.
 *
 * The partner's answer is checked field by field against the contract's PartnerNotification
 * (the compiler asks for the check of a field the contract adds) rather than parsed with its zod
 * schema, which would bring zod, some 25 kB gzip, to the overview's first paint.
 */
import {
	getAccountSession,
	PARTNER_NOTIFICATIONS_PATH,
	type PartnerNotification,
} from "@paydesk/contract/account-session";
import { useQuery } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";

export class PartnerError extends Error {
	constructor(
		readonly type: string,
		message: string,
	) {
		super(message);
	}
}

type Check = (value: unknown) => boolean;

const isString = (value: unknown): value is string => typeof value === "string";
const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null;

const SEVERITIES: Record<PartnerNotification["severity"], true> = { action_required: true, in_review: true };

const NOTIFICATION_FIELDS: { [Field in keyof PartnerNotification]-?: Check } = {
	id: isString,
	severity: (value) => isString(value) && Object.hasOwn(SEVERITIES, value),
	title: isString,
	description: isString,
	action_url: (value) => value === null || isString(value),
};

const isNotification = (value: unknown): value is PartnerNotification =>
	isRecord(value) && Object.entries(NOTIFICATION_FIELDS).every(([field, check]) => check(value[field]));

/** The partner's error: { error: { type, message } }, or an api_error when it says nothing usable. */
function partnerErrorOf(body: unknown): PartnerError {
	const error = isRecord(body) && isRecord(body.error) ? body.error : {};
	return isString(error.type) && isString(error.message)
		? new PartnerError(error.type, error.message)
		: new PartnerError("api_error", "");
}

async function fetchNotifications(clientSecret: string, signal: AbortSignal): Promise<PartnerNotification[]> {
	const response = await fetch(PARTNER_NOTIFICATIONS_PATH, {
		credentials: "same-origin",
		headers: { authorization: `Bearer ${clientSecret}` },
		signal,
	});
	const body: unknown = await response.json().catch(() => ({}));
	if (!response.ok) throw partnerErrorOf(body);
	const data = isRecord(body) ? body.data : undefined;
	if (!Array.isArray(data) || !data.every(isNotification))
		throw new PartnerError("api_error", "The partner's answer is not a list of notifications.");
	return data;
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
