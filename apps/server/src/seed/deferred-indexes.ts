/**
 * The secondary indexes of the tables a seed fills in bulk, set aside during the load and built
 * once at the end. Kept up row by row they made a balance transaction six times as
 * dear to insert (the random-order ones above all: amount, fee, net, names); built once from
 * the loaded tables, all of them take about 16 s for a million transactions. Primary keys and
 * unique constraints stay: they check the rows.
 *
 * The definitions are read from the database (sqlite_master, pg_indexes), so each index comes
 * back exactly as the migrations made it, and are written down before the first one is dropped:
 * a build that dies midway leaves them in the options table, where the next build (the server
 * rebuilds an interrupted store at its start) finds them, since clearing a store keeps that row.
 */
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../db/connection.ts";
import { parseJsonColumn } from "../db/json.ts";
import { withParallelSort } from "./sqlite-load.ts";

/** The options row holding the set-aside definitions while a load runs. */
export const DEFERRED_INDEXES_OPTION = "paydesk_seed_deferred_indexes";

/** The tables of which a seed writes hundreds of thousands of rows. */
const BULK_TABLES = ["balance_transactions", "charges", "orders", "timeline_events"] as const;

/**
 * Constraint indexes that a load leaves half empty on PostgreSQL: card (ch_) and other (py_)
 * charge ids arrive interleaved, so neither run of keys grows at the index's right edge, where
 * PostgreSQL fills its pages; every other page split halves one. Rebuilt once after the load, the
 * charges' primary key is 40% smaller. (SQLite keeps a rebuilt index's old pages in the file.)
 */
const SPLIT_BY_THE_LOAD = ["charges_pkey"] as const;

const indexDefinition = z.object({
	name: z.string(),
	/** The complete CREATE INDEX statement. */
	definition: z.string(),
});
type IndexDefinition = z.infer<typeof indexDefinition>;

const storedDefinitions = z.array(indexDefinition).describe(`options.${DEFERRED_INDEXES_OPTION}`);

/** Indexes that back no constraint (those are kept), as their CREATE INDEX statements. */
async function secondaryIndexes(db: Db): Promise<IndexDefinition[]> {
	const tables = [...BULK_TABLES];
	if (db.dialect === "sqlite") {
		// Constraint indexes (sqlite_autoindex_*) have no statement of their own.
		const result = await sql<IndexDefinition>`
			select name, sql as definition from sqlite_master
			where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})
			order by name`.execute(db.kysely);
		return result.rows;
	}
	const result = await sql<IndexDefinition>`
		select i.indexname as name, i.indexdef as definition from pg_indexes i
		where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
			and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
		order by i.indexname`.execute(db.kysely);
	return result.rows;
}

/** Definitions a build that died midway wrote down (any account's), by name. */
async function leftBehind(db: Db): Promise<IndexDefinition[]> {
	const rows = await db.kysely
		.selectFrom("options")
		.select("value")
		.where("name", "=", DEFERRED_INDEXES_OPTION)
		.execute();
	return rows.flatMap((row) => parseJsonColumn(storedDefinitions, row.value, []));
}

async function exists(db: Db, name: string): Promise<boolean> {
	const result =
		db.dialect === "sqlite"
			? await sql`select 1 from sqlite_master where type = 'index' and name = ${name}`.execute(db.kysely)
			: await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(
					db.kysely,
				);
	return result.rows.length > 0;
}

/** Whether other stores already have rows in the bulk tables (one database can hold several). */
async function holdsOtherStores(db: Db): Promise<boolean> {
	const row = await db.kysely.selectFrom("balance_transactions").select("id").limit(1).executeTakeFirst();
	return row !== undefined;
}

/**
 * Runs a bulk load with the bulk tables' secondary indexes dropped, then builds them again.
 * Beside other stores' rows the indexes stay: rebuilding them over those rows would cost more.
 */
export async function withIndexesDeferred<T>(db: Db, accountId: string, load: () => Promise<T>): Promise<T> {
	const left = await leftBehind(db);
	if (left.length === 0 && (await holdsOtherStores(db))) return load();
	const byName = new Map<string, IndexDefinition>();
	for (const index of [...left, ...(await secondaryIndexes(db))]) byName.set(index.name, index);
	const indexes = [...byName.values()];
	await db.kysely.transaction().execute(async (trx) => {
		await trx.deleteFrom("options").where("name", "=", DEFERRED_INDEXES_OPTION).execute();
		await trx
			.insertInto("options")
			.values({ account_id: accountId, name: DEFERRED_INDEXES_OPTION, value: JSON.stringify(indexes) })
			.execute();
	});
	for (const { name } of indexes) await sql`drop index if exists ${sql.id(name)}`.execute(db.kysely);
	try {
		return await load();
	} finally {
		await withParallelSort(db, async () => {
			for (const { name, definition } of indexes) {
				if (!(await exists(db, name))) await sql.raw(definition).execute(db.kysely);
			}
		});
		if (db.dialect === "postgres")
			for (const name of SPLIT_BY_THE_LOAD) await sql`reindex index ${sql.id(name)}`.execute(db.kysely);
		await db.kysely.deleteFrom("options").where("name", "=", DEFERRED_INDEXES_OPTION).execute();
	}
}
