import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type KyselyConfig, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { statementCache } from "./statement-cache.ts";

export type DialectName = "sqlite" | "postgres";

export interface Db {
	kysely: Kysely<Database>;
	dialect: DialectName;
	/** The raw better-sqlite3 handle (SQLite only), for bulk loading and streaming. */
	sqlite?: SQLite.Database;
	/** The raw pool (PostgreSQL only), for cursors and COPY. */
	pool?: pg.Pool;
	close(): Promise<void>;
}

export interface DbConfig {
	/** postgres://… selects PostgreSQL; otherwise the embedded SQLite file in dataDir. */
	databaseUrl?: string | undefined;
	dataDir: string;
	/** ":memory:" for a throw-away SQLite database (tests). */
	sqliteFile?: string;
	poolSize?: number;
	/** Kysely's query log (benchmarks read the statements a request runs). */
	log?: KyselyConfig["log"];
}

// int8 and numeric come back as strings by default; our bigints are minor units and epoch
// seconds, far below 2^53, so numbers are exact and keep both dialects answering alike.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

/**
 * A lost server must not end the process: requests fail with 503 until it is back. The pool
 * listens for errors of its idle connections; a connection in use emits its own 'error' too (its
 * query fails and is answered), which with no listener would be an uncaught exception. Every pool
 * the server opens goes through here.
 */
export function guardPool(pool: pg.Pool): pg.Pool {
	pool.on("error", () => {});
	pool.on("connect", (client) => {
		client.on("error", () => {});
	});
	return pool;
}

export function openDb(config: DbConfig): Db {
	if (config.databaseUrl?.startsWith("postgres")) {
		const pool = new pg.Pool({
			connectionString: config.databaseUrl,
			max: config.poolSize ?? 10,
			connectionTimeoutMillis: 5000,
		});
		guardPool(pool);
		const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: config.log });
		return { kysely, dialect: "postgres", pool, close: () => kysely.destroy() };
	}
	let file = config.sqliteFile;
	if (!file) {
		mkdirSync(config.dataDir, { recursive: true });
		file = path.join(config.dataDir, "paydesk.sqlite");
	}
	const sqlite = new SQLite(file);
	sqlite.pragma("journal_mode = WAL");
	sqlite.pragma("synchronous = NORMAL");
	sqlite.pragma("busy_timeout = 5000");
	sqlite.pragma("cache_size = -65536");
	sqlite.pragma("temp_store = MEMORY");
	// Kysely runs its queries through prepared statements it keeps (statement-cache.ts); the raw
	// handle above stays as better-sqlite3 made it, for bulk loads and streams.
	const kysely = new Kysely<Database>({
		dialect: new SqliteDialect({ database: statementCache(sqlite) }),
		log: config.log,
	});
	return { kysely, dialect: "sqlite", sqlite, close: () => kysely.destroy() };
}
