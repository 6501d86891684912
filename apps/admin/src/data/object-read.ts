/**
 * One object read by its path parameters (a payout, a dispute, a payment, an order, a user):
 * asked for only when the parameters name something the server could have, and not asked
 * again when the server has no such object, which the screen then says itself.
 */
import type { RouteContract } from "@paydesk/contract/route";
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { ApiError, readRoute } from "../app/api.ts";
import type { ErrorNotice } from "../app/query-client.ts";

export const isMissing = (error: Error): boolean => error instanceof ApiError && error.status === 404;

/** What the server does not have will not appear on a second try; anything else is tried once more. */
const retryUnlessMissing = (count: number, error: Error): boolean => count < 1 && !isMissing(error);

export function useObjectRead<C extends RouteContract>(
	queryKey: QueryKey,
	route: C,
	params: Record<string, string | number>,
	options: { enabled: boolean; errorNotice?: ErrorNotice },
) {
	return useQuery({
		queryKey,
		queryFn: ({ signal }) => readRoute(route, { params, signal }),
		enabled: options.enabled,
		retry: retryUnlessMissing,
		meta: options.errorNotice ? { errorNotice: options.errorNotice } : {},
	});
}
