import type SQLite from "better-sqlite3";
import type { Db } from "./connection.ts";
import type { Database } from "./schema.ts";

type Row<T extends keyof Database> = Database[T];

const PG_MAX_PARAMETERS = 60000;
/**
 * Rows per INSERT on SQLite: a statement per row spends most of its time getting in and out of
 * SQLite; a few dozen rows a statement cut that by about a quarter, and more rows gain nothing.
 */
export const SQLITE_ROWS_PER_STATEMENT = 32;

/**
 * Inserts many rows fast, for the demo-store generator and benchmarks: multi-row INSERTs in one
 * transaction on both engines. Rows must share one shape.
 */
export async function bulkInsert<T extends keyof Database>(
	db: Db,
	table: T,
	rows: readonly Row<T>[],
): Promise<void> {
	const first = rows[0];
	if (!first) return;
	const columns = Object.keys(first);
	const insert = `insert into "${String(table)}" (${columns.map((c) => `"${c}"`).join(", ")}) values `;
	if (db.sqlite) {
		insertSqlite(db.sqlite, insert, columns, rows as readonly object[]);
		return;
	}
	const pool = db.pool;
	if (!pool) throw new Error("bulkInsert: no database handle");
	const perStatement = Math.max(1, Math.floor(PG_MAX_PARAMETERS / columns.length));
	const client = await pool.connect();
	try {
		await client.query("begin");
		for (let start = 0; start < rows.length; start += perStatement) {
			const chunk = rows.slice(start, start + perStatement);
			await client.query(
				insert + placeholders(columns.length, chunk.length, (i) => `$${i + 1}`),
				values(columns, chunk as readonly object[]),
			);
		}
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
	const many = prepared(sqlite, insert + placeholders(columns.length, per, () => "?"));
	const one = prepared(sqlite, insert + placeholders(columns.length, 1, () => "?"));
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

/** "(?, ?), (?, ?)" for two rows of two columns; `mark` numbers the parameters when it must. */
function placeholders(columns: number, rows: number, mark: (index: number) => string): string {
	const tuples: string[] = [];
	for (let r = 0; r < rows; r++) {
		const marks: string[] = [];
		for (let c = 0; c < columns; c++) marks.push(mark(r * columns + c));
		tuples.push(`(${marks.join(", ")})`);
	}
	return tuples.join(", ");
}

/** The rows' values, row after row, in column order. */
function values(columns: readonly string[], rows: readonly object[]): unknown[] {
	const out: unknown[] = [];
	for (const row of rows) for (const column of columns) out.push((row as Record<string, unknown>)[column]);
	return out;
}
