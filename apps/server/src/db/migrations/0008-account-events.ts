/**
 * Live updates (DESIGN §3a): every change of an account writes an account event.
 * - account_events is the account's log, numbered per account (seq, from the `events` counter
 *   in sequences, whose row lock orders the writers: an event commits only after every event
 *   numbered before it, so a reader past seq N never misses one numbered below N). The event
 *   stream serves it and resumes from it (Last-Event-ID); events older than 7 days are removed.
 * - notifications are what the admin's bell lists: for one user (user_id) or for every user of
 *   the account (user_id null), one per object and kind (the unique key makes writing one
 *   idempotent); notification_reads holds who has read which.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("account_events")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("seq", "bigint", (c) => c.notNull())
		.addColumn("type", "text", (c) => c.notNull())
		.addColumn("object_id", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("data", "text", (c) => c.notNull())
		.addPrimaryKeyConstraint("account_events_pkey", ["account_id", "seq"])
		.execute();
	await sql`create index account_events_created on account_events (created)`.execute(db);

	await db.schema
		.createTable("notifications")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("user_id", "integer")
		.addColumn("type", "text", (c) => c.notNull())
		.addColumn("object_id", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("data", "text", (c) => c.notNull())
		.addPrimaryKeyConstraint("notifications_pkey", ["account_id", "id"])
		.execute();
	await sql`create unique index notifications_object on notifications (account_id, type, object_id)`.execute(
		db,
	);
	await sql`create index notifications_created on notifications (account_id, created)`.execute(db);

	await db.schema
		.createTable("notification_reads")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("notification_id", "text", (c) => c.notNull())
		.addColumn("user_id", "integer", (c) => c.notNull())
		.addColumn("read_at", "bigint", (c) => c.notNull())
		.addPrimaryKeyConstraint("notification_reads_pkey", ["account_id", "user_id", "notification_id"])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable("notification_reads").ifExists().execute();
	await db.schema.dropTable("notifications").ifExists().execute();
	await db.schema.dropTable("account_events").ifExists().execute();
}
