/**
 * Where the admin's detail pages live, spelled once: a screen, a notice or a test that links to
 * a payment, a payout or a dispute builds the address here, so a path changes in one place.
 * The wc-admin scheme itself (page=wc-admin&path=…) is adminUrl's (app/router.tsx).
 */
import { PAYMENT_DETAILS_PATH } from "@paydesk/domain/transactions";
import { adminUrl } from "./router.tsx";

export const ADMIN_PATHS = {
	overview: "/payments/overview",
	paymentDetails: PAYMENT_DETAILS_PATH,
	payouts: "/payments/payouts",
	payoutDetails: "/payments/payouts/details",
	disputes: "/payments/disputes",
	disputeDetails: "/payments/disputes/details",
	disputeChallenge: "/payments/disputes/challenge",
	webhookEndpoints: "/payments/developers/webhooks",
	webhookEndpoint: "/payments/developers/webhooks/details",
	webhookDelivery: "/payments/developers/webhooks/delivery",
	stripeEvents: "/payments/developers/events",
	stripeEvent: "/payments/developers/events/details",
} as const;

/** A payment's details; a dispute's or a charge's row adds which balance transaction it is. */
export function paymentDetailsUrl(
	paymentIntentId: string,
	transaction: { transaction_id?: string | null; type?: string } = {},
): string {
	return adminUrl(ADMIN_PATHS.paymentDetails, { id: paymentIntentId, ...transaction });
}

export function payoutDetailsUrl(payoutId: string): string {
	return adminUrl(ADMIN_PATHS.payoutDetails, { id: payoutId });
}

/** The legacy address of a dispute, which sends the merchant on to its payment. */
export function disputeDetailsUrl(disputeId: string): string {
	return adminUrl(ADMIN_PATHS.disputeDetails, { id: disputeId });
}

export function disputeChallengeUrl(disputeId: string): string {
	return adminUrl(ADMIN_PATHS.disputeChallenge, { id: disputeId });
}

/** The disputes that still need the merchant's answer. */
export function disputesAwaitingResponseUrl(): string {
	return adminUrl(ADMIN_PATHS.disputes, { filter: "awaiting_response" });
}

export function webhookEndpointUrl(endpointId: string): string {
	return adminUrl(ADMIN_PATHS.webhookEndpoint, { id: endpointId });
}

export function webhookDeliveryUrl(deliveryId: string): string {
	return adminUrl(ADMIN_PATHS.webhookDelivery, { id: deliveryId });
}

/** Stripe's events of the account, or of one payment (its PaymentIntent, charge, refunds, disputes). */
export function stripeEventsUrl(filters: { payment_intent_is?: string } = {}): string {
	return adminUrl(ADMIN_PATHS.stripeEvents, filters);
}

export function stripeEventUrl(eventId: string): string {
	return adminUrl(ADMIN_PATHS.stripeEvent, { id: eventId });
}
