/**
 * The history import of a connected Stripe account (payments/stripe-account/import/) is run by
 * one process at a time: the process that holds the lease (`import_runner` until
 * `import_lease_until`, server time) runs it and renews it with each page, and another takes it
 * over once a killed holder's lease ran out. Each page commits with its cursor, so the one that
 * takes over starts from the last page committed.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable("stripe_connections").addColumn("import_runner", "text").execute();
	await db.schema.alterTable("stripe_connections").addColumn("import_lease_until", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable("stripe_connections").dropColumn("import_lease_until").execute();
	await db.schema.alterTable("stripe_connections").dropColumn("import_runner").execute();
}
