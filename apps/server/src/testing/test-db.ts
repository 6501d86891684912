import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Db, openDb } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";

export interface TestDb extends Db {
	/** Drops the throw-away database (PostgreSQL) or closes the in-memory one. */
	destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default (a file in
 * `sqliteDir` when given), or a new database on the PostgreSQL server named by DATABASE_URL
 * (the test command starts one).
 */
export async function createTestDb(options: { sqliteDir?: string } = {}): Promise<TestDb> {
	const url = process.env.DATABASE_URL;
	if (url?.startsWith("postgres")) {
		const name = `paydesk_test_${randomBytes(6).toString("hex")}`;
		const admin = new pg.Client({ connectionString: url });
		await admin.connect();
		await admin.query(`create database ${name}`);
		await admin.end();
		const target = new URL(url);
		target.pathname = `/${name}`;
		const db = openDb({ databaseUrl: target.toString(), dataDir: "", poolSize: 20 });
		await migrateToLatest(db);
		return {
			...db,
			async destroy() {
				await db.close();
				const cleanup = new pg.Client({ connectionString: url });
				await cleanup.connect();
				await cleanup.query(`drop database if exists ${name} with (force)`);
				await cleanup.end();
			},
		};
	}
	const db = options.sqliteDir
		? openDb({ dataDir: options.sqliteDir })
		: openDb({ dataDir: "", sqliteFile: ":memory:" });
	await migrateToLatest(db);
	return { ...db, destroy: () => db.close() };
}
