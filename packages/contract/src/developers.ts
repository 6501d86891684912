/**
 * The Developers area's REST routes: webhook deliveries of Stripe's events (the server's
 * stripe-api/webhooks). Resending sends one delivery again now, whatever its state, and answers
 * it with the new attempt; the automatic retries of a pending delivery stay as they were.
 * Administrators only (manage_options): a delivery carries the account's events to an outside URL.
 */
import { z } from "zod";
import { defineRoute, REST_BASE } from "./route.ts";

export const DEVELOPERS_ERRORS = {
	deliveryNotFound: "wcpay_webhook_delivery_not_found",
	/** The delivery is being sent right now (by the job runner or another resend). */
	deliveryBusy: "wcpay_webhook_delivery_busy",
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const webhookAttempt = z.object({
	attempt: z.number().int(),
	/** Epoch seconds, on the account's clock. */
	created: z.number().int(),
	duration_ms: z.number().int(),
	/** The HTTP status answered; null when none came (error says why). */
	status: z.number().int().nullable(),
	error: z.string().nullable(),
	/** The answer's first 2 kB. */
	response_body: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
	id: z.string(),
	endpoint_id: z.string(),
	event_id: z.string(),
	event_type: z.string(),
	/** Epoch seconds, on the account's clock. */
	created: z.number().int(),
	status: z.enum(WEBHOOK_DELIVERY_STATUSES),
	attempts: z.number().int(),
	/** When the next automatic attempt is due; null when none is planned. */
	next_attempt_at: z.number().int().nullable(),
	delivered_at: z.number().int().nullable(),
	/** The latest attempt, null before the first. */
	last_attempt: webhookAttempt.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryParams = z.object({
	id: z.string().regex(/^whd_\w{1,60}$/, { error: "must be a webhook delivery id" }),
});

export const resendWebhookDelivery = defineRoute({
	method: "POST",
	path: `${REST_BASE}/developers/webhook-deliveries/{id}/resend`,
	summary: "Send one webhook delivery again now, and answer it with the new attempt",
	tag: "developers",
	params: webhookDeliveryParams,
	response: webhookDelivery,
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.deliveryNotFound, DEVELOPERS_ERRORS.deliveryBusy],
});
