import type SQLite from "better-sqlite3";
import type pg from "pg";
import type { Db } from "./connection.ts";
import type { Database } from "./schema.ts";

type Row<T extends keyof Database> = Database[T];

/**
 * Rows per INSERT on SQLite: a statement per row spends most of its time getting in and out of
 * SQLite; a few dozen rows a statement cut that by about a quarter, and more rows gain nothing.
 */
export const SQLITE_ROWS_PER_STATEMENT = 32;

/**
 * Inserts many rows fast, for the demo-store generator and benchmarks, in one transaction:
 * multi-row INSERTs on SQLite; on PostgreSQL one INSERT … SELECT FROM unnest(column arrays), a
 * parameter per column, which it parses and plans in a fraction of the time of thousands of
 * rows of parameters (a seed's rows go in 40% faster). Rows must share one shape.
 */
export async function bulkInsert<T extends keyof Database>(
	db: Db,
	table: T,
	rows: readonly Row<T>[],
): Promise<void> {
	const first = rows[0];
	if (!first) return;
	const columns = Object.keys(first);
	if (db.sqlite) {
		const insert = `insert into "${String(table)}" (${columns.map((c) => `"${c}"`).join(", ")}) values `;
		insertSqlite(db.sqlite, insert, columns, rows as readonly object[]);
		return;
	}
	const pool = db.pool;
	if (!pool) throw new Error("bulkInsert: no database handle");
	const client = await pool.connect();
	try {
		await client.query("begin");
		const types = await columnTypes(client, String(table));
		const arrays = columns.map((column) =>
			(rows as readonly object[]).map((row) => (row as Record<string, unknown>)[column]),
		);
		await client.query(
			`insert into "${String(table)}" (${columns.map((c) => `"${c}"`).join(", ")}) select * from unnest(${columns
				.map((column, i) => `$${i + 1}::${types.get(column)}[]`)
				.join(", ")})`,
			arrays,
		);
		await client.query("commit");
	} catch (error) {
		await client.query("rollback");
		throw error;
	} finally {
		client.release();
	}
}

/** Prepared INSERTs per connection and statement text: a seed writes each table hundreds of times. */
const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

function prepared(sqlite: SQLite.Database, text: string): SQLite.Statement {
	let cache = statements.get(sqlite);
	if (!cache) {
		cache = new Map();
		statements.set(sqlite, cache);
	}
	let statement = cache.get(text);
	if (!statement) {
		statement = sqlite.prepare(text);
		cache.set(text, statement);
	}
	return statement;
}

function insertSqlite(
	sqlite: SQLite.Database,
	insert: string,
	columns: string[],
	rows: readonly object[],
): void {
	const per = SQLITE_ROWS_PER_STATEMENT;
	const many = prepared(sqlite, insert + placeholders(columns.length, per));
	const one = prepared(sqlite, insert + placeholders(columns.length, 1));
	const bound = new Array<unknown>(per * columns.length);
	sqlite.transaction(() => {
		let start = 0;
		for (; start + per <= rows.length; start += per) {
			let k = 0;
			for (let r = start; r < start + per; r++) {
				const row = rows[r] as Record<string, unknown>;
				for (const column of columns) bound[k++] = row[column];
			}
			many.run(bound);
		}
		for (; start < rows.length; start++) one.run(values(columns, [rows[start] as object]));
	})();
}

/** "(?, ?), (?, ?)" for two rows of two columns. */
function placeholders(columns: number, rows: number): string {
	const tuple = `(${new Array(columns).fill("?").join(", ")})`;
	return new Array(rows).fill(tuple).join(", ");
}

/** A PostgreSQL table's column types by name, as SQL spells them (bigint, double precision, text). */
async function columnTypes(client: pg.PoolClient, table: string): Promise<Map<string, string>> {
	const result = await client.query<{ name: string; type: string }>(
		`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
		where attrelid = $1::regclass and attnum > 0 and not attisdropped`,
		[table],
	);
	return new Map(result.rows.map((column) => [column.name, column.type]));
}

/** The rows' values, row after row, in column order. */
function values(columns: readonly string[], rows: readonly object[]): unknown[] {
	const out: unknown[] = [];
	for (const row of rows) for (const column of columns) out.push((row as Record<string, unknown>)[column]);
	return out;
}
