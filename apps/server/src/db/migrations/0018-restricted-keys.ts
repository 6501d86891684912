/**
 * Restricted keys for Stripe's API: api_keys.kind gains "restricted" (an rk_ key, stored hashed
 * as a secret key is), and api_keys.permissions holds such a key's permissions by resource as
 * JSON text ({"charges":"read","refunds":"write"}); null for secret and publishable keys, which
 * are not restricted by resource. kind is free text, so only the column is new.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable("api_keys").addColumn("permissions", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	// Without its permissions a restricted key would read as unrestricted: it goes with them.
	await sql`delete from api_keys where kind = 'restricted'`.execute(db);
	await db.schema.alterTable("api_keys").dropColumn("permissions").execute();
}
