/**
 * A merchant's own Stripe account (payments/stripe-account/):
 *
 * - stripe_connections: one row per Paydesk account connected to Stripe, keyed by account_id.
 *   The key and the webhook endpoint's signing secret are sealed (secrets/cipher.ts); the key is
 *   otherwise known by its kind and last four characters only. `status` is the history import's
 *   (importing, live, error); the import_* columns are where that import keeps its place, per
 *   kind of record, so it can resume after a restart: `import_cursors` a JSON object of kind →
 *   the last Stripe id taken in, `import_counts` kind → records taken in so far.
 *   `last_event_at` is the newest Stripe event taken in (the sync's lag reads it).
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("stripe_connections")
		.addColumn("account_id", "text", (c) => c.notNull().primaryKey())
		.addColumn("stripe_account_id", "text", (c) => c.notNull())
		.addColumn("stripe_account_name", "text")
		.addColumn("livemode", "integer", (c) => c.notNull())
		.addColumn("key_kind", "text", (c) => c.notNull())
		.addColumn("key_last4", "text", (c) => c.notNull())
		.addColumn("key_encrypted", "text", (c) => c.notNull())
		.addColumn("webhook_endpoint_id", "text")
		.addColumn("webhook_secret_encrypted", "text")
		.addColumn("status", "text", (c) => c.notNull())
		.addColumn("connected_at", "bigint", (c) => c.notNull())
		.addColumn("last_error", "text")
		.addColumn("last_event_at", "bigint")
		.addColumn("import_cursors", "text", (c) => c.notNull().defaultTo("{}"))
		.addColumn("import_counts", "text", (c) => c.notNull().defaultTo("{}"))
		.addColumn("import_started_at", "bigint")
		.addColumn("import_finished_at", "bigint")
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable("stripe_connections").execute();
}
