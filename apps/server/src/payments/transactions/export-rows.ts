/**
 * The rows of a transactions export, in the list's order, a batch at a time: each batch seeks
 * straight to its start on the sort's index (keyset, no OFFSET) and brings its order and payout
 * in the same statement. Only the columns the file shows are read: on PostgreSQL, decoding
 * columns nobody writes out was a third of the export's time.
 */
import type { TransactionSortedQuery } from "@paydesk/contract/transactions";
import { sql } from "kysely";
import type { Db } from "../../db/connection.ts";
import type { BalanceTransactionsTable } from "../../db/schema.ts";
import { afterCursor, type Cursor, keysetBatches, orderRows } from "../../lists/list-sql.ts";
import { ledgerConditions } from "./filters.ts";
import { type TransactionSortColumn, transactionOrder } from "./queries.ts";
import { matchesNothing } from "./summary.ts";

const EXPORT_COLUMNS = [
	"id",
	"created",
	"type",
	"channel",
	"customer_currency",
	"customer_amount",
	"currency",
	"amount",
	"fee",
	"net",
	"order_id",
	"order_number",
	"source",
	"customer_name",
	"customer_email",
	"customer_country",
	"risk_level",
	"deposit_id",
] as const;

export interface ExportRow extends Pick<BalanceTransactionsTable, (typeof EXPORT_COLUMNS)[number]> {
	order_subscriptions: string | null;
	deposit_status: string | null;
	deposit_type: string | null;
	deposit_date: number | null;
}

/**
 * Every matching transaction in list order, in keyset batches. The batch is a derived table
 * joined to orders and payouts outside it, so its keyset and order read the ledger alone. A
 * filter the value counts show to match nothing yields no batch, and reads no ledger row.
 */
export async function* transactionBatches(
	db: Db,
	accountId: string,
	query: TransactionSortedQuery,
	timeZone: string,
	batchSize: number,
): AsyncGenerator<ExportRow[]> {
	if (await matchesNothing(db, accountId, query)) return;
	const order = transactionOrder(query);
	const where = ledgerConditions(db.dialect, accountId, query, timeZone);
	yield* keysetBatches(
		async (after: Cursor | null, limit: number) => {
			let batch = db.kysely
				.selectFrom("balance_transactions")
				.select([...EXPORT_COLUMNS])
				.where(where);
			if (after) batch = batch.where(afterCursor(order, after));
			return db.kysely
				.selectFrom(orderRows(batch, order).limit(limit).as("t"))
				.leftJoin("orders as o", (join) =>
					join.onRef("o.id", "=", "t.order_id").on("o.account_id", "=", accountId),
				)
				.leftJoin("payouts as p", (join) =>
					join.onRef("p.id", "=", "t.deposit_id").on("p.account_id", "=", accountId),
				)
				.selectAll("t")
				.select([
					"o.subscriptions as order_subscriptions",
					"p.status as deposit_status",
					"p.type as deposit_type",
					"p.date as deposit_date",
				])
				.orderBy(sql.ref(`t.${order.column}`), order.direction)
				.orderBy("t.id", order.idDirection)
				.execute();
		},
		(row) => ({ value: row[order.column as TransactionSortColumn], id: row.id }),
		batchSize,
	);
}
