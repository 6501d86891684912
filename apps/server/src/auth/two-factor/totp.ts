/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them, by otpauth: a
 * 160-bit key (base32, as WordPress's Two Factor plugin makes it), HMAC-SHA1, 6 digits, 30-second
 * steps. A code is accepted one step either side of the server's time (a phone's clock drifts, a
 * code is typed as it turns) and only for a step after the last one accepted, so no code works
 * twice.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { TOTP_DIGITS } from "@paydesk/contract/two-factor";
import { HOTP, Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

export const TOTP_PERIOD = 30;
const KEY_BYTES = 20;
/** Steps either side of now whose code is accepted. */
const WINDOW = 1;

export function newTotpKey(): string {
	// A copy: a Buffer may be a view of a larger shared one.
	return new Secret({ buffer: new Uint8Array(randomBytes(KEY_BYTES)).buffer }).base32;
}

/** The 30-second step a moment (epoch seconds) falls in. */
export const stepAt = (seconds: number) => Math.floor(seconds / TOTP_PERIOD);

/** The code of a step; RFC 6238's own test vectors use 8 digits and other hashes. */
export function totpCode(
	key: string,
	step: number,
	options: { digits?: number; algorithm?: "SHA1" | "SHA256" | "SHA512" } = {},
): string {
	return HOTP.generate({
		secret: Secret.fromBase32(key),
		counter: step,
		digits: options.digits ?? TOTP_DIGITS,
		algorithm: options.algorithm ?? "SHA1",
	});
}

const sameCode = (a: string, b: string) =>
	a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step whose code `code` is, within one step of `now`, after `lastStep` (the last accepted);
 * null when none is. Every step of the window is computed, so timing does not tell which matched.
 */
export function matchingStep(key: string, code: string, now: number, lastStep: number | null): number | null {
	const current = stepAt(now);
	let found: number | null = null;
	for (let step = current - WINDOW; step <= current + WINDOW; step++) {
		if (sameCode(totpCode(key, step), code) && (lastStep === null || step > lastStep)) found = step;
	}
	return found;
}

/** The key URI apps scan: otpauth://totp/Issuer:login?secret=…&issuer=Issuer&algorithm=SHA1… */
export function otpauthUri(key: string, issuer: string, login: string): string {
	return new TOTP({
		issuer,
		label: login,
		secret: Secret.fromBase32(key),
		algorithm: "SHA1",
		digits: TOTP_DIGITS,
		period: TOTP_PERIOD,
	}).toString();
}

/** The URI as a QR code, a PNG in a data: URL (the admin's policy allows data: images). */
export function qrCodeDataUrl(uri: string): Promise<string> {
	return QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 200 });
}
