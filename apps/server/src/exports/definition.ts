/**
 * What an exportable list tells the export machinery: its routes (from defineExportRoutes), its
 * columns, and how to walk every matching row in its sort order. Transactions and disputes
 * plug in by writing one of these and calling registerExport.
 */
import type { ExportRoutes } from "@paydesk/contract/exports";
import { CSV_BOM, type CsvColumn, csvHeader, csvRecord } from "@paydesk/domain/csv";
import type { z } from "zod";
import type { Db } from "../db/connection.ts";
import type { ServerTranslator } from "../i18n/translator.ts";

export interface ExportContext {
	/**
	 * Every time in the file is shown in the store's time zone, as "YYYY-MM-DD HH:mm:ss" in every
	 * language (the contract's shape, which spreadsheets read as a date and sort).
	 */
	storeTimeZone: string;
	/** The locale of the user who asked for the export, e.g. "fr_FR". */
	locale: string;
	/** Their translator: the column headings are in their language. */
	t: ServerTranslator;
}

/** The e-mail of an export, in its reader's language. */
export interface ExportMailTexts {
	subject: string;
	/** "The export of %1$s … you requested from %2$s is ready:", 1: how many rows, 2: the store. */
	ready: string;
}

export interface ExportDefinition<Q extends z.ZodObject, Row> {
	routes: ExportRoutes<Q>;
	/** Plural noun for file names, e.g. "payouts" (file names stay English, as the contract's). */
	noun: string;
	columns(context: ExportContext): readonly CsvColumn<Row>[];
	mailTexts(t: ServerTranslator, rowCount: number): ExportMailTexts;
	/**
	 * Every row matching the query, in the list's sort order, in batches (keysetBatches in
	 * lists/list-sql.ts), so no export holds more than a batch in memory.
	 */
	rows(db: Db, accountId: string, query: z.output<Q>): AsyncIterable<readonly Row[]>;
}

/**
 * A label function remembering its answers: a column's labels (types, statuses) are few, and a
 * translated label costs a catalogue lookup that a million-row export would pay per cell.
 */
export function rememberedLabels<V extends string | number | null>(
	label: (value: V) => string,
): (value: V) => string {
	const known = new Map<V, string>();
	return (value) => {
		let text = known.get(value);
		if (text === undefined) {
			text = label(value);
			known.set(value, text);
		}
		return text;
	};
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
