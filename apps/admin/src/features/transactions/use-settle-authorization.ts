/**
 * Capture and cancel of an authorization from its row (spec 2 §4 "Authorization", §7, §8): one
 * mutation serves both, so they share one request-in-progress state; every click sends its own
 * Idempotency-Key, so a retried request never moves money twice. The order is the
 * authorization's order id, which the spec's notices name.
 */
import type { Authorization } from "@paydesk/contract/authorizations";
import { CHARGE_ERRORS } from "@paydesk/contract/charges";
import { cancelAuthorization, captureAuthorization } from "@paydesk/contract/orders";
import { type CaptureAction, captureFailureReason, isCaptureSucceeded } from "@paydesk/domain/capture";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { __, sprintf } from "@wordpress/i18n";
import { ApiError, callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { getSettings } from "../../app/settings.ts";
import {
	invalidatePaymentQueries,
	newIdempotencyKey,
} from "../../components/payment-refund/invalidate-payment.ts";

export function settledMessage(action: CaptureAction, order: string): string {
	return action === "capture"
		? sprintf(__("Payment for order #%s captured successfully.", "paydesk"), order)
		: sprintf(__("Payment for order #%s canceled successfully.", "paydesk"), order);
}

export function settleFailedMessage(action: CaptureAction, order: string, error: unknown): string {
	const lead =
		action === "capture"
			? sprintf(__("There has been an error capturing the payment for order #%s.", "paydesk"), order)
			: sprintf(__("There has been an error canceling the payment for order #%s.", "paydesk"), order);
	const failure =
		error instanceof ApiError ? { code: error.code, data: error.data } : { code: "unknown_error" };
	return `${lead} ${captureFailureReason(failure, getSettings().locale.code)}`;
}

export function useSettleAuthorization(authorization: Authorization) {
	const client = useQueryClient();
	const order = String(authorization.order_id ?? "");
	const mutation = useMutation({
		mutationFn: async ({ action, key }: { action: CaptureAction; key: string }) => {
			if (authorization.order_id === null) {
				throw new ApiError(CHARGE_ERRORS.missingOrder, "The order could not be found.", 404);
			}
			const response = await callRoute(action === "capture" ? captureAuthorization : cancelAuthorization, {
				params: { order: authorization.order_id },
				body: { payment_intent_id: authorization.payment_intent_id },
				headers: { "Idempotency-Key": key },
			});
			if (action === "capture" && !isCaptureSucceeded(response)) {
				throw new ApiError(CHARGE_ERRORS.captureError, "The payment capture failed to complete.", 502);
			}
			return response;
		},
		onSuccess: (_response, { action }) => createNotice("success", settledMessage(action, order)),
		onError: (error, { action }) => createNotice("error", settleFailedMessage(action, order, error)),
		onSettled: () => invalidatePaymentQueries(client),
	});
	return {
		settle: (action: CaptureAction) => {
			if (mutation.isPending) return;
			mutation.mutate({ action, key: newIdempotencyKey(action) });
		},
		inProgress: mutation.isPending,
		pendingAction: mutation.isPending ? mutation.variables?.action : undefined,
	};
}
