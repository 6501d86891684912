/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" under the endpoint's secret>`, which every official SDK verifies
 * (`stripe.webhooks.constructEvent(body, header, secret)`). The secret is used whole, `whsec_`
 * included, as Stripe's libraries use it. `t` is the server's time of sending, not the account's:
 * receivers compare it with their own clock. While a rolled secret still signs, the header
 * carries one v1 per secret, and a receiver holding either accepts it, as the SDKs accept any
 * matching v1.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { WebhookEndpointsTable } from "../../db/schema.ts";

export function signatureHeader(body: string, secrets: readonly string[], signedAt: number): string {
	const digests = secrets.map(
		(secret) => `v1=${createHmac("sha256", secret).update(`${signedAt}.${body}`, "utf8").digest("hex")}`,
	);
	return `t=${signedAt},${digests.join(",")}`;
}

/** The secrets that sign an endpoint's deliveries at `serverNow`: its own, then a rolled one still running. */
export function signingSecrets(
	endpoint: Pick<WebhookEndpointsTable, "secret" | "previous_secret" | "previous_secret_expires_at">,
	serverNow: number,
): string[] {
	const { secret, previous_secret: previous, previous_secret_expires_at: until } = endpoint;
	return previous && until !== null && serverNow < Number(until) ? [secret, previous] : [secret];
}

/** A new endpoint secret: whsec_ and 32 random bytes in base64url. */
export function newEndpointSecret(): string {
	return `whsec_${randomBytes(32).toString("base64url")}`;
}
