/**
 * Refunding a payment (spec 2 "Summary card actions", §8) through POST {base}/refund, shared
 * by the payment details (refund in full) and the order screen (partial refund). The caller
 * passes the Idempotency-Key of the merchant's action, so a double click refunds once.
 */
import { createRefund } from "@paydesk/contract/charges";
import type { RefundReason } from "@paydesk/domain/refunds";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { __, sprintf } from "@wordpress/i18n";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { invalidatePaymentQueries } from "./invalidate-payment.ts";

export interface RefundRequest {
	chargeId: string;
	/** Minor units of the charge's currency; absent refunds everything still refundable. */
	amount?: number;
	/** "" is no reason: then no reason is sent at all. */
	reason: RefundReason | "";
	orderId?: number | null;
	idempotencyKey: string;
}

/** The body POST /refund receives; a reason key only when the merchant chose one. */
export function refundBody(request: RefundRequest): Record<string, string | number> {
	const body: Record<string, string | number> = { charge_id: request.chargeId };
	if (request.amount !== undefined) body.amount = request.amount;
	if (request.reason) body.reason = request.reason;
	if (request.orderId) body.order_id = request.orderId;
	return body;
}

/** `paymentLabel` names the payment in the notices: the order number, else the payment id. */
export function useRefund(paymentLabel: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (request: RefundRequest) =>
			callRoute(createRefund, {
				body: refundBody(request),
				headers: { "Idempotency-Key": request.idempotencyKey },
			}),
		onSuccess: () => {
			createNotice("success", sprintf(__("Refunded payment #%s.", "paydesk"), paymentLabel));
		},
		onError: () => {
			createNotice(
				"error",
				sprintf(
					__("There has been an error refunding the payment #%s. Please try again later.", "paydesk"),
					paymentLabel,
				),
			);
		},
		onSettled: () => invalidatePaymentQueries(client),
	});
}
