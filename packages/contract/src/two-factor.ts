/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: HMAC-SHA1, 6 digits, 30-second
 * steps), under the REST namespace and names of WordPress's Two Factor plugin
 * (/wp-json/two-factor/1.0). Every route acts on the signed-in user alone, whatever their role
 * in the admin; an application password signs scripts in without a code, as in WordPress.
 *
 * Choices where the plugin leaves room:
 * - GET …/totp hands out a fresh key each time; nothing is stored until POST …/totp confirms it
 *   with a code the key makes, so an abandoned setup leaves nothing behind.
 * - A code is accepted one step either side of the server's time, and each step once: the code
 *   that turned two-factor on cannot sign in again.
 * - Recovery codes are 10 codes of 8 digits, stored hashed and each usable once; generating new
 *   ones voids the old. They sign in, and turn two-factor off, where a code of the app would.
 * - A wrong code counts against the user, as a wrong password does against the address.
 */
import { z } from "zod";
import { defineRoute } from "./route.ts";

export const TWO_FACTOR_BASE = "/wp-json/two-factor/1.0";

/** How many recovery codes a user holds after generating them, and their digits. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_DIGITS = 8;
export const TOTP_DIGITS = 6;

export const TWO_FACTOR_ERRORS = {
	/** The code does not match the key (setting up) or the user's app (turning off). */
	invalidCode: "invalid_key_code",
	/** Recovery codes or turning off, for a user without two-factor sign-in. */
	notEnabled: "two_factor_not_enabled",
	/** Turning off what the user's role must keep (General Settings). */
	required: "two_factor_required",
	/** Any other call of a user whose role requires two-factor sign-in before they set it up. */
	enrolmentRequired: "two_factor_enrolment_required",
	/** PostgreSQL without PAYDESK_SECRET_KEY: the key of the app cannot be kept sealed. */
	secretKeyMissing: "two_factor_secret_key_missing",
	/** Too many wrong codes from this user (429, data.retry_after in seconds). */
	tooManyCodes: "rest_too_many_requests",
} as const;

/** What a user typed: spaces (the app shows "123 456") are no part of the code. */
const typedCode = (pattern: RegExp, error: string) =>
	z
		.string({ error: "must be a string" })
		.transform((value) => value.replace(/\s+/g, ""))
		.pipe(z.string().regex(pattern, { error }));

export const twoFactorStatus = z.object({
	/** An authenticator app is set up: signing in asks for its code. */
	enabled: z.boolean(),
	/** When it was set up (epoch seconds), null while it is off. */
	enabled_at: z.number().int().nullable(),
	/** The user's role must sign in with two factors (General Settings). */
	required: z.boolean(),
	/** Recovery codes not yet used. */
	backup_codes_remaining: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const getTwoFactorStatus = defineRoute({
	method: "GET",
	path: `${TWO_FACTOR_BASE}/status`,
	summary: "Whether the current user signs in with two factors, must, and their recovery codes left",
	tag: "two-factor",
	capability: "view_woocommerce_reports",
	response: twoFactorStatus,
});

export const getTotpKey = defineRoute({
	method: "GET",
	path: `${TWO_FACTOR_BASE}/totp`,
	summary:
		"A fresh secret key for an authenticator app, with its QR code (otpauth:// URI, issuer: the site's title)",
	tag: "two-factor",
	capability: "view_woocommerce_reports",
	response: z.object({
		/** The shared secret, base32 (160 bits), to type in when the QR code cannot be scanned. */
		key: z.string(),
		/** A data: URL of the QR code (PNG) of the key's otpauth:// URI. */
		qr_code_url: z.string(),
	}),
	errors: [TWO_FACTOR_ERRORS.secretKeyMissing],
});

export const enableTotp = defineRoute({
	method: "POST",
	path: `${TWO_FACTOR_BASE}/totp`,
	summary: "Turn two-factor sign-in on with a key from GET …/totp and a code the app made from it",
	tag: "two-factor",
	capability: "view_woocommerce_reports",
	body: z.strictObject({
		key: z.string({ error: "must be a string" }).regex(/^[A-Z2-7]{26,64}$/, {
			error:
				"must be the base32 secret key GET /two-factor/1.0/totp gave (26 to 64 letters A–Z and digits 2–7)",
		}),
		code: typedCode(/^\d{6}$/, "must be the 6-digit code of the authenticator app"),
	}),
	response: twoFactorStatus,
	errors: [TWO_FACTOR_ERRORS.invalidCode, TWO_FACTOR_ERRORS.secretKeyMissing],
});

export const disableTotp = defineRoute({
	method: "DELETE",
	path: `${TWO_FACTOR_BASE}/totp`,
	summary: "Turn two-factor sign-in off with a current code of the app (or a recovery code)",
	tag: "two-factor",
	capability: "view_woocommerce_reports",
	body: z.strictObject({
		code: typedCode(
			/^(\d{6}|\d{8})$/,
			"must be the 6-digit code of the authenticator app or an 8-digit recovery code",
		),
	}),
	response: twoFactorStatus,
	errors: [
		TWO_FACTOR_ERRORS.invalidCode,
		TWO_FACTOR_ERRORS.notEnabled,
		TWO_FACTOR_ERRORS.required,
		TWO_FACTOR_ERRORS.tooManyCodes,
	],
});

export const generateBackupCodes = defineRoute({
	method: "POST",
	path: `${TWO_FACTOR_BASE}/generate-backup-codes`,
	summary: "New recovery codes, shown this once; the old ones stop working",
	tag: "two-factor",
	capability: "view_woocommerce_reports",
	response: z.object({ codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) }),
	errors: [TWO_FACTOR_ERRORS.notEnabled, TWO_FACTOR_ERRORS.secretKeyMissing],
});

export const TWO_FACTOR_ROUTES = [
	getTwoFactorStatus,
	getTotpKey,
	enableTotp,
	disableTotp,
	generateBackupCodes,
] as const;
