/**
 * A payment: its payment intent with its charge, a charge reached by charge or order id (to
 * find its payment intent), its timeline, a refund of it, and what a change of it refreshes.
 */
import { createRefund, getCharge, getChargeByOrder, getPaymentIntent } from "@paydesk/contract/charges";
import type { BodyOf } from "@paydesk/contract/route";
import { getTimeline } from "@paydesk/contract/timeline";
import type { RefundReason } from "@paydesk/domain/refunds";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { __, sprintf } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import type { ErrorNotice } from "../app/query-client.ts";
import { queryKeys } from "../app/query-keys.ts";
import { isMissing, useObjectRead } from "./object-read.ts";

/** Ids go into a URL path: word characters only, as the server's object ids are. */
export const isObjectId = (id: string | undefined): id is string =>
	typeof id === "string" && /^\w{1,255}$/.test(id);

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
	return useObjectRead(
		queryKeys.charges.paymentIntent(id ?? ""),
		getPaymentIntent,
		{ id: id ?? "" },
		{ enabled: isObjectId(id), errorNotice: transactionErrorNotice() },
	);
}

/** The charge behind a charge id (ch_, py_) or an order id (all digits). */
export function useChargeLookup(kind: "charge" | "order", id: string) {
	return useObjectRead(
		kind === "charge" ? queryKeys.charges.detail(id) : queryKeys.charges.byOrder(id),
		kind === "charge" ? getCharge : getChargeByOrder,
		{ id },
		{ enabled: isObjectId(id), errorNotice: transactionErrorNotice() },
	);
}

export function usePaymentTimeline(paymentIntentId: string, enabled: boolean) {
	return useObjectRead(
		queryKeys.timeline.detail(paymentIntentId),
		getTimeline,
		{ id: paymentIntentId },
		{ enabled: enabled && isObjectId(paymentIntentId) },
	);
}

/**
 * What a refund, capture or cancel changes: the payment itself, its timeline, the lists it
 * shows in, the uncaptured authorizations, the order, and the balances of the payouts overview.
 */
export function invalidatePaymentQueries(client: QueryClient): Promise<void> {
	return Promise.all(
		[
			queryKeys.charges.all(),
			queryKeys.timeline.all(),
			queryKeys.transactions.all(),
			queryKeys.authorizations.all(),
			queryKeys.orders.all(),
			queryKeys.deposits.overview(),
			// A refund, capture or cancellation adds its entry to the payment's Activity.
			queryKeys.auditLog.all(),
		].map((queryKey) => client.invalidateQueries({ queryKey })),
	).then(() => undefined);
}

/** A fresh key per merchant action: a retried or doubled request with it moves money once. */
export function newIdempotencyKey(action: string): string {
	return `${action}-${crypto.randomUUID()}`;
}

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
function refundBody(request: RefundRequest): BodyOf<typeof createRefund> {
	return {
		charge_id: request.chargeId,
		...(request.amount !== undefined && { amount: request.amount }),
		...(request.reason && { reason: request.reason }),
		...(request.orderId && { order_id: request.orderId }),
	};
}

/**
 * Refunding a payment (spec 2 "Summary card actions", §8) through POST {base}/refund, shared
 * by the payment details (refund in full) and the order screen (partial refund). The caller
 * passes the Idempotency-Key of the merchant's action, so a double click refunds once;
 * `paymentLabel` names the payment in the notices: the order number, else the payment id.
 */
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
