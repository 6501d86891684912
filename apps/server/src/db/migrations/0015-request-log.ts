/**
 * The Developers area's records:
 *
 * - request_log: every `/v1` request made with a key of the account, written once its answer is
 *   sent (stripe-api/request-log.ts): method, path and the route it matched, status, the key's
 *   name, Request-Id, duration, Idempotency-Key, and the parameters and answer with card
 *   numbers, CVCs and secrets redacted. `id` sorts by time (db/ids.ts newOrderedId), so a page
 *   is an index range after the last id seen, with or without a filter: one index per filter
 *   (status class, path, route, key name), each ending with id. Kept 7 days (server time),
 *   removed through the `created` index.
 * - webhook deliveries are listed per endpoint filtered by status or event type, and per event:
 *   an index for each, ending with the list's order (created, id).
 * - stripe_events are listed by date: (account_id, created, seq, idx).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("request_log")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("request_id", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("method", "text", (c) => c.notNull())
		.addColumn("path", "text", (c) => c.notNull())
		.addColumn("route", "text", (c) => c.notNull())
		.addColumn("status", "integer", (c) => c.notNull())
		.addColumn("status_class", "integer", (c) => c.notNull())
		.addColumn("key_id", "text")
		.addColumn("key_name", "text")
		.addColumn("duration_ms", "integer", (c) => c.notNull())
		.addColumn("idempotency_key", "text")
		.addColumn("params", "text", (c) => c.notNull())
		.addColumn("response", "text")
		.addPrimaryKeyConstraint("request_log_pkey", ["account_id", "id"])
		.execute();
	await sql`create index request_log_status_class on request_log (account_id, status_class, id)`.execute(db);
	await sql`create index request_log_path on request_log (account_id, path, id)`.execute(db);
	await sql`create index request_log_route on request_log (account_id, route, id)`.execute(db);
	await sql`create index request_log_key_name on request_log (account_id, key_name, id)`.execute(db);
	await sql`create index request_log_created on request_log (created)`.execute(db);

	await sql`create index webhook_deliveries_endpoint_status on webhook_deliveries (account_id, endpoint_id, status, created, id)`.execute(
		db,
	);
	await sql`create index webhook_deliveries_endpoint_type on webhook_deliveries (account_id, endpoint_id, event_type, created, id)`.execute(
		db,
	);
	await sql`create index webhook_deliveries_by_event on webhook_deliveries (account_id, event_id)`.execute(
		db,
	);
	await sql`create index stripe_events_account_created on stripe_events (account_id, created, seq, idx)`.execute(
		db,
	);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const index of [
		"webhook_deliveries_endpoint_status",
		"webhook_deliveries_endpoint_type",
		"webhook_deliveries_by_event",
		"stripe_events_account_created",
	]) {
		await sql`drop index if exists ${sql.id(index)}`.execute(db);
	}
	await db.schema.dropTable("request_log").ifExists().execute();
}
