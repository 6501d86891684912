/**
 * The order screen's read route, and capture and cancel of an order's authorization
 * (spec 2 §7, §8): POST {base}/orders/{order}/capture_authorization and cancel_authorization
 * answer { id, status } or an error with the spec's codes. Anything unexpected is answered as
 * wcpay_server_error, the code the admin explains as "An unexpected error occurred".
 */
import { CHARGE_ERRORS } from "@paydesk/contract/charges";
import { cancelAuthorization, captureAuthorization, getOrder } from "@paydesk/contract/orders";
import type { FastifyInstance } from "fastify";
import { auditActorOf } from "../../audit/record.ts";
import { contractRoute, type RouteContext } from "../../http/contract-route.ts";
import { notFound, RestError } from "../../http/rest-error.ts";
import { IdempotencyKeyReused } from "../../ledger/idempotency.ts";
import type { AuthorizationFailureCode, AuthorizationResult } from "../../processors/processor.ts";
import { storeOrderOf } from "./queries.ts";

type Failure = Extract<AuthorizationResult, { ok: false }>;

const FAILURE_ANSWERS: Record<AuthorizationFailureCode, readonly [string, number]> = {
	missing_order: [CHARGE_ERRORS.missingOrder, 404],
	refunded_order: [CHARGE_ERRORS.refundedOrderUncapturable, 400],
	intent_order_mismatch: [CHARGE_ERRORS.intentOrderMismatch, 400],
	uncapturable: [CHARGE_ERRORS.paymentUncapturable, 409],
	amount_too_small: [CHARGE_ERRORS.captureError, 400],
	capture_failed: [CHARGE_ERRORS.captureError, 502],
	cancel_failed: [CHARGE_ERRORS.cancelError, 502],
};

function failureError(failure: Failure): RestError {
	const [code, status] = FAILURE_ANSWERS[failure.code];
	const data = failure.minimum
		? {
				extra_details: {
					error_type: "amount_too_small",
					minimum_amount: failure.minimum.amount,
					minimum_amount_currency: failure.minimum.currency,
				},
			}
		: {};
	return new RestError(code, failure.message, status, data);
}

type SettleRoute = typeof captureAuthorization | typeof cancelAuthorization;

function settleHandler(processor: FastifyInstance["processorFor"], action: "capture" | "cancel") {
	return async ({
		params,
		body,
		user,
		accountId,
		idempotency,
		request,
		reply,
		clock,
	}: RouteContext<SettleRoute>) => {
		let result: AuthorizationResult;
		try {
			result = await processor(accountId)[action]({
				accountId,
				orderId: params.order,
				paymentIntentId: body.payment_intent_id,
				user: { id: user.id, username: user.login },
				now: clock.seconds(),
				idempotency,
				actor: auditActorOf(request),
			});
		} catch (error) {
			// Refusals already in the REST shape (a processor that could not be reached) are the answer.
			if (error instanceof IdempotencyKeyReused || error instanceof RestError) throw error;
			request.log.error({ err: error }, "authorization could not be settled");
			throw new RestError(
				CHARGE_ERRORS.serverError,
				"An unexpected error occurred. Please try again later.",
				500,
			);
		}
		if (!result.ok) throw failureError(result);
		if (result.replayed) reply.header("idempotent-replayed", "true");
		return result.answer;
	};
}

export default async function ordersRoutes(app: FastifyInstance): Promise<void> {
	contractRoute(app, getOrder, async ({ params, accountId }) => {
		const order = await storeOrderOf(app.deps.db.kysely, accountId, params.order);
		if (!order) throw notFound(CHARGE_ERRORS.missingOrder, "The order could not be found.");
		return order;
	});
	contractRoute(
		app,
		captureAuthorization,
		settleHandler((accountId) => app.processorFor(accountId), "capture"),
	);
	contractRoute(
		app,
		cancelAuthorization,
		settleHandler((accountId) => app.processorFor(accountId), "cancel"),
	);
}
