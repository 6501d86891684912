/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" under the endpoint's secret>`, which every official SDK verifies
 * (`stripe.webhooks.constructEvent(body, header, secret)`). The secret is used whole, `whsec_`
 * included, as Stripe's libraries use it. `t` is the server's time of sending, not the account's:
 * receivers compare it with their own clock. While a rolled secret still signs, the header
 * carries one v1 per secret, and a receiver holding either accepts it, as the SDKs accept any
 * matching v1.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { WebhookEndpointsTable } from "../../db/schema.ts";

export function signatureHeader(body: string, secrets: readonly string[], signedAt: number): string {
	const digests = secrets.map(
		(secret) => `v1=${createHmac("sha256", secret).update(`${signedAt}.${body}`, "utf8").digest("hex")}`,
	);
	return `t=${signedAt},${digests.join(",")}`;
}

/** How old a signature a receiver takes, in seconds (as the SDKs' default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Whether a Stripe-Signature header signs `body` under `secret`: one of its v1 digests matches
 * (compared in constant time), and its time is within the tolerance of `now` either way.
 */
export function verifySignature(
	body: string,
	header: string | undefined,
	secret: string,
	now: number,
	tolerance = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
	if (!header) return false;
	const parts = header.split(",").map((part) => part.trim().split("="));
	const signedAt = Number(parts.find(([name]) => name === "t")?.[1]);
	if (!Number.isInteger(signedAt) || Math.abs(now - signedAt) > tolerance) return false;
	const expected = createHmac("sha256", secret).update(`${signedAt}.${body}`, "utf8").digest();
	return parts.some(([name, value]) => {
		if (name !== "v1" || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
		return timingSafeEqual(Buffer.from(value, "hex"), expected);
	});
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
