/**
 * The secrets of two-factor sign-in, all from the application key (secrets/app-key.ts): the
 * authenticator app's key is sealed with it (as a connected Stripe account's key is), and two
 * keys derived from it (HKDF, one per use) hash the recovery codes and sign the half-done
 * sign-in's token. A stolen database alone yields neither a key, a code, nor a token.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { TWO_FACTOR_ERRORS } from "@paydesk/contract/two-factor";
import { RestError } from "../../http/rest-error.ts";
import { AppKeyMissing } from "../../secrets/app-key.ts";
import { openSecret, sealSecret } from "../../secrets/cipher.ts";

export interface TwoFactorSecrets {
	sealKey(accountId: string, userId: number, key: string): string;
	openKey(accountId: string, userId: number, sealed: string): string;
	/** A recovery code's stored form: bound to its user, so a hash copied to another user fails. */
	recoveryHash(accountId: string, userId: number, code: string): string;
	sign(payload: string): string;
	/** Whether `signature` is `payload`'s, in constant time. */
	verify(payload: string, signature: string): boolean;
}

const sealContext = (accountId: string, userId: number) => `two_factor:${accountId}:${userId}:totp_key`;

/**
 * The secrets over `appKey`, asked for when first needed: PostgreSQL without PAYDESK_SECRET_KEY
 * answers 500 two_factor_secret_key_missing, saying what to set, only when two-factor is used.
 */
export function twoFactorSecrets(appKey: () => Buffer): TwoFactorSecrets {
	const derived = new Map<string, Buffer>();
	const key = () => {
		try {
			return appKey();
		} catch (error) {
			if (error instanceof AppKeyMissing) {
				throw new RestError(TWO_FACTOR_ERRORS.secretKeyMissing, error.message, 500);
			}
			throw error;
		}
	};
	const subkey = (use: string) => {
		let found = derived.get(use);
		if (!found) {
			found = Buffer.from(hkdfSync("sha256", key(), Buffer.alloc(0), `paydesk two-factor ${use}`, 32));
			derived.set(use, found);
		}
		return found;
	};
	const signature = (payload: string) =>
		createHmac("sha256", subkey("login token")).update(payload).digest("base64url");
	return {
		sealKey: (accountId, userId, totpKey) => sealSecret(key(), totpKey, sealContext(accountId, userId)),
		openKey: (accountId, userId, sealed) => openSecret(key(), sealed, sealContext(accountId, userId)),
		recoveryHash: (accountId, userId, code) =>
			createHmac("sha256", subkey("recovery codes")).update(`${accountId}:${userId}:${code}`).digest("hex"),
		sign: signature,
		verify: (payload, given) => {
			const expected = Buffer.from(signature(payload));
			const actual = Buffer.from(given);
			return expected.length === actual.length && timingSafeEqual(expected, actual);
		},
	};
}
