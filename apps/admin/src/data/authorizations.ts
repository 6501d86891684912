/**
 * Uncaptured authorizations (spec 2 "Uncaptured tab", §4 "Authorization"): the list and its
 * summary, one payment's authorization, and its capture or cancel.
 */
import {
	AUTHORIZATION_ERRORS,
	getAuthorization,
	getAuthorizationsSummary,
	listAuthorizations,
} from "@paydesk/contract/authorizations";
import { CHARGE_ERRORS } from "@paydesk/contract/charges";
import { cancelAuthorization, captureAuthorization } from "@paydesk/contract/orders";
import { type CaptureAction, captureFailureReason, isCaptureSucceeded } from "@paydesk/domain/capture";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __, sprintf } from "@wordpress/i18n";
import { useRef } from "react";
import { ApiError, callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import type { ErrorNotice } from "../app/query-client.ts";
import { queryKeys } from "../app/query-keys.ts";
import { getSettings } from "../app/settings.ts";
import { type ListQuery, readList, useListPage } from "./list-page.ts";
import { useObjectRead } from "./object-read.ts";
import { invalidatePaymentQueries, isObjectId, newIdempotencyKey } from "./payments.ts";

// Both the list and its summary read 'Error retrieving uncaptured transactions.' (spec 2 §8).
const errorNotice = (): ErrorNotice => ({
	message: __("Error retrieving uncaptured transactions.", "paydesk"),
	id: "uncaptured-transactions",
});

export function useAuthorizations(query: ListQuery) {
	return useListPage(
		queryKeys.authorizations.list(query),
		readList(listAuthorizations, query),
		errorNotice(),
	);
}

/** The summary takes no filter: the tab title and the tab's summary share one request. */
export function useAuthorizationsSummary(options: { enabled?: boolean } = {}) {
	return useQuery({
		queryKey: queryKeys.authorizations.summary({}),
		queryFn: ({ signal }) => callRoute(getAuthorizationsSummary, { signal }),
		enabled: options.enabled ?? true,
		meta: { errorNotice: errorNotice() },
	});
}

/**
 * The authorization of a payment intent, read while the payment waits for capture. A failure
 * raises 'Error retrieving authorization.', except authorization_missing (no authorization
 * to show), which stays silent (spec 2 §8).
 */
export function useAuthorization(paymentIntentId: string, enabled: boolean) {
	return useObjectRead(
		queryKeys.authorizations.detail(paymentIntentId),
		getAuthorization,
		{ id: paymentIntentId },
		{
			enabled: enabled && isObjectId(paymentIntentId),
			errorNotice: {
				message: __("Error retrieving authorization.", "paydesk"),
				id: "authorization-error",
				except: (error) => error instanceof ApiError && error.code === AUTHORIZATION_ERRORS.missing,
			},
		},
	);
}

export interface SettleTarget {
	/** The order the authorization pays for; capture and cancel go through it. */
	orderId: number | null;
	/** What the notices call the order: its number. */
	orderNumber: string;
	paymentIntentId: string;
}

function settleSuccessMessage(action: CaptureAction, orderNumber: string): string {
	return action === "capture"
		? sprintf(__("Payment for order #%s captured successfully.", "paydesk"), orderNumber)
		: sprintf(__("Payment for order #%s canceled successfully.", "paydesk"), orderNumber);
}

/** The lead sentence of spec 2 §8, then the reason its table gives for the error's code. */
export function settleErrorMessage(action: CaptureAction, orderNumber: string, error: unknown): string {
	const lead =
		action === "capture"
			? sprintf(__("There has been an error capturing the payment for order #%s.", "paydesk"), orderNumber)
			: sprintf(__("There has been an error canceling the payment for order #%s.", "paydesk"), orderNumber);
	const failure =
		error instanceof ApiError ? { code: error.code, data: error.data } : { code: "unknown_error" };
	return `${lead} ${captureFailureReason(failure, getSettings().locale.code)}`;
}

/**
 * Capture and cancel of an uncaptured authorization (spec 2 §7, §8), from the payment details
 * banner and from a row of the uncaptured list alike. One mutation serves both actions, so they
 * share one request-in-progress state; each click carries its own Idempotency-Key, and a second
 * click before React re-renders sends nothing.
 */
export function useSettleAuthorization(target: SettleTarget) {
	const client = useQueryClient();
	const inFlight = useRef(false);
	const mutation = useMutation({
		mutationFn: async ({ action, key }: { action: CaptureAction; key: string }) => {
			if (target.orderId === null) {
				throw new ApiError(CHARGE_ERRORS.missingOrder, "The order could not be found.", 404);
			}
			const response = await callRoute(action === "capture" ? captureAuthorization : cancelAuthorization, {
				params: { order: target.orderId },
				body: { payment_intent_id: target.paymentIntentId },
				headers: { "Idempotency-Key": key },
			});
			if (action === "capture" && !isCaptureSucceeded(response)) {
				throw new ApiError(CHARGE_ERRORS.captureError, "The payment capture failed to complete.", 502);
			}
			return response;
		},
		onSuccess: (_response, { action }) =>
			createNotice("success", settleSuccessMessage(action, target.orderNumber)),
		onError: (error, { action }) =>
			createNotice("error", settleErrorMessage(action, target.orderNumber, error)),
		onSettled: () => {
			inFlight.current = false;
			return invalidatePaymentQueries(client);
		},
	});
	return {
		settle: (action: CaptureAction) => {
			if (inFlight.current) return;
			inFlight.current = true;
			mutation.mutate({ action, key: newIdempotencyKey(action) });
		},
		inProgress: mutation.isPending,
		pendingAction: mutation.isPending ? mutation.variables?.action : undefined,
	};
}
