/**
 * Client secrets of the partner's account sessions: `as_<account>_<expiry>_<signature>`, signed
 * with the browser session's own secret, so a secret is worth nothing without the session that
 * asked for it and nothing is stored (server processes stay stateless).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const CLIENT_SECRET_TTL_SECONDS = 30 * 60;

function signature(sessionSecret: string, accountId: string, expires: number): string {
	return createHmac("sha256", sessionSecret)
		.update(`account_session|${accountId}|${expires}`)
		.digest("base64url")
		.slice(0, 32);
}

export function createClientSecret(sessionSecret: string, accountId: string, now: number): string {
	const expires = now + CLIENT_SECRET_TTL_SECONDS;
	return `as_${Buffer.from(accountId).toString("base64url")}_${expires}_${signature(sessionSecret, accountId, expires)}`;
}

/** The account a client secret names, when it is genuine and not expired. */
export function verifyClientSecret(sessionSecret: string, secret: string, now: number): string | null {
	const match = /^as_([\w-]+)_(\d+)_([\w-]{32})$/.exec(secret);
	if (!match) return null;
	const [, encoded = "", expiresText = "", given = ""] = match;
	const accountId = Buffer.from(encoded, "base64url").toString();
	const expires = Number(expiresText);
	if (expires < now) return null;
	const expected = Buffer.from(signature(sessionSecret, accountId, expires));
	const actual = Buffer.from(given);
	return expected.length === actual.length && timingSafeEqual(expected, actual) ? accountId : null;
}
