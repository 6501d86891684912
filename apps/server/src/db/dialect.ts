/**
 * The few places where SQLite and PostgreSQL differ, kept in one module so the rest of the
 * code has one path: case-insensitive matching and row locking.
 */
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { DialectName } from "./connection.ts";

/** Case-insensitive substring match; the term's LIKE wildcards are escaped. */
export function containsInsensitive(
	dialect: DialectName,
	column: Expression<string | null>,
	term: string,
): Expression<SqlBool> {
	const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
	if (dialect === "postgres") return sql<SqlBool>`${column} ilike ${pattern} escape '\\'`;
	// SQLite's LIKE is already case-insensitive for ASCII.
	return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}

/** SELECT … FOR UPDATE on PostgreSQL; SQLite serialises writers, so the lock is implicit. */
export function forUpdate<DB, TB extends keyof DB, O>(
	dialect: DialectName,
	query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
	return dialect === "postgres" ? query.forUpdate() : query;
}
