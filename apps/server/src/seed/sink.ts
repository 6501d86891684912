/** Buffers generated rows per table and writes them in batches with bulkInsert. */
import { bulkInsert } from "../db/bulk.ts";
import type { Db } from "../db/connection.ts";
import type { Database } from "../db/schema.ts";

type Buffers = { [T in keyof Database]?: Database[T][] };

export class RowSink {
	private buffers: Buffers = {};
	private size = 0;
	/** Rows written per table, for the summary. */
	readonly written = new Map<keyof Database, number>();

	constructor(
		private readonly db: Db,
		private readonly batchRows: number,
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

	async flush(): Promise<void> {
		const buffers = this.buffers;
		this.buffers = {};
		this.size = 0;
		for (const table of Object.keys(buffers) as (keyof Database)[]) {
			await this.write(table, buffers);
		}
	}

	private async write<T extends keyof Database>(table: T, buffers: Buffers): Promise<void> {
		const rows = buffers[table] as Database[T][] | undefined;
		if (!rows || rows.length === 0) return;
		await bulkInsert(this.db, table, rows);
		this.written.set(table, (this.written.get(table) ?? 0) + rows.length);
	}
}
