/**
 * The seed's rows inserted on a second thread. Generating a million-row store and
 * inserting it into SQLite take a similar time, all on one core; with a worker thread that has a
 * connection of its own to the same file, one batch is inserted while the next is generated.
 * A batch crosses as flat arrays of values, which costs far less than inserting them.
 *
 * Only for a SQLite file: an in-memory database (tests) cannot be shared with a thread, and
 * PostgreSQL inserts in its own server processes anyway (sink.ts overlaps those writes).
 * The worker is plain JavaScript, so it runs without the TypeScript loader, in the built server
 * too; it only opens the file and runs the INSERT statements it is given.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import { SQLITE_ROWS_PER_STATEMENT } from "../db/bulk.ts";
import type { Db } from "../db/connection.ts";

/** One table's rows: the INSERT up to VALUES, the row width, the values row after row. */
export interface TableRows {
	insert: string;
	width: number;
	values: unknown[];
}

/** What the worker needs to open the file like the seed's own connection. */
interface WorkerSetup {
	driver: string;
	file: string;
	pragmas: string[];
	rowsPerStatement: number;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { driver, file, pragmas, rowsPerStatement } = workerData;
const db = new (require(driver))(file);
for (const pragma of pragmas) db.pragma(pragma);
const statements = new Map();
function statement(insert, width, rows) {
	const key = insert + rows;
	let prepared = statements.get(key);
	if (!prepared) {
		const tuple = "(" + new Array(width).fill("?").join(", ") + ")";
		prepared = db.prepare(insert + new Array(rows).fill(tuple).join(", "));
		statements.set(key, prepared);
	}
	return prepared;
}
const insertAll = db.transaction((tables) => {
	for (const { insert, width, values } of tables) {
		const rows = values.length / width;
		const many = statement(insert, width, rowsPerStatement);
		let row = 0;
		for (; row + rowsPerStatement <= rows; row += rowsPerStatement)
			many.run(values.slice(row * width, (row + rowsPerStatement) * width));
		for (; row < rows; row++) statement(insert, width, 1).run(values.slice(row * width, (row + 1) * width));
	}
});
parentPort.on("message", (tables) => {
	if (tables === null) {
		db.close();
		parentPort.close();
		return;
	}
	try {
		insertAll(tables);
		parentPort.postMessage(null);
	} catch (error) {
		parentPort.postMessage(error instanceof Error ? error.message : String(error));
	}
});
`;

/** The settings a connection of its own must share with the seed's (journal, cache, waiting). */
function pragmasOf(sqlite: SQLite.Database): string[] {
	return ["journal_mode", "synchronous", "cache_size", "temp_store", "busy_timeout"].map(
		(name) => `${name} = ${sqlite.pragma(name, { simple: true })}`,
	);
}

export class BackgroundWriter {
	/** Batches posted and not yet written, oldest first: the worker takes them in order. */
	private readonly pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
	private failure: Error | null = null;
	private readonly exited: Promise<void>;

	private constructor(private readonly worker: Worker) {
		worker.on("message", (error: string | null) => {
			const batch = this.pending.shift();
			if (error === null) batch?.resolve();
			else batch?.reject(new Error(error));
		});
		worker.on("error", (error) => {
			this.failure ??= error;
			for (const batch of this.pending.splice(0)) batch.reject(error);
		});
		this.exited = new Promise((resolve) => worker.once("exit", () => resolve()));
	}

	/** A writer for the database's file, or null when rows are better written in this thread. */
	static start(db: Db): BackgroundWriter | null {
		const sqlite = db.sqlite;
		if (!sqlite || sqlite.memory || sqlite.name === "") return null;
		const workerData: WorkerSetup = {
			driver: createRequire(import.meta.url).resolve("better-sqlite3"),
			file: sqlite.name,
			pragmas: pragmasOf(sqlite),
			rowsPerStatement: SQLITE_ROWS_PER_STATEMENT,
		};
		return new BackgroundWriter(new Worker(WORKER_SOURCE, { eval: true, workerData }));
	}

	/** Inserts the tables' rows in one transaction, after the batches before; resolves once they are in. */
	write(tables: TableRows[]): Promise<void> {
		if (this.failure) return Promise.reject(this.failure);
		return new Promise((resolve, reject) => {
			this.pending.push({ resolve, reject });
			this.worker.postMessage(tables);
		});
	}

	/** Closes the worker's connection once the batches posted are written, and ends the thread. */
	async close(): Promise<void> {
		this.worker.postMessage(null);
		await this.exited;
	}
}

/** Rows of one shape as one table's flat values, columns in the first row's key order. */
export function tableRows(table: string, rows: readonly object[]): TableRows {
	const columns = Object.keys(rows[0] ?? {});
	const values: unknown[] = [];
	for (const row of rows) for (const column of columns) values.push((row as Record<string, unknown>)[column]);
	return {
		insert: `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values `,
		width: columns.length,
		values,
	};
}
