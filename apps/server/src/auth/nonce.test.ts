import { describe, expect, it } from "vitest";
import { createNonce, verifyNonce } from "./nonce.ts";

describe("REST nonces are bound to the session and expire", () => {
	const now = 1_800_000_000;
	it("accepts a fresh nonce for its own session and action", () => {
		expect(verifyNonce("secret-a", "wp_rest", createNonce("secret-a", "wp_rest", now), now)).toBe(true);
	});
	it("refuses it for another session or action", () => {
		const nonce = createNonce("secret-a", "wp_rest", now);
		expect(verifyNonce("secret-b", "wp_rest", nonce, now)).toBe(false);
		expect(verifyNonce("secret-a", "download", nonce, now)).toBe(false);
	});
	it("lives for up to 24 hours", () => {
		const nonce = createNonce("s", "wp_rest", now);
		expect(verifyNonce("s", "wp_rest", nonce, now + 12 * 3600)).toBe(true);
		expect(verifyNonce("s", "wp_rest", nonce, now + 25 * 3600)).toBe(false);
	});
	it("refuses malformed input", () => {
		expect(verifyNonce("s", "wp_rest", "<script>", now)).toBe(false);
	});
});
