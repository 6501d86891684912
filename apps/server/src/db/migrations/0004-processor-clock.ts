/**
 * Time moves: account_clocks holds each account's processor clock — the test clock's
 * offset from real time (sandbox accounts only, never negative), how far its timed work has
 * run (processed_through, the cursor each step moves in the same transaction as its work),
 * and the lease of the server process running it, so one process runs an account at a time;
 * - balance_transactions_unpaid: the transactions no payout holds yet, per currency by
 *   availability (a partial index: a few days' rows), so a payout gathers its rows without
 *   walking the currency's whole ledger.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("account_clocks")
		.addColumn("account_id", "text", (c) => c.notNull().primaryKey())
		.addColumn("offset_seconds", "bigint", (c) => c.notNull().defaultTo(0))
		.addColumn("processed_through", "bigint", (c) => c.notNull())
		.addColumn("runner", "text")
		.addColumn("lease_until", "bigint")
		.execute();
	await sql`create index balance_transactions_unpaid on balance_transactions (account_id, currency, available_on) where deposit_id is null`.execute(
		db,
	);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await sql`drop index if exists balance_transactions_unpaid`.execute(db);
	await db.schema.dropTable("account_clocks").ifExists().execute();
}
