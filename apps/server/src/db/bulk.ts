import type { Db } from "./connection.ts";
import type { Database } from "./schema.ts";

type Row<T extends keyof Database> = Database[T];

const PG_MAX_PARAMETERS = 60000;

/**
 * Inserts many rows fast, for the demo-store generator and benchmarks: one prepared statement
 * in one transaction on SQLite, multi-row INSERTs on PostgreSQL. Rows must share one shape.
 */
export async function bulkInsert<T extends keyof Database>(
	db: Db,
	table: T,
	rows: readonly Row<T>[],
): Promise<void> {
	const first = rows[0];
	if (!first) return;
	const columns = Object.keys(first);
	const quoted = columns.map((c) => `"${c}"`).join(", ");
	if (db.sqlite) {
		const statement = db.sqlite.prepare(
			`insert into "${String(table)}" (${quoted}) values (${columns.map(() => "?").join(", ")})`,
		);
		const insertAll = db.sqlite.transaction((batch: readonly Row<T>[]) => {
			for (const row of batch) {
				statement.run(columns.map((c) => (row as unknown as Record<string, unknown>)[c]));
			}
		});
		insertAll(rows);
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
			const values: unknown[] = [];
			const tuples = chunk.map((row) => {
				const placeholders = columns.map((c) => {
					values.push((row as unknown as Record<string, unknown>)[c]);
					return `$${values.length}`;
				});
				return `(${placeholders.join(", ")})`;
			});
			await client.query(`insert into "${String(table)}" (${quoted}) values ${tuples.join(", ")}`, values);
		}
		await client.query("commit");
	} catch (error) {
		await client.query("rollback");
		throw error;
	} finally {
		client.release();
	}
}
