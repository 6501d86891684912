/**
 * The order screen's read route, and capture and cancel of an order's authorization
 * (spec 2 §7, §8): POST {base}/orders/{order}/capture_authorization and cancel_authorization
 * answer { id, status } or an error with the spec's codes. Anything unexpected is answered as
 * wcpay_server_error, the code the admin explains as "An unexpected error occurred".
 */
import { CHARGE_ERRORS } from "@paydesk/contract/charges";
import { cancelAuthorization, captureAuthorization, getOrder } from "@paydesk/contract/orders";
import type { FastifyInstance } from "fastify";
import { contractRoute, type RouteContext } from "../../http/contract-route.ts";
import { invalidParams, notFound, RestError } from "../../http/rest-error.ts";
import { IdempotencyKeyReused, idempotencyScopeOf } from "../../ledger/idempotency.ts";
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

function settleHandler(
	processor: FastifyInstance["processorFor"],
	route: SettleRoute,
	action: "capture" | "cancel",
) {
	return async ({ params, body, user, accountId, request, reply, clock }: RouteContext<SettleRoute>) => {
		const idempotency = idempotencyScopeOf(request.headers["idempotency-key"], {
			accountId,
			userId: user.id,
			method: route.method,
			path: route.path,
		});
		if (idempotency === null) {
			throw invalidParams({ "Idempotency-Key": "Idempotency-Key must be 1 to 255 printable characters" });
		}
		let result: AuthorizationResult;
		try {
			result = await processor(accountId)[action]({
				accountId,
				orderId: params.order,
				paymentIntentId: body.payment_intent_id,
				user: { id: user.id, username: user.login },
				now: clock.seconds(),
				idempotency,
			});
		} catch (error) {
			if (error instanceof IdempotencyKeyReused) {
				throw new RestError(CHARGE_ERRORS.idempotencyKeyReused, error.message, 400);
			}
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
		settleHandler((accountId) => app.processorFor(accountId), captureAuthorization, "capture"),
	);
	contractRoute(
		app,
		cancelAuthorization,
		settleHandler((accountId) => app.processorFor(accountId), cancelAuthorization, "cancel"),
	);
}
