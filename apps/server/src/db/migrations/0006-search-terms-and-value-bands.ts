/**
 * Two ways for the transactions list to skip rows it does not show.
 *
 * Search by customer through the store's distinct customers, not through every transaction.
 * A million transactions have some forty thousand distinct names and e-mails; migration 0005
 * gave each transaction a place in a trigram index (128 MB on SQLite), and on PostgreSQL a
 * common name still meant a trigram recheck of every one of its rows before the list could be
 * sorted (30 ms). Now:
 * - customer_search_terms holds each distinct lowered name and e-mail of an account once,
 *   added by a trigger on the ledger (any insert path, the seed's bulk load excepted: it
 *   suspends the trigger and refills the table once, db/search-index.ts);
 * - the trigram index covers that small table: FTS5 (trigram) on SQLite, pg_trgm on PostgreSQL;
 * - the ledger is then read through its lower(customer_name) / lower(customer_email) indexes for
 *   the terms that matched.
 *
 * Value bands: transaction_value_counts counts an account's transactions per narrow band of
 * amount, fee and net, per balance currency and type (processor/value-counts.ts), so a deep page sorted by one of them starts
 * at its band instead of stepping over every index entry before it.
 *
 * The SQL is written out here rather than imported, so this migration stays what it was.
 */
import { type Kysely, sql } from "kysely";

const OLD_SQLITE_TRIGGERS = ["insert", "delete", "update"].map(
	(name) => `balance_transactions_search_${name}`,
);

/** Whether this PostgreSQL role may create pg_trgm (a trusted extension since PostgreSQL 13). */
async function canUseTrigrams(db: Kysely<unknown>): Promise<boolean> {
	const result = await sql<{ usable: boolean }>`
		select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
			and (exists (select 1 from pg_extension where extname = 'pg_trgm')
				or has_database_privilege(current_database(), 'CREATE')) as usable`.execute(db);
	return Boolean(result.rows[0]?.usable);
}

const fill = (ignore: "sqlite" | "postgres") =>
	ignore === "sqlite"
		? sql`insert or ignore into customer_search_terms (account_id, term)
			select distinct account_id, lower(customer_name) from balance_transactions where customer_name is not null
			union select distinct account_id, lower(customer_email) from balance_transactions where customer_email is not null`
		: sql`insert into customer_search_terms (account_id, term)
			select distinct account_id, lower(customer_name) from balance_transactions where customer_name is not null
			union select distinct account_id, lower(customer_email) from balance_transactions where customer_email is not null
			on conflict do nothing`;

/** A value's band: itself below 100, else its first two significant digits (toward zero). */
function bandSql(column: string) {
	const whens = [`when abs(${column}) < 100 then ${column}`];
	for (let digits = 3; digits <= 16; digits++) {
		const width = 10 ** (digits - 2);
		whens.push(`when abs(${column}) < ${10 ** digits} then ${column} / ${width} * ${width}`);
	}
	return sql.raw(`case ${whens.join(" ")} else ${column} end`);
}

async function createValueBands(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("transaction_value_counts")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("measure", "text", (c) => c.notNull())
		.addColumn("currency", "text", (c) => c.notNull())
		.addColumn("type", "text", (c) => c.notNull())
		.addColumn("band", "bigint", (c) => c.notNull())
		.addColumn("count", "bigint", (c) => c.notNull())
		.addPrimaryKeyConstraint("transaction_value_counts_pkey", [
			"account_id",
			"measure",
			"currency",
			"type",
			"band",
		] as never)
		.execute();
	for (const measure of ["amount", "fee", "net"]) {
		const band = bandSql(measure);
		await sql`
			insert into transaction_value_counts (account_id, measure, currency, type, band, count)
			select account_id, ${sql.lit(measure)}, currency, type, ${band}, count(*)
			from balance_transactions group by account_id, currency, type, ${band}`.execute(db);
	}
}

export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
	await createValueBands(db);
	if (dialect === "sqlite") {
		for (const name of OLD_SQLITE_TRIGGERS) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
		await sql`drop table if exists balance_transactions_search`.execute(db);
		await sql`create table customer_search_terms (account_id text not null, term text not null)`.execute(db);
		await sql`create unique index customer_search_terms_key on customer_search_terms (account_id, term)`.execute(
			db,
		);
		await sql`create virtual table customer_search_terms_text using fts5(term, content = 'customer_search_terms', content_rowid = 'rowid', tokenize = 'trigram')`.execute(
			db,
		);
		await sql`create trigger customer_search_terms_text_insert after insert on customer_search_terms begin
			insert into customer_search_terms_text (rowid, term) values (new.rowid, new.term);
		end`.execute(db);
		await sql`create trigger customer_search_terms_text_delete after delete on customer_search_terms begin
			insert into customer_search_terms_text (customer_search_terms_text, rowid, term) values ('delete', old.rowid, old.term);
		end`.execute(db);
		await sql`create trigger balance_transactions_terms_insert after insert on balance_transactions begin
			insert or ignore into customer_search_terms (account_id, term)
			select new.account_id, lower(new.customer_name) where new.customer_name is not null
			union all select new.account_id, lower(new.customer_email) where new.customer_email is not null;
		end`.execute(db);
		await sql`create trigger balance_transactions_terms_update after update of customer_name, customer_email on balance_transactions begin
			insert or ignore into customer_search_terms (account_id, term)
			select new.account_id, lower(new.customer_name) where new.customer_name is not null
			union all select new.account_id, lower(new.customer_email) where new.customer_email is not null;
		end`.execute(db);
		await fill("sqlite").execute(db);
		return;
	}
	await sql`drop index if exists balance_transactions_name_trigrams`.execute(db);
	await sql`drop index if exists balance_transactions_email_trigrams`.execute(db);
	await sql`create table customer_search_terms (account_id text not null, term text not null, primary key (account_id, term))`.execute(
		db,
	);
	if (await canUseTrigrams(db)) {
		await sql`create extension if not exists pg_trgm`.execute(db);
		await sql`create index customer_search_terms_trigrams on customer_search_terms using gin (term gin_trgm_ops)`.execute(
			db,
		);
	}
	await sql`create function balance_transactions_add_terms() returns trigger language plpgsql as $$
		begin
			if new.customer_name is not null then
				insert into customer_search_terms (account_id, term) values (new.account_id, lower(new.customer_name))
				on conflict do nothing;
			end if;
			if new.customer_email is not null then
				insert into customer_search_terms (account_id, term) values (new.account_id, lower(new.customer_email))
				on conflict do nothing;
			end if;
			return null;
		end $$`.execute(db);
	await sql`create trigger balance_transactions_terms after insert or update of customer_name, customer_email on balance_transactions
		for each row execute function balance_transactions_add_terms()`.execute(db);
	await fill("postgres").execute(db);
	await sql`analyze customer_search_terms`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
	await db.schema.dropTable("transaction_value_counts").execute();
	if (dialect === "sqlite") {
		for (const name of [
			"balance_transactions_terms_insert",
			"balance_transactions_terms_update",
			"customer_search_terms_text_insert",
			"customer_search_terms_text_delete",
		])
			await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
		await sql`drop table if exists customer_search_terms_text`.execute(db);
		await sql`drop table if exists customer_search_terms`.execute(db);
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
		return;
	}
	await sql`drop trigger if exists balance_transactions_terms on balance_transactions`.execute(db);
	await sql`drop function if exists balance_transactions_add_terms()`.execute(db);
	await sql`drop table if exists customer_search_terms`.execute(db);
	if (await canUseTrigrams(db)) {
		await sql`create index balance_transactions_name_trigrams on balance_transactions using gin (customer_name gin_trgm_ops)`.execute(
			db,
		);
		await sql`create index balance_transactions_email_trigrams on balance_transactions using gin (customer_email gin_trgm_ops)`.execute(
			db,
		);
	}
}
