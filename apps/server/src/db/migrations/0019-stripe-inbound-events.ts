/**
 * The events a connected Stripe account sends Paydesk (payments/stripe-account/webhook.ts), each
 * kept once by its id: a retried or repeated delivery finds its row and changes nothing.
 * `created` is Stripe's time of the event, `received_at` the server's when it came; `applied_at`
 * is when the ledger took it in (null until then), so the events still to apply are found in
 * the order they happened.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("stripe_inbound_events")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("type", "text", (c) => c.notNull())
		.addColumn("object_id", "text")
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("received_at", "bigint", (c) => c.notNull())
		.addColumn("applied_at", "bigint")
		.addColumn("body", "text", (c) => c.notNull())
		.addPrimaryKeyConstraint("stripe_inbound_events_pkey", ["account_id", "id"])
		.execute();
	await sql`create index stripe_inbound_events_unapplied on stripe_inbound_events (account_id, created, id) where applied_at is null`.execute(
		db,
	);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable("stripe_inbound_events").execute();
}
