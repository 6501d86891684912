/**
 * Every filter fast at a million transactions:
 * - transaction_rollups gains customer_country, risk_level and loan_id as dimensions (rebuilt
 *   from the ledger), so summaries and list totals filtered by them read rollups, not the ledger;
 * - search by customer name and e-mail goes through a text index: an FTS5 table with the
 *   trigram tokenizer on SQLite (kept by triggers), pg_trgm GIN indexes on PostgreSQL — both
 *   answer "contains, case-insensitive" without reading every row;
 * - a loan's transactions: a partial index of the few rows that have a loan, in list order,
 *   replaces the index of every row by loan id (almost all of them null);
 * - planner statistics (ANALYZE), without which SQLite walks the date index for a payout's
 *   transactions instead of using the payout's own index.
 * The SQL is written out here rather than imported, so this migration stays what it was.
 */
import { type Kysely, sql } from "kysely";

const DIMENSIONS = [
	"currency",
	"type",
	"source",
	"customer_currency",
	"channel",
	"source_device",
	"customer_country",
	"risk_level",
	"loan_id",
] as const;
const SPANS = [1, 30, 360] as const;
const empty = (column: string) => (column === "risk_level" ? "-1" : "''");

async function createRollups(db: Kysely<unknown>, dimensions: readonly string[]): Promise<void> {
	let table = db.schema
		.createTable("transaction_rollups")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("span", "integer", (c) => c.notNull())
		.addColumn("period", "bigint", (c) => c.notNull());
	for (const column of dimensions)
		table = table.addColumn(column, column === "risk_level" ? "integer" : "text", (c) => c.notNull());
	for (const column of ["count", "amount", "fee", "net"])
		table = table.addColumn(column, "bigint", (c) => c.notNull());
	await table
		.addPrimaryKeyConstraint("transaction_rollups_pkey", [
			"account_id",
			"span",
			"period",
			...dimensions,
		] as never)
		.execute();
	const columns = sql.raw(dimensions.join(", "));
	const coalesced = sql.raw(dimensions.map((column) => `coalesce(${column}, ${empty(column)})`).join(", "));
	const day = sql.lit(86_400);
	await sql`
		insert into transaction_rollups (account_id, span, period, ${columns}, count, amount, fee, net)
		select account_id, 1, created / ${day}, ${coalesced}, count(*), sum(amount), sum(fee), sum(net)
		from balance_transactions group by account_id, created / ${day}, ${coalesced}`.execute(db);
	for (let level = 1; level < SPANS.length; level++) {
		const span = sql.lit(SPANS[level] as number);
		const finer = sql.lit(SPANS[level - 1] as number);
		await sql`
			insert into transaction_rollups (account_id, span, period, ${columns}, count, amount, fee, net)
			select account_id, ${span}, period / ${span} * ${span}, ${columns}, sum(count), sum(amount), sum(fee), sum(net)
			from transaction_rollups where span = ${finer}
			group by account_id, period / ${span} * ${span}, ${columns}`.execute(db);
	}
}

/** Whether this PostgreSQL role may create pg_trgm (a trusted extension since PostgreSQL 13). */
async function canUseTrigrams(db: Kysely<unknown>): Promise<boolean> {
	const result = await sql<{ usable: boolean }>`
		select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
			and (exists (select 1 from pg_extension where extname = 'pg_trgm')
				or has_database_privilege(current_database(), 'CREATE')) as usable`.execute(db);
	return Boolean(result.rows[0]?.usable);
}

export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
	await db.schema.dropTable("transaction_rollups").execute();
	await createRollups(db, DIMENSIONS);

	await sql`drop index if exists balance_transactions_loan`.execute(db);
	await sql`create index balance_transactions_loan on balance_transactions (account_id, loan_id, created desc, id) where loan_id is not null`.execute(
		db,
	);

	if (dialect === "sqlite") {
		await sql`create virtual table balance_transactions_search using fts5(customer_name, customer_email, content = 'balance_transactions', content_rowid = 'rowid', tokenize = 'trigram')`.execute(
			db,
		);
		await sql`insert into balance_transactions_search (balance_transactions_search) values ('rebuild')`.execute(
			db,
		);
		await sql`create trigger balance_transactions_search_insert after insert on balance_transactions begin
			insert into balance_transactions_search (rowid, customer_name, customer_email)
			values (new.rowid, new.customer_name, new.customer_email);
		end`.execute(db);
		await sql`create trigger balance_transactions_search_delete after delete on balance_transactions begin
			insert into balance_transactions_search (balance_transactions_search, rowid, customer_name, customer_email)
			values ('delete', old.rowid, old.customer_name, old.customer_email);
		end`.execute(db);
		await sql`create trigger balance_transactions_search_update after update of customer_name, customer_email on balance_transactions begin
			insert into balance_transactions_search (balance_transactions_search, rowid, customer_name, customer_email)
			values ('delete', old.rowid, old.customer_name, old.customer_email);
			insert into balance_transactions_search (rowid, customer_name, customer_email)
			values (new.rowid, new.customer_name, new.customer_email);
		end`.execute(db);
		await sql`analyze`.execute(db);
	} else {
		if (await canUseTrigrams(db)) {
			await sql`create extension if not exists pg_trgm`.execute(db);
			await sql`create index balance_transactions_name_trigrams on balance_transactions using gin (customer_name gin_trgm_ops)`.execute(
				db,
			);
			await sql`create index balance_transactions_email_trigrams on balance_transactions using gin (customer_email gin_trgm_ops)`.execute(
				db,
			);
		}
		await sql`analyze`.execute(db);
	}
}

export async function down(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
	if (dialect === "sqlite") {
		for (const trigger of ["insert", "delete", "update"])
			await sql`drop trigger if exists ${sql.id(`balance_transactions_search_${trigger}`)}`.execute(db);
		await sql`drop table if exists balance_transactions_search`.execute(db);
	} else {
		await sql`drop index if exists balance_transactions_name_trigrams`.execute(db);
		await sql`drop index if exists balance_transactions_email_trigrams`.execute(db);
	}
	await sql`drop index if exists balance_transactions_loan`.execute(db);
	await sql`create index balance_transactions_loan on balance_transactions (account_id, loan_id)`.execute(db);
	await db.schema.dropTable("transaction_rollups").execute();
	await createRollups(db, DIMENSIONS.slice(0, 6));
}
