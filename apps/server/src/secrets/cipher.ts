/**
 * Secrets at rest (a merchant's Stripe key, a webhook signing secret): AES-256-GCM under the
 * application key (app-key.ts). A sealed secret is text, `v1.<iv>.<tag>.<ciphertext>` in
 * base64url, so it sits in a text column on both engines. What the secret belongs to (e.g. the
 * account and column) is bound in as associated data: a sealed value copied to another row does
 * not open there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const APP_KEY_BYTES = 32;

/** A sealed secret that does not open: another key, another context, or altered text. */
export class SecretUnreadable extends Error {
	constructor() {
		super("The stored secret cannot be decrypted with this server's application key.");
		this.name = "SecretUnreadable";
	}
}

function checkKey(key: Buffer): void {
	if (key.length !== APP_KEY_BYTES) throw new Error(`The application key must be ${APP_KEY_BYTES} bytes.`);
}

export function sealSecret(key: Buffer, plaintext: string, context: string): string {
	checkKey(key);
	const iv = randomBytes(IV_BYTES);
	const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
	cipher.setAAD(Buffer.from(context, "utf8"));
	const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
	const tag = cipher.getAuthTag();
	return [VERSION, iv, tag, ciphertext]
		.map((part) => (typeof part === "string" ? part : part.toString("base64url")))
		.join(".");
}

export function openSecret(key: Buffer, sealed: string, context: string): string {
	checkKey(key);
	const [version, iv, tag, ciphertext, ...rest] = sealed.split(".");
	if (
		version !== VERSION ||
		iv === undefined ||
		tag === undefined ||
		ciphertext === undefined ||
		rest.length > 0
	) {
		throw new SecretUnreadable();
	}
	const ivBytes = Buffer.from(iv, "base64url");
	const tagBytes = Buffer.from(tag, "base64url");
	if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretUnreadable();
	try {
		const decipher = createDecipheriv("aes-256-gcm", key, ivBytes, { authTagLength: TAG_BYTES });
		decipher.setAAD(Buffer.from(context, "utf8"));
		decipher.setAuthTag(tagBytes);
		return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
			"utf8",
		);
	} catch {
		throw new SecretUnreadable();
	}
}
