/**
 * A user's two-factor sign-in as stored: the app's sealed key, the last step a code was accepted
 * for, and the recovery codes. Every "use once" is one conditional statement (a compare-and-set
 * of the step, the delete of a code's row), so two requests racing with one code cannot both win,
 * on either engine and across server processes.
 */
import { randomInt } from "node:crypto";
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_DIGITS } from "@paydesk/contract/two-factor";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { AuthUser } from "../context.ts";
import type { TwoFactorSecrets } from "./secrets.ts";

type UserRef = Pick<AuthUser, "accountId" | "id">;

export interface TwoFactorState {
	/** The app's key, opened. */
	key: string;
	enabledAt: number;
	lastStep: number | null;
}

const row = (db: Kysely<Database>, user: UserRef) =>
	db.selectFrom("two_factor").where("account_id", "=", user.accountId).where("user_id", "=", user.id);

export async function twoFactorEnabledAt(db: Kysely<Database>, user: UserRef): Promise<number | null> {
	const found = await row(db, user).select("enabled_at").executeTakeFirst();
	return found ? Number(found.enabled_at) : null;
}

export async function readTwoFactor(
	db: Kysely<Database>,
	secrets: TwoFactorSecrets,
	user: UserRef,
): Promise<TwoFactorState | null> {
	const found = await row(db, user).select(["totp_key", "enabled_at", "last_step"]).executeTakeFirst();
	if (!found) return null;
	return {
		key: secrets.openKey(user.accountId, user.id, found.totp_key),
		enabledAt: Number(found.enabled_at),
		lastStep: found.last_step === null ? null : Number(found.last_step),
	};
}

/**
 * Turns it on with `key` (or sets a new key when it was on), the step of the code that confirmed
 * it already used; a sign-in waiting for a code of the old key is dropped.
 */
export async function enableTwoFactor(
	db: Kysely<Database>,
	secrets: TwoFactorSecrets,
	user: UserRef,
	input: { key: string; step: number; now: number },
): Promise<void> {
	const sealed = secrets.sealKey(user.accountId, user.id, input.key);
	await db
		.insertInto("two_factor")
		.values({
			account_id: user.accountId,
			user_id: user.id,
			totp_key: sealed,
			enabled_at: input.now,
			last_step: input.step,
			login_nonce: null,
			login_expires: null,
		})
		.onConflict((oc) =>
			oc.columns(["account_id", "user_id"]).doUpdateSet({
				totp_key: sealed,
				enabled_at: input.now,
				last_step: input.step,
				login_nonce: null,
				login_expires: null,
			}),
		)
		.execute();
}

/** Turns it off: the key and the recovery codes go; `also` runs in the same transaction (its audit entry). */
export async function disableTwoFactor(
	db: Kysely<Database>,
	user: UserRef,
	also?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
	await db.transaction().execute(async (trx) => {
		await trx
			.deleteFrom("two_factor_recovery_codes")
			.where("account_id", "=", user.accountId)
			.where("user_id", "=", user.id)
			.execute();
		await trx
			.deleteFrom("two_factor")
			.where("account_id", "=", user.accountId)
			.where("user_id", "=", user.id)
			.execute();
		if (also) await also(trx);
	});
}

/** Records `step` as used when it comes after the last one used; false when another got there first. */
export async function useStep(db: Kysely<Database>, user: UserRef, step: number): Promise<boolean> {
	const result = await db
		.updateTable("two_factor")
		.set({ last_step: step })
		.where("account_id", "=", user.accountId)
		.where("user_id", "=", user.id)
		.where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
		.executeTakeFirst();
	return Number(result.numUpdatedRows) === 1;
}

function newRecoveryCodes(): string[] {
	const codes = new Set<string>();
	while (codes.size < RECOVERY_CODE_COUNT) {
		codes.add(String(randomInt(0, 10 ** RECOVERY_CODE_DIGITS)).padStart(RECOVERY_CODE_DIGITS, "0"));
	}
	return [...codes];
}

/** New recovery codes in place of the old, answered in clear this once. */
export async function replaceRecoveryCodes(
	db: Kysely<Database>,
	secrets: TwoFactorSecrets,
	user: UserRef,
	now: number,
): Promise<string[]> {
	const codes = newRecoveryCodes();
	const rows = codes.map((code) => ({
		account_id: user.accountId,
		user_id: user.id,
		code_hash: secrets.recoveryHash(user.accountId, user.id, code),
		created: now,
	}));
	await db.transaction().execute(async (trx) => {
		await trx
			.deleteFrom("two_factor_recovery_codes")
			.where("account_id", "=", user.accountId)
			.where("user_id", "=", user.id)
			.execute();
		await trx.insertInto("two_factor_recovery_codes").values(rows).execute();
	});
	return codes;
}

/** Uses a recovery code: true when it was one of the user's and unused (it is gone now). */
export async function useRecoveryCode(
	db: Kysely<Database>,
	secrets: TwoFactorSecrets,
	user: UserRef,
	code: string,
): Promise<boolean> {
	const result = await db
		.deleteFrom("two_factor_recovery_codes")
		.where("account_id", "=", user.accountId)
		.where("user_id", "=", user.id)
		.where("code_hash", "=", secrets.recoveryHash(user.accountId, user.id, code))
		.executeTakeFirst();
	return Number(result.numDeletedRows) === 1;
}

export async function recoveryCodesLeft(db: Kysely<Database>, user: UserRef): Promise<number> {
	const found = await db
		.selectFrom("two_factor_recovery_codes")
		.select((eb) => eb.fn.countAll().as("count"))
		.where("account_id", "=", user.accountId)
		.where("user_id", "=", user.id)
		.executeTakeFirst();
	return Number(found?.count ?? 0);
}
