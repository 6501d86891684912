/**
 * Stripe's events kept as sent, and webhooks (stripe-api/webhooks/):
 *
 * - stripe_events: each Stripe event of an account's log, rendered once into the JSON that
 *   `GET /v1/events/{id}` answers and every webhook carries, so an event id's body never
 *   changes. `seq` and `idx` place it in the log (the log's change, then its n-th Stripe event);
 *   lists page on them. stripe_event_cursors holds how far each account's log was rendered.
 * - webhook_endpoints: where an account's events go, with the signing secret as it was issued
 *   (it must be read back to sign) and `failing_since`, the account time of the first failed
 *   attempt since the last success (an endpoint failing for 3 days is disabled).
 * - webhook_deliveries: one event to one endpoint, made with the event (unique per endpoint
 *   and event). A pending delivery is due at `next_attempt_at` (account time); a sender claims
 *   it until `claimed_until` (server time), and a claim that outlives its sender is taken again.
 * - webhook_attempts: each try of a delivery: when, how long, the HTTP status or network error
 *   and the first 2 kB of the answer.
 * Events, deliveries and attempts are kept 30 days, removed through their `created` indexes.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("stripe_events")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("seq", "bigint", (c) => c.notNull())
		.addColumn("idx", "integer", (c) => c.notNull())
		.addColumn("type", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("body", "text", (c) => c.notNull())
		.addPrimaryKeyConstraint("stripe_events_pkey", ["account_id", "id"])
		.execute();
	await sql`create unique index stripe_events_position on stripe_events (account_id, seq, idx)`.execute(db);
	await sql`create index stripe_events_type on stripe_events (account_id, type, seq, idx)`.execute(db);
	await sql`create index stripe_events_created on stripe_events (created)`.execute(db);

	await db.schema
		.createTable("stripe_event_cursors")
		.addColumn("account_id", "text", (c) => c.notNull().primaryKey())
		.addColumn("rendered_through", "bigint", (c) => c.notNull())
		.execute();

	await db.schema
		.createTable("webhook_endpoints")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("url", "text", (c) => c.notNull())
		.addColumn("description", "text")
		.addColumn("enabled_events", "text", (c) => c.notNull())
		.addColumn("metadata", "text", (c) => c.notNull())
		.addColumn("secret", "text", (c) => c.notNull())
		.addColumn("status", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("failing_since", "bigint")
		.addPrimaryKeyConstraint("webhook_endpoints_pkey", ["account_id", "id"])
		.execute();
	await sql`create index webhook_endpoints_created on webhook_endpoints (account_id, created, id)`.execute(
		db,
	);

	await db.schema
		.createTable("webhook_deliveries")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("endpoint_id", "text", (c) => c.notNull())
		.addColumn("event_id", "text", (c) => c.notNull())
		.addColumn("event_type", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("status", "text", (c) => c.notNull())
		.addColumn("attempts", "integer", (c) => c.notNull())
		.addColumn("next_attempt_at", "bigint")
		.addColumn("claimed_by", "text")
		.addColumn("claimed_until", "bigint")
		.addColumn("delivered_at", "bigint")
		.addColumn("last_status", "integer")
		.addColumn("last_error", "text")
		.addPrimaryKeyConstraint("webhook_deliveries_pkey", ["account_id", "id"])
		.execute();
	await sql`create unique index webhook_deliveries_event on webhook_deliveries (account_id, endpoint_id, event_id)`.execute(
		db,
	);
	await sql`create index webhook_deliveries_due on webhook_deliveries (account_id, status, next_attempt_at)`.execute(
		db,
	);
	await sql`create index webhook_deliveries_endpoint on webhook_deliveries (account_id, endpoint_id, created, id)`.execute(
		db,
	);
	await sql`create index webhook_deliveries_created on webhook_deliveries (created)`.execute(db);

	await db.schema
		.createTable("webhook_attempts")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("delivery_id", "text", (c) => c.notNull())
		.addColumn("attempt", "integer", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("signed_at", "bigint", (c) => c.notNull())
		.addColumn("duration_ms", "integer", (c) => c.notNull())
		.addColumn("status", "integer")
		.addColumn("error", "text")
		.addColumn("response_body", "text")
		.addPrimaryKeyConstraint("webhook_attempts_pkey", ["account_id", "delivery_id", "attempt"])
		.execute();
	await sql`create index webhook_attempts_created on webhook_attempts (created)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const table of [
		"webhook_attempts",
		"webhook_deliveries",
		"webhook_endpoints",
		"stripe_event_cursors",
		"stripe_events",
	]) {
		await db.schema.dropTable(table).ifExists().execute();
	}
}
