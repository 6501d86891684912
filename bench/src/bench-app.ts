/**
 * The server under benchmark: a database whose Kysely records the SQL each request runs (so
 * the same statements can be timed on the bare driver), the Fastify app, and a signed-in
 * administrator's headers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@paydesk/server/app";
import { createNonce } from "@paydesk/server/auth/nonce";
import { createSession, findSession, SESSION_COOKIE } from "@paydesk/server/auth/sessions";
import { createApplicationPassword, createUser, findUserRow, toAuthUser } from "@paydesk/server/auth/users";
import { systemClock } from "@paydesk/server/clock";
import type { Db } from "@paydesk/server/db/connection";
import type { Database } from "@paydesk/server/db/schema";
import SQLite from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";

export interface Recorder {
	/** Statements run while recording; null when not recording. */
	statements: CompiledQuery[] | null;
}

/** A database like openDb's, whose queries can be recorded. */
export function openRecordedDb(target: { sqliteFile: string } | { url: string }, recorder: Recorder): Db {
	const log = (event: { level: string; query: CompiledQuery }) => {
		if (event.level === "query") recorder.statements?.push(event.query);
	};
	if ("url" in target) {
		const pool = new pg.Pool({ connectionString: target.url, max: 10 });
		// Dropping the bench database ends idle connections; that is not an error here.
		pool.on("error", () => {});
		const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
		return { kysely, dialect: "postgres", pool, close: () => kysely.destroy() };
	}
	const sqlite = new SQLite(target.sqliteFile);
	sqlite.pragma("journal_mode = WAL");
	sqlite.pragma("synchronous = NORMAL");
	sqlite.pragma("cache_size = -65536");
	sqlite.pragma("temp_store = MEMORY");
	const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
	return { kysely, dialect: "sqlite", sqlite, close: () => kysely.destroy() };
}

/** Runs recorded statements on the bare driver, one after the other. */
export async function runRaw(db: Db, statements: readonly CompiledQuery[]): Promise<number> {
	let rows = 0;
	for (const statement of statements) {
		if (db.sqlite) {
			rows += db.sqlite.prepare(statement.sql).all(...(statement.parameters as unknown[])).length;
		} else if (db.pool) {
			rows += (await db.pool.query(statement.sql, statement.parameters as unknown[])).rowCount ?? 0;
		}
	}
	return rows;
}

export interface BenchApp {
	app: FastifyInstance;
	/** Session cookie and nonce, as the admin app sends them. */
	headers: Record<string, string>;
	/** HTTP Basic with an application password, for a server in another process. */
	basic: string;
	close(): Promise<void>;
}

export async function startBenchApp(db: Db, accountId: string): Promise<BenchApp> {
	const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-bench-app-"));
	const app = await buildApp({
		db,
		clock: systemClock,
		validateResponses: false,
		config: {
			dataDir,
			adminDist: "/nonexistent",
			secureCookies: false,
			productName: "Paydesk",
			publicUrl: "http://localhost:8080",
			// Measures the server, not the per-user limits of the expensive routes.
			rateLimits: { exports: 1_000_000, suggestions: 1_000_000, payments: 1_000_000 },
		},
	});
	await app.ready();
	// A store benchmarked before keeps its bench user.
	const existing = await findUserRow(db.kysely, "bench");
	const user = existing
		? toAuthUser(existing)
		: await createUser(db.kysely, {
				accountId,
				login: "bench",
				email: "bench@example.com",
				role: "administrator",
				password: "correct horse battery staple",
				firstName: "Bench",
				created: systemClock.seconds(),
			});
	const { token } = await createSession(db.kysely, user, {
		now: systemClock.seconds(),
		ip: "127.0.0.1",
		userAgent: "bench",
		remember: false,
	});
	const session = await findSession(db.kysely, token, systemClock.seconds());
	const { password } = await createApplicationPassword(db.kysely, user, "bench", systemClock.seconds());
	return {
		app,
		basic: `Basic ${Buffer.from(`${user.login}:${password}`).toString("base64")}`,
		async close() {
			await app.close();
			rmSync(dataDir, { recursive: true, force: true });
		},
		headers: {
			cookie: `${SESSION_COOKIE}=${token}`,
			"x-wp-nonce": createNonce(session?.nonceSecret ?? "", "wp_rest", systemClock.seconds()),
		},
	};
}
