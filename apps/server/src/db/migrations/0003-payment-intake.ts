/**
 * Payments come in:
 * - payment_intents: every payment taken through the intake API, with what its answer needs
 *   and, while it waits for 3-D Secure, the prepared payment (never the card number or CVC)
 *   and a hash of its client secret;
 * - orders.shipping_address, for the address-mismatch rule and the order screen;
 * - charges.customer_ip and ip_country, the facts the IP rules judged, and sandbox_dispute, the
 *   dispute a test card asks the processor clock to raise after the payment succeeds.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("payment_intents")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("status", "text", (c) => c.notNull())
		.addColumn("amount", "bigint", (c) => c.notNull())
		.addColumn("currency", "text", (c) => c.notNull())
		.addColumn("capture_method", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("order_id", "bigint", (c) => c.notNull())
		.addColumn("charge_id", "text")
		.addColumn("client_secret_hash", "text", (c) => c.notNull())
		.addColumn("authentication", "text")
		.addColumn("return_url", "text")
		.addColumn("pending", "text")
		.addColumn("answer", "text", (c) => c.notNull())
		.addPrimaryKeyConstraint("payment_intents_pkey", ["account_id", "id"] as never)
		.execute();
	await db.schema
		.createIndex("payment_intents_status")
		.on("payment_intents")
		.columns(["account_id", "status", "created"])
		.execute();
	await db.schema
		.alterTable("orders")
		.addColumn("shipping_address", "text", (c) => c.notNull().defaultTo("{}"))
		.execute();
	await db.schema.alterTable("charges").addColumn("customer_ip", "text").execute();
	await db.schema.alterTable("charges").addColumn("ip_country", "text").execute();
	await db.schema.alterTable("charges").addColumn("sandbox_dispute", "text").execute();
	await sql`create index charges_sandbox_dispute on charges (account_id, sandbox_dispute, created)`.execute(
		db,
	);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await sql`drop index if exists charges_sandbox_dispute`.execute(db);
	for (const column of ["sandbox_dispute", "ip_country", "customer_ip"])
		await db.schema.alterTable("charges").dropColumn(column).execute();
	await db.schema.alterTable("orders").dropColumn("shipping_address").execute();
	await db.schema.dropTable("payment_intents").ifExists().execute();
}
