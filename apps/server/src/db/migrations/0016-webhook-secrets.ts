/**
 * Webhooks, second step:
 *
 * - webhook_endpoints.previous_secret: after a roll, the secret before it keeps signing (beside
 *   the new one) until previous_secret_expires_at (server time), so a receiver can switch over
 *   without losing a delivery.
 * - webhook_endpoints.failed_in_a_row: failed attempts since the last success; the bell is told
 *   when it reaches 10.
 * - stripe_events.payment_intent: the payment an event is about (its PaymentIntent, or the one of
 *   its charge, refund or dispute), so a payment's events are one index range.
 * - webhook_deliveries_endpoint_due: the job runner reads each endpoint's due deliveries apart
 *   (so one endpoint's backlog never hides another's), oldest due first.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable("webhook_endpoints").addColumn("previous_secret", "text").execute();
	await db.schema.alterTable("webhook_endpoints").addColumn("previous_secret_expires_at", "bigint").execute();
	await db.schema
		.alterTable("webhook_endpoints")
		.addColumn("failed_in_a_row", "integer", (c) => c.notNull().defaultTo(0))
		.execute();
	await db.schema.alterTable("stripe_events").addColumn("payment_intent", "text").execute();
	await sql`create index stripe_events_payment_intent on stripe_events (account_id, payment_intent, seq, idx)`.execute(
		db,
	);
	await sql`create index webhook_deliveries_endpoint_due on webhook_deliveries (account_id, endpoint_id, status, next_attempt_at)`.execute(
		db,
	);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await sql`drop index if exists webhook_deliveries_endpoint_due`.execute(db);
	await sql`drop index if exists stripe_events_payment_intent`.execute(db);
	await db.schema.alterTable("stripe_events").dropColumn("payment_intent").execute();
	for (const column of ["previous_secret", "previous_secret_expires_at", "failed_in_a_row"]) {
		await db.schema.alterTable("webhook_endpoints").dropColumn(column).execute();
	}
}
