/**
 * Memory-hard password hashes with node:crypto scrypt, stored as
 * `scrypt$N$r$p$salt$hash` (base64url) so the cost can be raised later.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

const COST: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
			error ? reject(error) : resolve(key),
		);
	});
}

export async function hashPassword(password: string): Promise<string> {
	const salt = randomBytes(16);
	const key = await derive(password, salt, COST);
	return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const [scheme, n, r, p, salt, hash] = stored.split("$");
	if (scheme !== "scrypt" || !salt || !hash) return false;
	const expected = Buffer.from(hash, "base64url");
	const key = await derive(password, Buffer.from(salt, "base64url"), {
		N: Number(n),
		r: Number(r),
		p: Number(p),
		maxmem: 64 * 1024 * 1024,
	});
	return key.length === expected.length && timingSafeEqual(key, expected);
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
