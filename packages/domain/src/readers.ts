/**
 * Card readers of spec 2 ('Card readers page', 'Card readers stats', Card reader and Card
 * reader stat entities, §9): the page size, status labels and the stats table's CSV.
 */
import { CSV_BOM, type CsvColumn, csvHeader, csvRecord } from "./csv.ts";
import { formatPlainAmount } from "./money.ts";
import type { Translator } from "./translator.ts";

/** The card readers page lists at most 10 readers (spec 2 §9). */
export const READERS_PAGE_SIZE = 10;

/** The Status column of the connected readers. */
export function readerStatusLabel(isActive: boolean, t: Translator): string {
	return isActive ? t.__("Active", "paydesk") : t.__("Inactive", "paydesk");
}

export interface ReaderStat {
	reader_id: string;
	status: string;
	count: number;
	fee: { amount: number; currency: string };
}

/**
 * A reader's status in a fee statement, as the partner sends it: 'active' and 'inactive' read as
 * the connected readers' statuses do, any other capitalised, its underscores as spaces.
 */
export function readerStatStatusLabel(status: string, t: Translator): string {
	if (status === "active" || status === "inactive") return readerStatusLabel(status === "active", t);
	return status === "" ? "" : status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ");
}

/** The stats table's columns (reader id, status, transactions, fee), with the fee's currency. */
export function readerStatsCsvColumns(t: Translator): readonly CsvColumn<ReaderStat>[] {
	return [
		{ header: t.__("Reader ID", "paydesk"), value: (stat) => stat.reader_id },
		{ header: t.__("Status", "paydesk"), value: (stat) => readerStatStatusLabel(stat.status, t) },
		{ header: t.__("Transactions", "paydesk"), value: (stat) => stat.count },
		{
			header: t.__("Fee", "paydesk"),
			value: (stat) => formatPlainAmount(stat.fee.amount, stat.fee.currency),
		},
		{ header: t.__("Currency", "paydesk"), value: (stat) => stat.fee.currency.toUpperCase() },
	];
}

/** The whole CSV file of a fee statement's readers, its headings and statuses in the reader's language. */
export function readerStatsCsv(stats: readonly ReaderStat[], t: Translator): string {
	const columns = readerStatsCsvColumns(t);
	return CSV_BOM + csvHeader(columns) + stats.map((stat) => csvRecord(columns, stat)).join("");
}

/** The fee statement's total: what the card reader fee charge billed. */
export function readerStatsTotal(stats: readonly ReaderStat[]): { count: number; amount: number } {
	return stats.reduce(
		(total, stat) => ({ count: total.count + stat.count, amount: total.amount + stat.fee.amount }),
		{ count: 0, amount: 0 },
	);
}
