/**
 * Prepared statements reused across queries on SQLite. Kysely's better-sqlite3 driver prepares
 * every statement it runs again, and preparing (parsing and planning the SQL text) took a tenth
 * of the server's CPU while it took payments: more than building the queries did. Kysely is handed
 * this cache instead of the database, so a statement text seen before runs its prepared statement.
 *
 * - Bounded: the least recently used statement goes first. Texts vary (a list's filters, the
 *   rows of a multi-row INSERT, an IN list's length), so the cache holds the hot ones only.
 * - Schema changes: a statement that changes the schema (CREATE, ALTER, DROP: migrations) is
 *   never kept, and empties the cache, so no statement outlives the tables it was planned for.
 *   SQLite itself also plans a kept statement again when it finds the schema changed under it
 *   (DDL run on the raw handle, or by another process on the same file).
 * - Transactions: statements belong to the connection, not to a transaction; BEGIN and COMMIT
 *   are statements like the others. A statement is executed to its end (all/run) before the
 *   next query starts; one still in use (a stream not read to its end) is not handed out again:
 *   that query gets a statement of its own.
 * - Only Kysely's queries go through it: better-sqlite3 statements keep modes (raw, pluck,
 *   expand, safeIntegers) that Kysely never sets but code on the raw handle may.
 */
import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/** Statements kept per connection: several times the distinct texts of the hot paths. */
export const STATEMENT_CACHE_SIZE = 500;

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

export interface StatementCache extends SqliteDatabase {
	prepare(sql: string): SQLite.Statement;
	/** Statements kept now (tests). */
	readonly size: number;
	/** Forgets every kept statement. */
	clear(): void;
}

export function statementCache(sqlite: SQLite.Database, limit = STATEMENT_CACHE_SIZE): StatementCache {
	// A Map iterates in insertion order: re-inserting on each use keeps the least recent first.
	const kept = new Map<string, SQLite.Statement>();
	return {
		prepare(text) {
			const found = kept.get(text);
			if (found && !found.busy) {
				kept.delete(text);
				kept.set(text, found);
				return found;
			}
			if (SCHEMA_CHANGE.test(text)) {
				kept.clear();
				return sqlite.prepare(text);
			}
			const statement = sqlite.prepare(text);
			// A busy one stays kept for later; this query runs on its own statement.
			if (found) return statement;
			kept.set(text, statement);
			if (kept.size > limit) {
				const oldest = kept.keys().next().value;
				if (oldest !== undefined) kept.delete(oldest);
			}
			return statement;
		},
		close() {
			kept.clear();
			sqlite.close();
		},
		get size() {
			return kept.size;
		},
		clear() {
			kept.clear();
		},
	};
}
