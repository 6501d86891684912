/**
 * A lighter ledger (half the bytes per transaction of the first store, on both engines).
 * Its indexes held 630 bytes per transaction on SQLite and 806 on PostgreSQL, more than its rows:
 * - balance_transactions_intent goes: a search by payment intent finds its rows through the
 *   intent's charge (charges_intent, then balance_transactions_charge), whose intent a balance
 *   transaction always shares, and intent suggestions are read from charges;
 * - balance_transactions_available goes: funds not yet available were never paid out (a payout
 *   takes available funds only, and an account's clock never goes back), so the pending balance
 *   reads balance_transactions_unpaid, which holds those rows already;
 * - source_id is stored only when the source is not the row's charge (processor/ledger-source.ts),
 *   null for a payment's own row. SQLite cannot drop a NOT NULL in place: its ledger is copied
 *   into a new table, then its indexes and triggers are made again from their own statements;
 * - on PostgreSQL, the indexes of a type, a balance currency and a payout are keyed by the value
 *   alone: B-tree deduplication keeps each value once with the list of its rows, a few bytes a row
 *   instead of 40 to 86. The planner reads a common value's page from the date index and a rare
 *   value's rows from this one, then sorts them (a payout's few thousand at most). A loan's index
 *   stays in list order: a loan's rows all lie in its repayment months, where a walk down the
 *   date index from today would reach them only after every later row (275 ms at a million
 *   transactions). SQLite stores an entry per row whatever its key, so a shorter key saves little
 *   there, and its indexes stay in list order;
 * - orders_number holds the orders whose number is not their id (none that Paydesk makes), so
 *   intake finds an order by its number through the primary key or this index
 *   (processor/order-by-number.ts) instead of reading all the account's orders.
 * On an existing store the space given back is reused by new rows; VACUUM (SQLite) or VACUUM
 * FULL (PostgreSQL) returns it to the disk. The SQL is written out here rather than imported, so
 * this migration stays what it was.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";

type Dialect = "sqlite" | "postgres";

const DROPPED = {
	balance_transactions_intent: sql`create index balance_transactions_intent on balance_transactions (account_id, payment_intent_id)`,
	balance_transactions_available: sql`create index balance_transactions_available on balance_transactions (account_id, currency, available_on)`,
};

/** PostgreSQL's filter indexes in list order (before) and by value alone (after). */
const FILTER_INDEXES_IN_LIST_ORDER = {
	balance_transactions_type: sql`create index balance_transactions_type on balance_transactions (account_id, type, created desc, id)`,
	balance_transactions_currency: sql`create index balance_transactions_currency on balance_transactions (account_id, currency, created)`,
	balance_transactions_deposit: sql`create index balance_transactions_deposit on balance_transactions (account_id, deposit_id, created)`,
};
const FILTER_INDEXES_BY_VALUE = {
	balance_transactions_type: sql`create index balance_transactions_type on balance_transactions (account_id, type)`,
	balance_transactions_currency: sql`create index balance_transactions_currency on balance_transactions (account_id, currency)`,
	balance_transactions_deposit: sql`create index balance_transactions_deposit on balance_transactions (account_id, deposit_id)`,
};

const ORDERS_NUMBER = sql`create index orders_number on orders (account_id, number) where number <> cast(id as text)`;

const SOURCE_NOT_NULL = /"source_id" text not null/i;
const SOURCE_NULLABLE = /"source_id" text(?! not null)/i;

/**
 * SQLite: the ledger copied into a table whose source_id column is declared by `column`, each row's
 * source_id given by `value`; indexes and triggers are made again from their statements, rowids
 * kept. One database transaction: a store stopped midway keeps its ledger as it was.
 */
async function copyLedger(
	db: Kysely<unknown>,
	column: { from: RegExp; to: string },
	value: RawBuilder<unknown>,
): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const table = await sql<{ sql: string }>`
			select sql from sqlite_master where type = 'table' and name = 'balance_transactions'`.execute(trx);
		const statement = table.rows[0]?.sql ?? "";
		const declared = statement.replace(/^create table "?balance_transactions"? /i, "");
		if (declared === statement || (declared.match(column.from) ?? []).length !== 1)
			throw new Error(`balance_transactions is not as this migration expects: ${statement}`);
		const dependents = await sql<{ sql: string }>`
			select sql from sqlite_master where tbl_name = 'balance_transactions'
				and type in ('index', 'trigger') and sql is not null order by type, name`.execute(trx);
		const columns = (
			await sql<{
				name: string;
			}>`select name from pragma_table_info('balance_transactions') order by cid`.execute(trx)
		).rows.map((row) => row.name);
		await sql`create table balance_transactions_next ${sql.raw(declared.replace(column.from, column.to))}`.execute(
			trx,
		);
		const values = columns.map((name) => (name === "source_id" ? value : sql.ref(name)));
		await sql`insert into balance_transactions_next (rowid, ${sql.join(columns.map((name) => sql.ref(name)))})
			select rowid, ${sql.join(values)} from balance_transactions order by rowid`.execute(trx);
		await sql`drop table balance_transactions`.execute(trx);
		await sql`alter table balance_transactions_next rename to balance_transactions`.execute(trx);
		for (const dependent of dependents.rows) await sql.raw(dependent.sql).execute(trx);
	});
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
	for (const name of Object.keys(DROPPED)) await sql`drop index if exists ${sql.id(name)}`.execute(db);
	if (dialect === "sqlite") {
		await copyLedger(
			db,
			{ from: SOURCE_NOT_NULL, to: `"source_id" text` },
			sql`case when source_id = charge_id then null else source_id end`,
		);
	} else {
		for (const name of Object.keys(FILTER_INDEXES_BY_VALUE))
			await sql`drop index if exists ${sql.id(name)}`.execute(db);
		await sql`alter table balance_transactions alter column source_id drop not null`.execute(db);
		await sql`update balance_transactions set source_id = null where source_id = charge_id`.execute(db);
		for (const index of Object.values(FILTER_INDEXES_BY_VALUE)) await index.execute(db);
	}
	await ORDERS_NUMBER.execute(db);
	for (const table of ["balance_transactions", "orders"]) await sql`analyze ${sql.table(table)}`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
	await sql`drop index if exists orders_number`.execute(db);
	if (dialect === "sqlite") {
		await copyLedger(
			db,
			{ from: SOURCE_NULLABLE, to: `"source_id" text not null` },
			sql`coalesce(source_id, charge_id)`,
		);
	} else {
		for (const name of Object.keys(FILTER_INDEXES_IN_LIST_ORDER))
			await sql`drop index if exists ${sql.id(name)}`.execute(db);
		await sql`update balance_transactions set source_id = charge_id where source_id is null`.execute(db);
		await sql`alter table balance_transactions alter column source_id set not null`.execute(db);
		for (const index of Object.values(FILTER_INDEXES_IN_LIST_ORDER)) await index.execute(db);
	}
	for (const index of Object.values(DROPPED)) await index.execute(db);
	for (const table of ["balance_transactions", "orders"]) await sql`analyze ${sql.table(table)}`.execute(db);
}
