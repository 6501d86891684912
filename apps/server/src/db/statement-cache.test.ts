import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { statementCache } from "./statement-cache.ts";

interface Tables {
	items: { id: number; name: string; note?: string | null };
}

const opened: SQLite.Database[] = [];
function memoryDb() {
	const sqlite = new SQLite(":memory:");
	opened.push(sqlite);
	sqlite.exec("create table items (id integer primary key, name text not null)");
	return sqlite;
}

afterEach(() => {
	for (const sqlite of opened.splice(0)) if (sqlite.open) sqlite.close();
});

describe("the prepared-statement cache", () => {
	it("prepares a statement text once and runs it again from the cache", () => {
		const sqlite = memoryDb();
		const prepare = vi.spyOn(sqlite, "prepare");
		const cache = statementCache(sqlite);
		const text = "select count(*) as n from items where id > ?";
		const first = cache.prepare(text);
		expect(cache.prepare(text)).toBe(first);
		expect(prepare).toHaveBeenCalledTimes(1);
		expect(first.get(0)).toEqual({ n: 0 });
	});

	it("keeps at most its limit, forgetting the least recently used statement first", () => {
		const sqlite = memoryDb();
		const prepare = vi.spyOn(sqlite, "prepare");
		const cache = statementCache(sqlite, 2);
		cache.prepare("select 1");
		cache.prepare("select 2");
		cache.prepare("select 1");
		cache.prepare("select 3");
		expect(cache.size).toBe(2);
		prepare.mockClear();
		cache.prepare("select 1");
		expect(prepare).not.toHaveBeenCalled();
		cache.prepare("select 2");
		expect(prepare).toHaveBeenCalledTimes(1);
	});

	it("forgets every statement when the schema changes, and keeps no DDL", () => {
		const sqlite = memoryDb();
		const cache = statementCache(sqlite);
		cache.prepare("select * from items");
		expect(cache.size).toBe(1);
		cache.prepare("alter table items add column note text").run();
		expect(cache.size).toBe(0);
		cache.prepare("insert into items (id, name, note) values (1, 'a', 'n')").run();
		expect(cache.prepare("select * from items").all()).toEqual([{ id: 1, name: "a", note: "n" }]);
	});

	it("gives a statement still being read a statement of its own", () => {
		const sqlite = memoryDb();
		sqlite.exec("insert into items (id, name) values (1, 'a'), (2, 'b')");
		const cache = statementCache(sqlite);
		const text = "select id from items order by id";
		const reading = cache.prepare(text).iterate() as IterableIterator<{ id: number }>;
		expect(reading.next().value).toEqual({ id: 1 });
		const other = cache.prepare(text);
		expect(other.all()).toEqual([{ id: 1 }, { id: 2 }]);
		expect(reading.next().value).toEqual({ id: 2 });
		reading.return?.();
	});

	it("under Kysely, reused statements keep transactions whole: a rollback takes its rows away", async () => {
		const sqlite = memoryDb();
		const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: statementCache(sqlite) }) });
		const insert = (id: number) => (trx: Kysely<Tables>) =>
			trx
				.insertInto("items")
				.values({ id, name: `item ${id}` })
				.execute();
		await db.transaction().execute(insert(1));
		await expect(
			db.transaction().execute(async (trx) => {
				await insert(2)(trx);
				throw new Error("refused");
			}),
		).rejects.toThrow("refused");
		await db.transaction().execute(insert(3));
		const rows = await db.selectFrom("items").select("id").orderBy("id").execute();
		expect(rows.map((row) => row.id)).toEqual([1, 3]);
		const first = () => db.selectFrom("items").selectAll().where("id", "=", 1).execute();
		expect(await first()).toEqual([{ id: 1, name: "item 1" }]);
		// A migration's DDL through Kysely, then the same select text: the new column is read.
		await db.schema.alterTable("items").addColumn("note", "text").execute();
		await sql`update items set note = 'x'`.execute(db);
		expect(await first()).toEqual([{ id: 1, name: "item 1", note: "x" }]);
		await db.destroy();
		expect(sqlite.open).toBe(false);
	});
});
