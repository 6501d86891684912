/**
 * The files a store connected to its own Stripe account uploaded to Stripe for dispute evidence
 * (processors/stripe/evidence-files.ts): one row per local file and Stripe account, holding the
 * id Stripe gave it. Evidence names the local file in Paydesk and Stripe's file at Stripe, so a
 * second save finds the file already there and uploads nothing; the Stripe account is part of the
 * key because a store reconnected to another account must upload its files there again.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("stripe_files")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("stripe_account_id", "text", (c) => c.notNull())
		.addColumn("file_id", "text", (c) => c.notNull())
		.addColumn("stripe_file_id", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addPrimaryKeyConstraint("stripe_files_pkey", ["account_id", "stripe_account_id", "file_id"])
		.execute();
	// Stripe's answer names its own files: they are read back to the local ones through this.
	await sql`create unique index stripe_files_by_stripe_id on stripe_files (account_id, stripe_account_id, stripe_file_id)`.execute(
		db,
	);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable("stripe_files").execute();
}
