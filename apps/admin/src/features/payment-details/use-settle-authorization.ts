/**
 * Capture and cancel of an uncaptured authorization (spec 2 §4 "Authorization", §8). One
 * mutation serves both, so they share one request-in-progress state; each click carries its
 * own Idempotency-Key.
 */
import { CHARGE_ERRORS, type Charge } from "@paydesk/contract/charges";
import { cancelAuthorization, captureAuthorization } from "@paydesk/contract/orders";
import { type CaptureAction, captureFailureReason, isCaptureSucceeded } from "@paydesk/domain/capture";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { __, sprintf } from "@wordpress/i18n";
import { ApiError, callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { getSettings } from "../../app/settings.ts";
import { invalidatePaymentQueries } from "../../components/payment-refund/invalidate-payment.ts";

export interface SettleRequest {
	action: CaptureAction;
	idempotencyKey: string;
}

export function settleSuccessMessage(action: CaptureAction, orderNumber: string): string {
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

export function useSettleAuthorization(charge: Charge) {
	const client = useQueryClient();
	const orderNumber = charge.order?.number ?? "";
	return useMutation({
		mutationFn: async ({ action, idempotencyKey }: SettleRequest) => {
			// Capture and cancel go through the order; a payment without one cannot be settled.
			if (!charge.order) {
				throw new ApiError(CHARGE_ERRORS.missingOrder, "The order could not be found.", 404);
			}
			const response = await callRoute(action === "capture" ? captureAuthorization : cancelAuthorization, {
				params: { order: charge.order.id },
				body: { payment_intent_id: charge.payment_intent },
				headers: { "Idempotency-Key": idempotencyKey },
			});
			if (action === "capture" && !isCaptureSucceeded(response)) {
				throw new ApiError(CHARGE_ERRORS.captureError, "The payment capture failed to complete.", 502);
			}
			return response;
		},
		onSuccess: (_response, { action }) => createNotice("success", settleSuccessMessage(action, orderNumber)),
		onError: (error, { action }) => createNotice("error", settleErrorMessage(action, orderNumber, error)),
		onSettled: () => invalidatePaymentQueries(client),
	});
}
