/**
 * The filterable columns that rollups (processor/rollups.ts) and value counts
 * (processor/value-counts.ts) are keyed by: every *_is / *_is_not rule of the transactions list,
 * so any combination of them is summed from either. Customer country and risk level about double
 * the rollup rows per day (77k instead of 38k day rows for a million transactions over three
 * years), which costs far less than scanning for their totals; a loan adds little (a day's
 * charges are withheld for one loan or none).
 *
 * Empty values are stored as '' (text) and -1 (risk level) so they can sit in a primary key on
 * both engines; the list's filters treat them as the missing values they stand for.
 */
import { sql } from "kysely";
import type { BalanceTransactionsTable, TransactionRollupsTable } from "../db/schema.ts";

export const ROLLUP_DIMENSIONS = [
	"currency",
	"type",
	"source",
	"customer_currency",
	"channel",
	"source_device",
	"customer_country",
	"risk_level",
	"loan_id",
] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];

/** A balance transaction's dimensions as rollups and value counts store them. */
type StoredDimensions = Pick<TransactionRollupsTable, RollupDimension>;

export function storedDimensions(row: Pick<BalanceTransactionsTable, RollupDimension>): StoredDimensions {
	return {
		currency: row.currency,
		type: row.type,
		source: row.source ?? "",
		customer_currency: row.customer_currency ?? "",
		channel: row.channel ?? "",
		source_device: row.source_device ?? "",
		customer_country: row.customer_country ?? "",
		risk_level: row.risk_level ?? -1,
		loan_id: row.loan_id ?? "",
	};
}

/** The value stored for an empty column: '' for text, -1 for the risk level. */
const emptyValue = (column: RollupDimension) => (column === "risk_level" ? "-1" : "''");

/** The dimension columns, as a list in SQL. */
export const DIMENSION_COLUMNS = sql.raw(ROLLUP_DIMENSIONS.join(", "));

/** The ledger's dimension columns with their empty values stored as such, as a list in SQL. */
export const STORED_DIMENSIONS_SQL = sql.raw(
	ROLLUP_DIMENSIONS.map((column) => `coalesce(${column}, ${emptyValue(column)})`).join(", "),
);

/** The same, each named as its column (for a SELECT whose rows are stored). */
export const STORED_DIMENSIONS_AS_COLUMNS = sql.raw(
	ROLLUP_DIMENSIONS.map((column) => `coalesce(${column}, ${emptyValue(column)}) as ${column}`).join(", "),
);
