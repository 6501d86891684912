/**
 * The seed loads in bulk with the bulk tables' secondary indexes set aside and, on SQLite, a
 * rollback journal instead of WAL. What it leaves must be the database the migrations
 * made: the same indexes, name for name and column for column, and the journal it found.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type RawBuilder, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/connection.ts";
import { createTestDb, type TestDb } from "../testing/test-db.ts";
import { DEFERRED_INDEXES_OPTION } from "./deferred-indexes.ts";
import { seedFromScratch } from "./from-scratch.ts";
import { seedStore } from "./store.ts";

const ACCOUNT = "acct_seed_bulk_load";
const NOW = new Date("2026-03-15T13:45:00Z");

/** Every index of the database, as the engine describes it. */
async function indexes(db: Db): Promise<{ name: string; definition: string | null }[]> {
	if (db.dialect === "sqlite") {
		const result = await sql<{ name: string; definition: string | null }>`
			select name, sql as definition from sqlite_master where type = 'index' order by name`.execute(
			db.kysely,
		);
		return result.rows;
	}
	const result = await sql<{ name: string; definition: string }>`
		select indexname as name, indexdef as definition from pg_indexes
		where schemaname = current_schema() order by indexname`.execute(db.kysely);
	return result.rows;
}

const TABLES = [
	"orders",
	"charges",
	"balance_transactions",
	"timeline_events",
	"payouts",
	"refunds",
] as const;

/** Tables without a rowid (on SQLite), in the order of their keys. */
const KEY_ORDER: Partial<Record<(typeof TABLES)[number], RawBuilder<unknown>>> = {
	orders: sql`id`,
	timeline_events: sql`payment_intent_id, seq`,
};

/** A table's rows of the test's stores, in the order they were written (or of their key). */
async function rowsOf(db: Db, table: (typeof TABLES)[number]): Promise<unknown[]> {
	const order = KEY_ORDER[table] ?? sql`rowid`;
	const result = await sql<Record<string, unknown>>`
		select * from ${sql.table(table)} where account_id = ${`${ACCOUNT}_4`} order by ${order}`.execute(
		db.kysely,
	);
	return result.rows;
}

async function deferredLists(db: Db): Promise<unknown[]> {
	return db.kysely
		.selectFrom("options")
		.select("value")
		.where("name", "=", DEFERRED_INDEXES_OPTION)
		.execute();
}

describe("the seed's bulk load", () => {
	let db: TestDb;
	let migrated: Awaited<ReturnType<typeof indexes>>;

	beforeAll(async () => {
		db = await createTestDb();
		migrated = await indexes(db);
	});

	afterAll(async () => {
		await db.destroy();
	});

	it("leaves every index as the migrations made it, and no list of set-aside ones", async () => {
		await seedStore(db, { accountId: ACCOUNT, transactions: 600, seed: 5, now: NOW });
		expect(migrated.map((index) => index.name)).toContain("balance_transactions_amount");
		expect(await indexes(db)).toEqual(migrated);
		expect(await deferredLists(db)).toEqual([]);
	});

	it("builds again, at the next build, the indexes a build killed midway had set aside", async () => {
		// What a killed build leaves: its list written down, the indexes on it dropped.
		const amount = migrated.find((index) => index.name === "balance_transactions_amount");
		await db.kysely
			.insertInto("options")
			.values({ account_id: ACCOUNT, name: DEFERRED_INDEXES_OPTION, value: JSON.stringify([amount]) })
			.execute();
		await sql`drop index balance_transactions_amount`.execute(db.kysely);

		await seedFromScratch(db, { accountId: ACCOUNT, transactions: 600, seed: 5, now: NOW });
		expect(await indexes(db)).toEqual(migrated);
		expect(await deferredLists(db)).toEqual([]);
	});

	it("keeps the indexes beside another store's rows, and still leaves them whole", async () => {
		await seedStore(db, { accountId: `${ACCOUNT}_2`, transactions: 300, seed: 6, now: NOW });
		expect(await indexes(db)).toEqual(migrated);
	});

	it("fills the customer search terms, and a later payment still adds its own", async () => {
		const account = `${ACCOUNT}_2`;
		const distinct = await sql<{ term: string }>`
			select lower(customer_name) as term from balance_transactions where account_id = ${account} and customer_name is not null
			union select lower(customer_email) from balance_transactions where account_id = ${account} and customer_email is not null
			order by term`.execute(db.kysely);
		const terms = async () =>
			(
				await db.kysely
					.selectFrom("customer_search_terms")
					.select("term")
					.where("account_id", "=", account)
					.orderBy("term")
					.execute()
			).map((row) => row.term);
		expect(distinct.rows.length).toBeGreaterThan(10);
		expect(await terms()).toEqual(distinct.rows.map((row) => row.term));

		// The trigger the seed suspended is back: a row written afterwards brings its terms.
		const row = await db.kysely
			.selectFrom("balance_transactions")
			.selectAll()
			.where("account_id", "=", account)
			.limit(1)
			.executeTakeFirstOrThrow();
		await db.kysely
			.insertInto("balance_transactions")
			.values({ ...row, id: "txn_after_seed", customer_name: "Lucja Nowak", customer_email: "LN@example.pl" })
			.execute();
		expect(await terms()).toEqual(expect.arrayContaining(["lucja nowak", "ln@example.pl"]));
	});
});

describe.skipIf(process.env.DATABASE_URL?.startsWith("postgres"))("the seed's journal on SQLite", () => {
	let dir: string;

	beforeAll(() => {
		dir = mkdtempSync(path.join(tmpdir(), "paydesk-seed-journal-"));
	});

	afterAll(() => {
		rmSync(dir, { recursive: true, force: true });
	});

	it("loads under a rollback journal and hands the file back in WAL mode", async () => {
		const db = await createTestDb({ sqliteDir: dir });
		try {
			const modes: string[] = [];
			await seedStore(db, {
				accountId: ACCOUNT,
				transactions: 300,
				seed: 5,
				now: NOW,
				onProgress: () => modes.push(String(db.sqlite?.pragma("journal_mode", { simple: true }))),
			});
			expect(modes).toContain("truncate");
			expect(db.sqlite?.pragma("journal_mode", { simple: true })).toBe("wal");
		} finally {
			await db.destroy();
		}
	});

	it("writes the same rows from its worker thread (a file) as from its own (in memory)", async () => {
		const file = await createTestDb({ sqliteDir: dir });
		const memory = await createTestDb();
		try {
			for (const db of [file, memory]) {
				await seedStore(db, { accountId: `${ACCOUNT}_4`, transactions: 3000, seed: 9, now: NOW });
			}
			for (const table of TABLES)
				expect(await rowsOf(file, table), table).toEqual(await rowsOf(memory, table));
		} finally {
			await memory.destroy();
			await file.destroy();
		}
	});

	it("stays in WAL mode, without waiting, while another connection has the file open", async () => {
		const db = await createTestDb({ sqliteDir: dir });
		const reader = new SQLite(path.join(dir, "paydesk.sqlite"));
		try {
			reader.prepare("select count(*) from accounts").get();
			const modes: string[] = [];
			const started = performance.now();
			await seedStore(db, {
				accountId: `${ACCOUNT}_3`,
				transactions: 300,
				seed: 5,
				now: NOW,
				onProgress: () => modes.push(String(db.sqlite?.pragma("journal_mode", { simple: true }))),
			});
			expect(new Set(modes)).toEqual(new Set(["wal"]));
			expect(performance.now() - started).toBeLessThan(5_000);
		} finally {
			reader.close();
			await db.destroy();
		}
	});
});
