/**
 * Two-factor sign-in (auth/two-factor/) and what the Profile shows of a session.
 *
 * - two_factor: one row per user who turned it on. `totp_key` is the authenticator app's secret
 *   sealed with the application key (secrets/cipher.ts); `last_step` the last 30-second step a
 *   code was accepted for, so no code is accepted twice; `login_nonce` the hash of the one
 *   sign-in waiting for its code (the signed token the login form carries), until
 *   `login_expires`.
 * - two_factor_recovery_codes: the user's unused recovery codes, each a keyed hash; a code is
 *   used by deleting its row.
 * - sessions gain `last_seen` and `last_ip`: when and from where the session was last used
 *   (null until then: its sign-in's time and address).
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("two_factor")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("user_id", "bigint", (c) => c.notNull())
		.addColumn("totp_key", "text", (c) => c.notNull())
		.addColumn("enabled_at", "bigint", (c) => c.notNull())
		.addColumn("last_step", "bigint")
		.addColumn("login_nonce", "text")
		.addColumn("login_expires", "bigint")
		.addPrimaryKeyConstraint("two_factor_pkey", ["account_id", "user_id"])
		.execute();
	await db.schema
		.createTable("two_factor_recovery_codes")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("user_id", "bigint", (c) => c.notNull())
		.addColumn("code_hash", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addPrimaryKeyConstraint("two_factor_recovery_codes_pkey", ["account_id", "user_id", "code_hash"])
		.execute();
	await db.schema.alterTable("sessions").addColumn("last_seen", "bigint").execute();
	await db.schema.alterTable("sessions").addColumn("last_ip", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable("sessions").dropColumn("last_ip").execute();
	await db.schema.alterTable("sessions").dropColumn("last_seen").execute();
	await db.schema.dropTable("two_factor_recovery_codes").execute();
	await db.schema.dropTable("two_factor").execute();
}
