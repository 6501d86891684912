/**
 * The usage log (contract/tracks): the admin's usage events, recorded only when the store allows
 * usage tracking. `id` is an ordered id (db/ids.ts), so an account's events sort by when they
 * came; `properties` is the event's flat JSON object; `forwarded_at` is when the job runner
 * handed the event to USAGE_TRACKING_URL, null until then (and for good without that URL).
 * Unforwarded events are found through a partial index that holds only them; events older than
 * 90 days are removed account by account through (account_id, created).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("usage_events")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("user_id", "integer", (c) => c.notNull())
		.addColumn("name", "text", (c) => c.notNull())
		.addColumn("properties", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("forwarded_at", "bigint")
		.addPrimaryKeyConstraint("usage_events_pkey", ["account_id", "id"])
		.execute();
	await sql`create index usage_events_created on usage_events (account_id, created)`.execute(db);
	await sql`create index usage_events_unforwarded on usage_events (account_id, id) where forwarded_at is null`.execute(
		db,
	);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable("usage_events").ifExists().execute();
}
