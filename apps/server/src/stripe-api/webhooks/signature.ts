/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" under the endpoint's secret>`, which every official SDK verifies
 * (`stripe.webhooks.constructEvent(body, header, secret)`). The secret is used whole, `whsec_`
 * included, as Stripe's libraries use it. `t` is the server's time of sending, not the account's:
 * receivers compare it with their own clock.
 */
import { createHmac, randomBytes } from "node:crypto";

export function signatureHeader(body: string, secret: string, signedAt: number): string {
	const digest = createHmac("sha256", secret).update(`${signedAt}.${body}`, "utf8").digest("hex");
	return `t=${signedAt},v1=${digest}`;
}

/** A new endpoint secret: whsec_ and 32 random bytes in base64url. */
export function newEndpointSecret(): string {
	return `whsec_${randomBytes(32).toString("base64url")}`;
}
