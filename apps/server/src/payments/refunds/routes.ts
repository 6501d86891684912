/**
 * POST {base}/refund (spec 2 §7): refund a charge in full or in part through the processor.
 * A retry with the same Idempotency-Key answers the first refund with the header
 * Idempotent-Replayed: true.
 */
import { CHARGE_ERRORS, createRefund } from "@paydesk/contract/charges";
import type { FastifyInstance } from "fastify";
import { auditActorOf } from "../../audit/record.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { refundEntityOf } from "../../ledger/charges.ts";
import type { RefundFailure } from "../../processors/processor.ts";

function refundError(failure: RefundFailure): RestError {
	switch (failure.code) {
		case "charge_missing":
			return new RestError(CHARGE_ERRORS.chargeNotFound, failure.message, 404);
		case "order_mismatch":
			return new RestError(CHARGE_ERRORS.intentOrderMismatch, failure.message, 400);
		case "refused":
			if (failure.reason === "amount_too_large") {
				return new RestError(CHARGE_ERRORS.refundAmountTooLarge, failure.message, 400, {
					refundable_amount: failure.refundable,
					currency: failure.currency,
				});
			}
			return new RestError(CHARGE_ERRORS.refundNotAllowed, failure.message, 400, { reason: failure.reason });
	}
}

export default async function refundsRoutes(app: FastifyInstance): Promise<void> {
	contractRoute(app, createRefund, async ({ body, accountId, idempotency, request, reply, clock }) => {
		const result = await app.processorFor(accountId).refund({
			accountId,
			chargeId: body.charge_id,
			amount: body.amount,
			reason: body.reason,
			orderId: body.order_id,
			now: clock.seconds(),
			idempotency,
			actor: auditActorOf(request),
		});
		if (!result.ok) throw refundError(result.failure);
		if (result.replayed) reply.header("idempotent-replayed", "true");
		return refundEntityOf(result.refund);
	});
}
