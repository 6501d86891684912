/**
 * How secrets are stored.
 *
 * - A person's password is memory-hard hashed with node:crypto scrypt at OWASP's guidance for
 *   scrypt (N=2^14, r=8, p=5: 16 MiB, one of its equivalent minimum settings), stored as
 *   `scrypt$N$r$p$salt$hash` (base64url). A hash made with a lower cost still verifies, and
 *   `needsRehash` tells the caller to store a new one on the next successful sign-in.
 * - An application password is a random secret of 24 characters from 62 (over 142 bits), which
 *   no dictionary guesses, so a slow hash would only cost the server: it is stored as
 *   `sha256$hash`, as WordPress does with a fast hash for its own. An older scrypt hash of one
 *   still verifies and is replaced on its next use.
 */
import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

export const PASSWORD_COST = { N: 2 ** 14, r: 8, p: 5 } as const;
const MAX_MEMORY = 64 * 1024 * 1024;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
			error ? reject(error) : resolve(key),
		);
	});
}

export async function hashPassword(password: string): Promise<string> {
	const salt = randomBytes(16);
	const { N, r, p } = PASSWORD_COST;
	const key = await derive(password, salt, PASSWORD_COST);
	return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const [scheme, n, r, p, salt, hash] = stored.split("$");
	if (scheme !== "scrypt" || !salt || !hash) return false;
	const key = await derive(password, Buffer.from(salt, "base64url"), {
		N: Number(n),
		r: Number(r),
		p: Number(p),
	});
	return sameBytes(key, Buffer.from(hash, "base64url"));
}

/** Whether a verified password's hash was made with less than today's cost. */
export function needsRehash(stored: string): boolean {
	const [scheme, n, r, p] = stored.split("$");
	return (
		scheme !== "scrypt" ||
		Number(n) * Number(r) * Number(p) < PASSWORD_COST.N * PASSWORD_COST.r * PASSWORD_COST.p
	);
}

/** A hash to verify against when the user does not exist, so timing does not reveal it. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
	decoy ??= hashPassword(randomBytes(16).toString("hex"));
	return decoy;
}

/** WordPress-style application password: 24 characters shown in groups of four. */
export function generateApplicationPassword(): string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	const bytes = randomBytes(24);
	let out = "";
	for (const byte of bytes) out += alphabet[byte % alphabet.length];
	return out.replace(/(.{4})(?!$)/g, "$1 ");
}

/** An application password as it is compared: without the spaces it is shown with. */
const plainApplicationPassword = (password: string) => password.replace(/\s/g, "");

export function hashApplicationPassword(password: string): string {
	const digest = createHash("sha256").update(plainApplicationPassword(password)).digest("base64url");
	return `sha256$${digest}`;
}

/** Whether the application password matches its stored hash (fast, or an older scrypt one). */
export async function verifyApplicationPassword(password: string, stored: string): Promise<boolean> {
	if (stored.startsWith("sha256$")) {
		return sameBytes(Buffer.from(hashApplicationPassword(password)), Buffer.from(stored));
	}
	return verifyPassword(plainApplicationPassword(password), stored);
}
