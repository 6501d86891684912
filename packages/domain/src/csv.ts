/**
 * CSV that opens cleanly in a spreadsheet (issue 3, exports): RFC 4180 quoting, CRLF line ends,
 * a UTF-8 byte-order mark so Excel reads accents right, and no formula injection — a text cell
 * that a spreadsheet would run as a formula gets a leading single quote. Plain numbers
 * (including negative amounts such as "-12.50") stay numbers.
 */

export type CsvValue = string | number | null | undefined;

/** Written once at the start of a file. */
export const CSV_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** Leading characters that make Excel, LibreOffice or Sheets evaluate a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that would be read as a formula, with a leading quote; numbers are left alone. */
export function neutraliseFormula(text: string): string {
	if (PLAIN_NUMBER.test(text)) return text;
	return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell: formula-neutralised, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
	if (value === null || value === undefined) return "";
	const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
	const safe = neutraliseFormula(text);
	return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record with its line end. */
export function csvRow(values: readonly CsvValue[]): string {
	return values.map(csvCell).join(",") + CSV_LINE_END;
}

/** A column of an export: its heading and how a row fills it. */
export interface CsvColumn<Row> {
	header: string;
	value(row: Row): CsvValue;
}

export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
	return csvRow(columns.map((column) => column.header));
}

export function csvRecord<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
	return csvRow(columns.map((column) => column.value(row)));
}
