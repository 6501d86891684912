/**
 * Time moves (issue 15): account_clocks holds each account's processor clock — the test clock's
 * offset from real time (sandbox accounts only, never negative), how far its timed work has
 * run (processed_through, the cursor each step moves in the same transaction as its work),
 * and the lease of the server process running it, so one process runs an account at a time.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("account_clocks")
		.addColumn("account_id", "text", (c) => c.notNull().primaryKey())
		.addColumn("offset_seconds", "bigint", (c) => c.notNull().defaultTo(0))
		.addColumn("processed_through", "bigint", (c) => c.notNull())
		.addColumn("runner", "text")
		.addColumn("lease_until", "bigint")
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable("account_clocks").ifExists().execute();
}
