/**
 * Checking a code a user typed, at sign-in or to turn two-factor off: 6 digits are the app's
 * (one step either side of now, each step once), 8 digits a recovery code (each once).
 *
 * Wrong codes are throttled as wrong passwords are (rate-limit.ts), in buckets of their own: per
 * address, per user and address, and per user wherever they come from. Who types codes already
 * holds the password, so unlike wrong passwords, wrong codes also count against the user as a
 * whole (WordPress's Two Factor plugin throttles per user too): spreading guesses over many
 * addresses does not help. A right code clears the user's buckets.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { AuthUser } from "../context.ts";
import {
	ADDRESS_LIMIT,
	type AttemptBucket,
	attemptFailed,
	attemptSucceeded,
	type Limit,
	takeAttempt,
	USER_ADDRESS_LIMIT,
} from "../rate-limit.ts";
import type { TwoFactorSecrets } from "./secrets.ts";
import { readTwoFactor, useRecoveryCode, useStep } from "./store.ts";
import { matchingStep } from "./totp.ts";

/** Wrong codes for one user, from any address. */
export const USER_CODE_LIMIT: Limit = { limit: 10, windowSeconds: 15 * 60 };

export type CodeCheck =
	| { ok: true; via: "app" | "recovery-code" }
	/** `wait`: seconds until another code may be tried, 0 when it may be now. */
	| { ok: false; wait: number };

function codeBuckets(user: Pick<AuthUser, "accountId" | "id">, address: string) {
	const who = `${user.accountId}/${user.id}`;
	const userBuckets: AttemptBucket[] = [
		{ bucket: `two-factor-user:${who}@${address}`, rule: USER_ADDRESS_LIMIT },
		{ bucket: `two-factor-user:${who}`, rule: USER_CODE_LIMIT },
	];
	return { buckets: [{ bucket: `two-factor:${address}`, rule: ADDRESS_LIMIT }, ...userBuckets], userBuckets };
}

/** How `code` signs the user in, using it up, or null when it is no right code of theirs. */
async function useCode(
	db: Kysely<Database>,
	secrets: TwoFactorSecrets,
	user: Pick<AuthUser, "accountId" | "id">,
	code: string,
	now: number,
): Promise<"app" | "recovery-code" | null> {
	if (/^\d{6}$/.test(code)) {
		const state = await readTwoFactor(db, secrets, user);
		const step = state ? matchingStep(state.key, code, now, state.lastStep) : null;
		return step !== null && (await useStep(db, user, step)) ? "app" : null;
	}
	if (/^\d{8}$/.test(code)) return (await useRecoveryCode(db, secrets, user, code)) ? "recovery-code" : null;
	return null;
}

export async function checkCode(
	db: Kysely<Database>,
	secrets: TwoFactorSecrets,
	user: Pick<AuthUser, "accountId" | "id">,
	typed: string,
	context: { now: number; address: string },
): Promise<CodeCheck> {
	const { buckets, userBuckets } = codeBuckets(user, context.address);
	const wait = await takeAttempt(db, buckets, context.now);
	if (wait > 0) return { ok: false, wait };
	const via = await useCode(db, secrets, user, typed.replace(/\s+/g, ""), context.now);
	if (!via) return { ok: false, wait: await attemptFailed(db, buckets, context.now) };
	for (const { bucket } of userBuckets) await attemptSucceeded(db, bucket);
	return { ok: true, via };
}
