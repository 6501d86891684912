/**
 * Transactions at scale:
 * - transaction_rollups: count and sums of the ledger per account, period (UTC day, 30-day and
 *   360-day blocks) and filterable columns, maintained by processor/rollups.ts, so whole-history
 *   summaries read thousands of rows instead of millions; filled here from the ledger present;
 * - indexes for the transaction list's other sorts (amount, fees, net) and for search
 *   suggestions (order number, customer name and e-mail prefixes, payment intent id);
 * - balance_transactions_type gains the id tie-break, so a type filter pages in index order.
 * The SQL is written out here rather than imported, so this migration stays what it was.
 */
import { type Kysely, sql } from "kysely";

const DIMENSIONS = ["currency", "type", "source", "customer_currency", "channel", "source_device"] as const;
const SPANS = [1, 30, 360] as const;

const INDEXES: Record<string, string> = {
	balance_transactions_amount: "account_id, amount, id",
	balance_transactions_fee: "account_id, fee, id",
	balance_transactions_net: "account_id, net, id",
	balance_transactions_order_number: "account_id, order_number",
	balance_transactions_intent: "account_id, payment_intent_id",
	balance_transactions_customer_name: "account_id, lower(customer_name)",
	balance_transactions_customer_email: "account_id, lower(customer_email)",
};

export async function up(db: Kysely<unknown>): Promise<void> {
	let table = db.schema
		.createTable("transaction_rollups")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("span", "integer", (c) => c.notNull())
		.addColumn("period", "bigint", (c) => c.notNull());
	for (const column of DIMENSIONS) table = table.addColumn(column, "text", (c) => c.notNull());
	for (const column of ["count", "amount", "fee", "net"])
		table = table.addColumn(column, "bigint", (c) => c.notNull());
	await table
		.addPrimaryKeyConstraint("transaction_rollups_pkey", [
			"account_id",
			"span",
			"period",
			...DIMENSIONS,
		] as never)
		.execute();

	await db.schema.dropIndex("balance_transactions_type").execute();
	await sql`create index balance_transactions_type on balance_transactions (account_id, type, created desc, id)`.execute(
		db,
	);
	for (const [name, columns] of Object.entries(INDEXES)) {
		await sql`create index ${sql.id(name)} on balance_transactions (${sql.raw(columns)})`.execute(db);
	}

	const dimensions = sql.raw(DIMENSIONS.join(", "));
	const coalesced = sql.raw(DIMENSIONS.map((column) => `coalesce(${column}, '')`).join(", "));
	for (const span of SPANS) {
		const days = sql.lit(span);
		await sql`
			insert into transaction_rollups (account_id, span, period, ${dimensions}, count, amount, fee, net)
			select account_id, ${days}, created / 86400 / ${days} * ${days}, ${coalesced},
				count(*), sum(amount), sum(fee), sum(net)
			from balance_transactions
			group by account_id, created / 86400 / ${days} * ${days}, ${coalesced}`.execute(db);
	}
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).ifExists().execute();
	await db.schema.dropIndex("balance_transactions_type").execute();
	await db.schema
		.createIndex("balance_transactions_type")
		.on("balance_transactions")
		.columns(["account_id", "type", "created"])
		.execute();
	await db.schema.dropTable("transaction_rollups").ifExists().execute();
}
