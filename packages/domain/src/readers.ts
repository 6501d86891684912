/**
 * Card readers of spec 2 ('Card readers page', 'Card readers stats', Card reader and Card
 * reader stat entities, §9): the page size, status labels and the stats table's CSV.
 */
import { CSV_BOM, type CsvColumn, csvHeader, csvRecord } from "./csv.ts";
import { formatPlainAmount } from "./money.ts";

/** The card readers page lists at most 10 readers (spec 2 §9). */
export const READERS_PAGE_SIZE = 10;

/** The Status column of the connected readers. */
export function readerStatusLabel(isActive: boolean): string {
	return isActive ? "Active" : "Inactive";
}

export interface ReaderStat {
	reader_id: string;
	status: string;
	count: number;
	fee: { amount: number; currency: string };
}

/** A reader's status in a fee statement, as the partner sends it ('active'), capitalised. */
export function readerStatStatusLabel(status: string): string {
	return status === "" ? "" : status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ");
}

/** The stats table's columns (reader id, status, transactions, fee), with the fee's currency. */
export const READER_STATS_CSV_COLUMNS: readonly CsvColumn<ReaderStat>[] = [
	{ header: "Reader ID", value: (stat) => stat.reader_id },
	{ header: "Status", value: (stat) => readerStatStatusLabel(stat.status) },
	{ header: "Transactions", value: (stat) => stat.count },
	{ header: "Fee", value: (stat) => formatPlainAmount(stat.fee.amount, stat.fee.currency) },
	{ header: "Currency", value: (stat) => stat.fee.currency.toUpperCase() },
];

/** The whole CSV file of a fee statement's readers. */
export function readerStatsCsv(stats: readonly ReaderStat[]): string {
	return (
		CSV_BOM +
		csvHeader(READER_STATS_CSV_COLUMNS) +
		stats.map((stat) => csvRecord(READER_STATS_CSV_COLUMNS, stat)).join("")
	);
}

/** The fee statement's total: what the card reader fee charge billed. */
export function readerStatsTotal(stats: readonly ReaderStat[]): { count: number; amount: number } {
	return stats.reduce(
		(total, stat) => ({ count: total.count + stat.count, amount: total.amount + stat.fee.amount }),
		{ count: 0, amount: 0 },
	);
}
