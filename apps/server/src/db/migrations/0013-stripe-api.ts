/**
 * What Stripe's API (`/v1`, stripe-api/) keeps beside the records every processor shares:
 *
 * - api_keys: an account's secret and publishable keys. A secret key is stored as its SHA-256
 *   (it is a random secret, shown once); `secret_hash` finds the key, and with it the account,
 *   from any request. A publishable key is public and kept as it is. `expires_at` is set on a
 *   rolled key, which works until then.
 * - intent_details: what a PaymentIntent made through `/v1` carries that the intake does not
 *   record (description, metadata, customer, payment method, receipt e-mail), and its state
 *   before it is confirmed: until then no payment_intents row exists, as no payment was tried.
 * - stripe_customers and payment_methods: Stripe's Customers and PaymentMethods. A card payment
 *   method keeps its test card as the SHA-256 of its number (only test numbers are taken), with
 *   the brand, last 4, expiry, country and funding it shows; never the number or a CVC.
 * - refunds.metadata: Stripe's metadata of a refund (null: none given).
 * - Stripe's lists page newest first on (created, id): charges and refunds get that index per
 *   account (charges also on (created, payment_intent_id), through which intents are listed), so a
 *   page deep in a million rows is an index range like the first.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("api_keys")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("name", "text", (c) => c.notNull())
		.addColumn("kind", "text", (c) => c.notNull())
		.addColumn("prefix", "text", (c) => c.notNull())
		.addColumn("last4", "text", (c) => c.notNull())
		.addColumn("secret_hash", "text", (c) => c.notNull())
		.addColumn("publishable_key", "text")
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("last_used", "bigint")
		.addColumn("expires_at", "bigint")
		.addPrimaryKeyConstraint("api_keys_pkey", ["account_id", "id"])
		.execute();
	await sql`create unique index api_keys_secret_hash on api_keys (secret_hash)`.execute(db);

	await db.schema
		.createTable("intent_details")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("intent_id", "text", (c) => c.notNull())
		.addColumn("status", "text", (c) => c.notNull())
		.addColumn("amount", "bigint", (c) => c.notNull())
		.addColumn("currency", "text", (c) => c.notNull())
		.addColumn("capture_method", "text", (c) => c.notNull())
		.addColumn("payment_method_id", "text")
		.addColumn("customer_id", "text")
		.addColumn("description", "text")
		.addColumn("receipt_email", "text")
		.addColumn("return_url", "text")
		.addColumn("metadata", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("canceled_at", "bigint")
		.addColumn("cancellation_reason", "text")
		.addPrimaryKeyConstraint("intent_details_pkey", ["account_id", "intent_id"])
		.execute();
	await sql`create index intent_details_created on intent_details (account_id, created, intent_id)`.execute(
		db,
	);
	await sql`create index intent_details_customer on intent_details (account_id, customer_id, created)`.execute(
		db,
	);

	await db.schema
		.createTable("stripe_customers")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("email", "text")
		.addColumn("name", "text")
		.addColumn("description", "text")
		.addColumn("phone", "text")
		.addColumn("metadata", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("deleted_at", "bigint")
		.addPrimaryKeyConstraint("stripe_customers_pkey", ["account_id", "id"])
		.execute();
	await sql`create index stripe_customers_created on stripe_customers (account_id, created, id)`.execute(db);
	await sql`create index stripe_customers_email on stripe_customers (account_id, email)`.execute(db);

	await db.schema
		.createTable("payment_methods")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("id", "text", (c) => c.notNull())
		.addColumn("type", "text", (c) => c.notNull())
		.addColumn("test_card", "text", (c) => c.notNull())
		.addColumn("brand", "text", (c) => c.notNull())
		.addColumn("last4", "text", (c) => c.notNull())
		.addColumn("exp_month", "integer", (c) => c.notNull())
		.addColumn("exp_year", "integer", (c) => c.notNull())
		.addColumn("country", "text", (c) => c.notNull())
		.addColumn("funding", "text", (c) => c.notNull())
		.addColumn("billing_details", "text", (c) => c.notNull())
		.addColumn("customer_id", "text")
		.addColumn("metadata", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addPrimaryKeyConstraint("payment_methods_pkey", ["account_id", "id"])
		.execute();
	await sql`create index payment_methods_customer on payment_methods (account_id, customer_id, created)`.execute(
		db,
	);

	await db.schema.alterTable("refunds").addColumn("metadata", "text").execute();
	for (const table of ["charges", "refunds"]) {
		await sql`create index ${sql.id(`${table}_created_id`)} on ${sql.table(table)} (account_id, created, id)`.execute(
			db,
		);
	}
	// Intents with a charge are listed through it, on (created, payment_intent_id); the intake's
	// rows are listed only while they wait for 3-D Secure, without a charge.
	await sql`create index charges_created_intent on charges (account_id, created, payment_intent_id)`.execute(
		db,
	);
	await sql`create index payment_intents_uncharged on payment_intents (account_id, created, id) where charge_id is null`.execute(
		db,
	);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const index of [
		"charges_created_id",
		"refunds_created_id",
		"charges_created_intent",
		"payment_intents_uncharged",
	]) {
		await sql`drop index if exists ${sql.id(index)}`.execute(db);
	}
	await db.schema.alterTable("refunds").dropColumn("metadata").execute();
	for (const table of ["payment_methods", "stripe_customers", "intent_details", "api_keys"]) {
		await db.schema.dropTable(table).ifExists().execute();
	}
}
