/**
 * Buffers generated rows per table and writes them in batches: on a worker thread when a
 * BackgroundWriter is given (SQLite file), else with bulkInsert. Batches handed over are written
 * while the generator goes on (on PostgreSQL its server does the work), two at most.
 */
import { bulkInsert } from "../db/bulk.ts";
import type { Db } from "../db/connection.ts";
import type { Database } from "../db/schema.ts";
import { type BackgroundWriter, tableRows } from "./background-writer.ts";

type Buffers = { [T in keyof Database]?: Database[T][] };

/** Batches handed over and not yet written, at most: one being written, one waiting. */
const IN_FLIGHT = 2;

export class RowSink {
	private buffers: Buffers = {};
	private size = 0;
	/** Rows handed over per table, for the summary. */
	readonly written = new Map<keyof Database, number>();
	/** Batches handed over and not yet written, oldest first. */
	private inFlight: Promise<void>[] = [];
	private failure: { error: unknown } | null = null;

	constructor(
		private readonly db: Db,
		private readonly batchRows: number,
		private readonly writer: BackgroundWriter | null = null,
	) {}

	push<T extends keyof Database>(table: T, row: Database[T]): void {
		let buffer = this.buffers[table];
		if (!buffer) {
			buffer = [];
			this.buffers[table] = buffer;
		}
		buffer.push(row);
		this.size++;
	}

	/** True once enough rows wait to be worth a write. */
	get full(): boolean {
		return this.size >= this.batchRows;
	}

	count(table: keyof Database): number {
		return (this.written.get(table) ?? 0) + (this.buffers[table]?.length ?? 0);
	}

	/** Starts writing the buffered rows; waits only while two batches are still being written. */
	async handOver(): Promise<void> {
		const buffers = this.buffers;
		this.buffers = {};
		this.size = 0;
		while (this.inFlight.length >= IN_FLIGHT) await this.inFlight.shift();
		if (this.failure) throw this.failure.error;
		const tables = (Object.keys(buffers) as (keyof Database)[]).filter((table) => buffers[table]?.length);
		for (const table of tables)
			this.written.set(table, (this.written.get(table) ?? 0) + (buffers[table]?.length ?? 0));
		const previous = this.inFlight.at(-1);
		const writing = this.writer
			? this.writer.write(tables.map((table) => tableRows(table, buffers[table] ?? [])))
			: (async () => {
					await previous;
					for (const table of tables) await this.insert(table, buffers);
				})();
		this.inFlight.push(
			writing.catch((error: unknown) => {
				this.failure ??= { error };
			}),
		);
	}

	/** Writes the buffered rows and waits until every row handed over is in the database. */
	async flush(): Promise<void> {
		await this.handOver();
		await this.settled();
	}

	/** Waits for the batches still being written, then ends the background writer. */
	async close(): Promise<void> {
		try {
			await this.settled();
		} finally {
			await this.writer?.close();
		}
	}

	private async settled(): Promise<void> {
		await Promise.all(this.inFlight.splice(0));
		if (this.failure) throw this.failure.error;
	}

	private async insert<T extends keyof Database>(table: T, buffers: Buffers): Promise<void> {
		await bulkInsert(this.db, table, buffers[table] as Database[T][]);
	}
}
