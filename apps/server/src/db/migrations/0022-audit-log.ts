/**
 * The audit log (audit/): who did what to the account's money, settings and security, kept
 * append-only and chained so an edited or removed row shows.
 *
 * - audit_log: one row per recorded action. `seq` numbers an account's rows from 1 without gaps;
 *   `hash` is sha256 over the row's canonical encoding and `prev_hash`, the previous row's hash
 *   (audit/chain.ts). `details` is JSON text, hashed as stored. `payment_intent_id` names the
 *   payment an action concerns (a refund's, a dispute's), so a payment's details find them.
 * - audit_heads: one row per account, the end of its chain (`seq`, `last_hash`). Appending locks
 *   it first, so two writers can never both extend the same row. When retention removes the
 *   oldest rows, `cut_seq` and `cut_hash` keep the last removed row's number and hash: the first
 *   kept row must point at them.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("audit_log")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("seq", "bigint", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addColumn("actor_user_id", "bigint")
		.addColumn("actor_login", "text")
		.addColumn("actor_key_name", "text")
		.addColumn("ip", "text")
		.addColumn("user_agent", "text")
		.addColumn("action", "text", (c) => c.notNull())
		.addColumn("object_type", "text")
		.addColumn("object_id", "text")
		.addColumn("payment_intent_id", "text")
		.addColumn("details", "text", (c) => c.notNull())
		.addColumn("prev_hash", "text", (c) => c.notNull())
		.addColumn("hash", "text", (c) => c.notNull())
		.addPrimaryKeyConstraint("audit_log_pkey", ["account_id", "seq"])
		.execute();
	await sql`create index audit_log_created on audit_log (account_id, created desc, seq desc)`.execute(db);
	await sql`create index audit_log_object on audit_log (account_id, object_id, seq desc)`.execute(db);
	await sql`create index audit_log_action on audit_log (account_id, action, seq desc)`.execute(db);
	await sql`create index audit_log_payment on audit_log (account_id, payment_intent_id, seq desc)`.execute(
		db,
	);
	await db.schema
		.createTable("audit_heads")
		.addColumn("account_id", "text", (c) => c.notNull().primaryKey())
		.addColumn("seq", "bigint", (c) => c.notNull())
		.addColumn("last_hash", "text", (c) => c.notNull())
		.addColumn("cut_seq", "bigint", (c) => c.notNull())
		.addColumn("cut_hash", "text", (c) => c.notNull())
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable("audit_heads").execute();
	await db.schema.dropTable("audit_log").execute();
}
