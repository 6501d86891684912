/**
 * A seed drops the bulk tables' secondary indexes while it loads and builds them at the end
 * to load faster, on SQLite under a rollback journal instead of WAL. Killed midway, it leaves them
 * missing; the next server start, which rebuilds the interrupted store, must put back every one
 * as the migrations made it, and hand the file back in WAL mode. Real processes, SIGKILL.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/connection.ts";
import { createTestDb } from "../../src/testing/test-db.ts";
import { createStore, startSeed, startServer, until } from "../support/server-process.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function indexes(db: Db): Promise<string[]> {
	const result =
		db.dialect === "sqlite"
			? await sql<{ row: string }>`
				select name || ': ' || coalesce(sql, '') as row from sqlite_master where type = 'index' order by name`.execute(
					db.kysely,
				)
			: await sql<{ row: string }>`
				select indexname || ': ' || indexdef as row from pg_indexes
				where schemaname = current_schema() order by indexname`.execute(db.kysely);
	return result.rows.map((row) => row.row);
}

describe("a seed killed while its indexes are set aside", () => {
	it("gets every index back, as the migrations made it, at the next start", async () => {
		const fresh = await createTestDb();
		const migrated = await indexes(fresh);
		await fresh.destroy();

		const store = await createStore();
		cleanups.push(() => store.remove());
		const seeding = startSeed(store, 150_000);
		cleanups.push(() => seeding.kill());
		await until("the seed to be under way", async () => /\b[1-9]0%/.test(seeding.output()), 120_000, 10);
		await seeding.kill();

		const db = store.open();
		cleanups.push(() => db.close());
		const left = await indexes(db);
		expect(left).not.toContain(migrated.find((row) => row.startsWith("balance_transactions_amount:")));
		if (db.dialect === "sqlite") {
			const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.kysely);
			expect(check.rows.map((row) => row.integrity_check)).toEqual(["ok"]);
		}
		await db.close();
		cleanups.pop();

		const server = await startServer(store, 2_000);
		cleanups.push(() => server.kill());
		// The server's own connection is in WAL mode again (before the test's opens the file).
		if (!store.databaseUrl) expect(existsSync(path.join(store.dataDir, "paydesk.sqlite-wal"))).toBe(true);
		const after = store.open();
		cleanups.push(() => after.close());
		expect(await indexes(after)).toEqual(migrated);
	}, 180_000);
});
