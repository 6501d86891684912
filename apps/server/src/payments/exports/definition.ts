/**
 * What an exportable list tells the export machinery: its routes (from defineExportRoutes), its
 * columns, and how to walk every matching row in its sort order. Transactions and disputes
 * plug in by writing one of these and calling registerExport.
 */
import type { ExportRoutes } from "@paydesk/contract/exports";
import { CSV_BOM, type CsvColumn, csvHeader, csvRecord } from "@paydesk/domain/csv";
import type { z } from "zod";
import type { Db } from "../../db/connection.ts";

export interface ExportContext {
	/** Every time in the file is shown in the store's time zone. */
	storeTimeZone: string;
	/** The merchant's locale, e.g. "en_US" (headings are English for now). */
	locale: string;
}

export interface ExportDefinition<Q extends z.ZodObject, Row> {
	routes: ExportRoutes<Q>;
	/** Plural noun for file names and e-mails, e.g. "payouts". */
	noun: string;
	columns(context: ExportContext): readonly CsvColumn<Row>[];
	/**
	 * Every row matching the query, in the list's sort order, in batches (keysetBatches in
	 * list-sql.ts), so no export holds more than a batch in memory.
	 */
	rows(db: Db, accountId: string, query: z.output<Q>): AsyncIterable<readonly Row[]>;
}

/** The CSV text of a row stream, chunk by chunk: BOM and header first, then a chunk per batch. */
export async function* csvChunks<Row>(
	columns: readonly CsvColumn<Row>[],
	batches: AsyncIterable<readonly Row[]>,
	counter: { rows: number } = { rows: 0 },
): AsyncGenerator<string> {
	yield CSV_BOM + csvHeader(columns);
	for await (const batch of batches) {
		let chunk = "";
		for (const row of batch) chunk += csvRecord(columns, row);
		counter.rows += batch.length;
		yield chunk;
	}
}
