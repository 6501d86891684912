/**
 * Payment intake: POST /payment_intents takes a payment with a test card, and
 * POST /payment_intents/{id}/confirm finishes one that waited for 3-D Secure. A decline answers
 * 402 in the WordPress error shape with data.decline_code and the failed intent.
 */
import {
	confirmPaymentIntent,
	createPaymentIntent,
	type PaymentIntentResult,
} from "@paydesk/contract/payment-intents";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { invalidParams, RestError } from "../../http/rest-error.ts";
import { type IntakeAnswer, IntakeInvalid, IntakeStateError } from "../../processors/processor.ts";

/** The processor's refusals as REST errors; a decline is a 402 that carries the failed intent. */
async function answered(work: () => Promise<IntakeAnswer>): Promise<PaymentIntentResult> {
	let answer: IntakeAnswer;
	try {
		answer = await work();
	} catch (error) {
		if (error instanceof IntakeInvalid) throw invalidParams(error.params);
		if (error instanceof IntakeStateError) throw new RestError(error.code, error.message, error.status);
		throw error;
	}
	if (answer.error) {
		throw new RestError(answer.error.code, answer.error.message, 402, {
			decline_code: answer.error.decline_code,
			payment_intent: answer.intent,
		});
	}
	return answer.intent;
}

export default async function paymentIntentsRoutes(app: FastifyInstance): Promise<void> {
	contractRoute(app, createPaymentIntent, async ({ body, accountId, request, clock }) =>
		answered(() =>
			app.processorFor(accountId).takePayment({
				accountId,
				body,
				now: clock.seconds(),
				idempotency: request.idempotencyScope,
			}),
		),
	);

	contractRoute(app, confirmPaymentIntent, async ({ params, body, accountId, clock }) =>
		answered(() =>
			app.processorFor(accountId).confirmPayment({
				accountId,
				intentId: params.id,
				authentication: body.authentication,
				now: clock.seconds(),
			}),
		),
	);
}
