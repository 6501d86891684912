/**
 * The text index of customer names and e-mails (migration 0005): an FTS5 trigram table kept by
 * triggers on SQLite, pg_trgm GIN indexes on PostgreSQL. Both cost a lot per row written, so a
 * bulk load (the seed) suspends the index and builds it once at the end: a million rows load in
 * minutes instead of the better part of an hour on SQLite.
 */
import { sql } from "kysely";
import type { Db } from "./connection.ts";

const SQLITE_TRIGGERS = [
	sql`create trigger if not exists balance_transactions_search_insert after insert on balance_transactions begin
		insert into balance_transactions_search (rowid, customer_name, customer_email)
		values (new.rowid, new.customer_name, new.customer_email);
	end`,
	sql`create trigger if not exists balance_transactions_search_delete after delete on balance_transactions begin
		insert into balance_transactions_search (balance_transactions_search, rowid, customer_name, customer_email)
		values ('delete', old.rowid, old.customer_name, old.customer_email);
	end`,
	sql`create trigger if not exists balance_transactions_search_update after update of customer_name, customer_email on balance_transactions begin
		insert into balance_transactions_search (balance_transactions_search, rowid, customer_name, customer_email)
		values ('delete', old.rowid, old.customer_name, old.customer_email);
		insert into balance_transactions_search (rowid, customer_name, customer_email)
		values (new.rowid, new.customer_name, new.customer_email);
	end`,
];
const TRIGGER_NAMES = ["insert", "delete", "update"].map((name) => `balance_transactions_search_${name}`);
const PG_INDEXES = {
	balance_transactions_name_trigrams: "customer_name",
	balance_transactions_email_trigrams: "customer_email",
} as const;

async function hasTrigrams(db: Db): Promise<boolean> {
	const result = await sql<{ present: boolean }>`
		select exists (select 1 from pg_extension where extname = 'pg_trgm') as present`.execute(db.kysely);
	return Boolean(result.rows[0]?.present);
}

/** Runs a bulk load with the text index suspended, then rebuilds the index in one pass. */
export async function withSearchIndexSuspended<T>(db: Db, load: () => Promise<T>): Promise<T> {
	if (db.dialect === "sqlite") {
		for (const name of TRIGGER_NAMES) await sql`drop trigger if exists ${sql.id(name)}`.execute(db.kysely);
		try {
			return await load();
		} finally {
			for (const trigger of SQLITE_TRIGGERS) await trigger.execute(db.kysely);
			await sql`insert into balance_transactions_search (balance_transactions_search) values ('rebuild')`.execute(
				db.kysely,
			);
		}
	}
	const trigrams = await hasTrigrams(db);
	if (trigrams)
		for (const name of Object.keys(PG_INDEXES))
			await sql`drop index if exists ${sql.id(name)}`.execute(db.kysely);
	try {
		return await load();
	} finally {
		if (trigrams) {
			for (const [name, column] of Object.entries(PG_INDEXES))
				await sql`create index if not exists ${sql.id(name)} on balance_transactions using gin (${sql.id(column)} gin_trgm_ops)`.execute(
					db.kysely,
				);
		}
	}
}
