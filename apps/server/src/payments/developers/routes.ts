/** The Developers area: resending a webhook delivery (stripe-api/webhooks). */
import { DEVELOPERS_ERRORS, resendWebhookDelivery, type WebhookDelivery } from "@paydesk/contract/developers";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { type DeliveryView, resendDelivery } from "../../stripe-api/webhooks/resend.ts";

function deliveryOf({ delivery, lastAttempt }: DeliveryView): WebhookDelivery {
	return {
		id: delivery.id,
		endpoint_id: delivery.endpoint_id,
		event_id: delivery.event_id,
		event_type: delivery.event_type,
		created: Number(delivery.created),
		status: delivery.status,
		attempts: Number(delivery.attempts),
		next_attempt_at: delivery.next_attempt_at === null ? null : Number(delivery.next_attempt_at),
		delivered_at: delivery.delivered_at === null ? null : Number(delivery.delivered_at),
		last_attempt: lastAttempt && {
			attempt: Number(lastAttempt.attempt),
			created: Number(lastAttempt.created),
			duration_ms: Number(lastAttempt.duration_ms),
			status: lastAttempt.status === null ? null : Number(lastAttempt.status),
			error: lastAttempt.error,
			response_body: lastAttempt.response_body,
		},
	};
}

export default async function developersRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock, config } = app.deps;
	const deps = { db, clock, publicOnly: config.webhookPublicOnly === true };

	contractRoute(app, resendWebhookDelivery, async ({ accountId, params, request }) => {
		const outcome = await resendDelivery(deps, accountId, params.id, `resend:${request.id}`);
		if (outcome.kind === "missing") {
			throw new RestError(DEVELOPERS_ERRORS.deliveryNotFound, "No such webhook delivery.", 404);
		}
		if (outcome.kind === "busy") {
			throw new RestError(
				DEVELOPERS_ERRORS.deliveryBusy,
				"This delivery is being sent right now. Try again in a few seconds.",
				409,
			);
		}
		return deliveryOf(outcome.view);
	});
}
