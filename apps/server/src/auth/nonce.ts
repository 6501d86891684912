/**
 * REST nonces as WordPress makes them: valid for one or two 12-hour ticks, bound to the
 * session (derived from its secret) and to an action.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const TICK_SECONDS = 12 * 60 * 60;

function tick(nowSeconds: number): number {
	return Math.ceil(nowSeconds / TICK_SECONDS);
}

function sign(secret: string, action: string, t: number): string {
	return createHmac("sha256", secret).update(`${t}|${action}`).digest("hex").slice(0, 10);
}

export function createNonce(secret: string, action: string, nowSeconds: number): string {
	return sign(secret, action, tick(nowSeconds));
}

export function verifyNonce(secret: string, action: string, nonce: string, nowSeconds: number): boolean {
	if (!/^[0-9a-f]{10}$/.test(nonce)) return false;
	const t = tick(nowSeconds);
	for (const candidate of [t, t - 1]) {
		const expected = Buffer.from(sign(secret, action, candidate));
		if (timingSafeEqual(expected, Buffer.from(nonce))) return true;
	}
	return false;
}
