/**
 * CSV exports that open cleanly in a spreadsheet: RFC 4180 quoting, CRLF line ends,
 * a UTF-8 byte-order mark so Excel reads accents right, and no formula injection — a text cell
 * that a spreadsheet would run as a formula gets a leading single quote, at its start and after
 * any separator a spreadsheet might split it on. Plain numbers (including negative amounts such
 * as "-12.50") stay numbers.
 */

export type CsvValue = string | number | null | undefined;

/** Written once at the start of a file. */
export const CSV_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * Characters that make Excel, LibreOffice or Sheets evaluate a cell when they start it: = + - @,
 * their full-width forms (which some spreadsheets fold to ASCII), and a tab or carriage return
 * ahead of one.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * The separators a spreadsheet may split a line on, whatever this file uses: a comma, a
 * semicolon (the French and German default), a tab, a pipe, or a line break. Text after one of
 * them starts a cell of its own in such a spreadsheet, so it is checked as a cell's start too.
 */
const SEPARATOR = /([,;\t|\r\n])/;
/** Quoted as RFC 4180 says, and also when a spreadsheet could split the cell on its separator. */
const NEEDS_QUOTES = /[",;\t|\r\n]/;

/** A leading quote when the text starts like a formula (also after spaces, which some trim). */
function neutraliseStart(text: string): string {
	if (PLAIN_NUMBER.test(text.trim())) return text;
	return FORMULA_START.test(text) || FORMULA_START.test(text.trimStart()) ? `'${text}` : text;
}

/**
 * A text cell that would be read as a formula, with a leading quote, also after any separator
 * inside it; numbers are left alone.
 */
export function neutraliseFormula(text: string): string {
	// split() with a capture group keeps the separators, at the odd indexes.
	const parts = text.split(SEPARATOR);
	const inner = parts.map((part, index) => (index > 0 && index % 2 === 0 ? neutraliseStart(part) : part));
	return neutraliseStart(inner.join(""));
}

/**
 * One cell: NUL characters removed (a spreadsheet cuts the cell there), formula-neutralised, then
 * quoted when it holds a quote, a separator or a line break.
 */
export function csvCell(value: CsvValue): string {
	if (value === null || value === undefined) return "";
	const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
	const safe = neutraliseFormula(text.replaceAll("\u0000", ""));
	return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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
