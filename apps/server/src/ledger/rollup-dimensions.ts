/**
 * The filterable columns that rollups (ledger/rollups.ts) and value counts
 * (ledger/value-counts.ts) are keyed by: the dimensions the transactions list declares
 * (packages/contract transaction-list.ts), the store currency and every field it filters by, so
 * any combination of its filters is summed from either. Customer country and risk level about double
 * the rollup rows per day (77k instead of 38k day rows for a million transactions over three
 * years), which costs far less than scanning for their totals; a loan adds little (a day's
 * charges are withheld for one loan or none).
 *
 * Empty values are stored as '' (text) and -1 (risk level) so they can sit in a primary key on
 * both engines; the list's filters treat them as the missing values they stand for.
 */
import type { TransactionDimension } from "@paydesk/contract/transaction-list";
import { sql } from "kysely";
import type { BalanceTransactionsTable, TransactionRollupsTable } from "../db/schema.ts";

export type RollupDimension = TransactionDimension;

/**
 * The value each dimension stores for an empty column: '' for text, -1 for the risk level. A
 * dimension declared without one (or without its column in the rollup tables, a migration) fails
 * the type check. The keys' order is the order of the rollup tables' keys.
 */
const EMPTY_VALUES: Readonly<Record<RollupDimension, "''" | "-1">> = {
	currency: "''",
	type: "''",
	source: "''",
	customer_currency: "''",
	channel: "''",
	source_device: "''",
	customer_country: "''",
	risk_level: "-1",
	loan_id: "''",
};

export const ROLLUP_DIMENSIONS = Object.keys(EMPTY_VALUES) as readonly RollupDimension[];

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

/** The dimension columns, as a list in SQL. */
export const DIMENSION_COLUMNS = sql.raw(ROLLUP_DIMENSIONS.join(", "));

/** The ledger's dimension columns with their empty values stored as such, as a list in SQL. */
export const STORED_DIMENSIONS_SQL = sql.raw(
	ROLLUP_DIMENSIONS.map((column) => `coalesce(${column}, ${EMPTY_VALUES[column]})`).join(", "),
);

/** The same, each named as its column (for a SELECT whose rows are stored). */
export const STORED_DIMENSIONS_AS_COLUMNS = sql.raw(
	ROLLUP_DIMENSIONS.map((column) => `coalesce(${column}, ${EMPTY_VALUES[column]}) as ${column}`).join(", "),
);
