/**
 * The data of the payment details screen: the payment intent with its charge, a charge reached
 * by charge or order id (to find its payment intent), the timeline and the authorization.
 */
import { AUTHORIZATION_ERRORS, getAuthorization } from "@paydesk/contract/authorizations";
import { getCharge, getChargeByOrder, getPaymentIntent } from "@paydesk/contract/charges";
import { getTimeline } from "@paydesk/contract/timeline";
import { useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { ApiError, callRoute } from "../../app/api.ts";
import type { ErrorNotice } from "../../app/query-client.ts";
import { queryKeys } from "../../app/query-keys.ts";

/** Ids go into a URL path: word characters only, as the server's object ids are. */
export const isObjectId = (id: string | undefined): id is string =>
	typeof id === "string" && /^\w{1,255}$/.test(id);

const isMissing = (error: Error) => error instanceof ApiError && error.status === 404;

/** A missing payment will not appear on a second try; anything else is tried once more. */
const retryUnlessMissing = (count: number, error: Error) => count < 1 && !isMissing(error);

/**
 * 'Error retrieving transaction.' (spec 2 §8) when a payment fails to load for any reason but
 * its absence, which the screen itself says.
 */
const transactionErrorNotice = (): ErrorNotice => ({
	message: __("Error retrieving transaction.", "paydesk"),
	id: "transaction-error",
	except: isMissing,
});

export function usePaymentIntent(id: string | undefined) {
	return useQuery({
		queryKey: queryKeys.charges.paymentIntent(id ?? ""),
		queryFn: ({ signal }) => callRoute(getPaymentIntent, { params: { id: id ?? "" }, signal }),
		enabled: isObjectId(id),
		retry: retryUnlessMissing,
		meta: { errorNotice: transactionErrorNotice() },
	});
}

/** The charge behind a charge id (ch_, py_) or an order id (all digits). */
export function useChargeLookup(kind: "charge" | "order", id: string) {
	return useQuery({
		queryKey: kind === "charge" ? queryKeys.charges.detail(id) : queryKeys.charges.byOrder(id),
		queryFn: ({ signal }) =>
			kind === "charge"
				? callRoute(getCharge, { params: { id }, signal })
				: callRoute(getChargeByOrder, { params: { id }, signal }),
		enabled: isObjectId(id),
		retry: retryUnlessMissing,
		meta: { errorNotice: transactionErrorNotice() },
	});
}

export function usePaymentTimeline(paymentIntentId: string, enabled: boolean) {
	return useQuery({
		queryKey: queryKeys.timeline.detail(paymentIntentId),
		queryFn: ({ signal }) => callRoute(getTimeline, { params: { id: paymentIntentId }, signal }),
		enabled: enabled && isObjectId(paymentIntentId),
		retry: retryUnlessMissing,
	});
}

/**
 * The authorization of a payment intent, read while the payment waits for capture. A failure
 * raises 'Error retrieving authorization.', except authorization_missing (no authorization
 * to show), which stays silent (spec 2 §8).
 */
export function useAuthorization(paymentIntentId: string, enabled: boolean) {
	return useQuery({
		queryKey: queryKeys.authorizations.detail(paymentIntentId),
		queryFn: ({ signal }) => callRoute(getAuthorization, { params: { id: paymentIntentId }, signal }),
		enabled: enabled && isObjectId(paymentIntentId),
		retry: retryUnlessMissing,
		meta: {
			errorNotice: {
				message: __("Error retrieving authorization.", "paydesk"),
				id: "authorization-error",
				except: (error) => error instanceof ApiError && error.code === AUTHORIZATION_ERRORS.missing,
			},
		},
	});
}
