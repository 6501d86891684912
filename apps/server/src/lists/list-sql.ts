/**
 * SQL pieces every list shares (payouts, transactions, disputes): the advanced filter rules
 * combined by `match`, date rules read in the user's time zone, an ORDER BY that follows the
 * list's index, and keyset paging for exports — so every list filters, sorts and streams alike.
 */
import type { SortDirection } from "@paydesk/contract/list";
import { dateRulesOf } from "@paydesk/contract/list";
import { dateRuleRange } from "@paydesk/domain/dates";
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";

/** Conditions of a list's date rules on an epoch-seconds column (packages/domain/dates rules). */
export function dateRuleConditions(
	column: string,
	query: Parameters<typeof dateRulesOf>[0],
	timeZone: string,
): Expression<SqlBool>[] {
	const ref = sql.ref(column);
	return dateRulesOf(query).map((rule) => {
		const range = dateRuleRange(rule, timeZone);
		if (range.from !== undefined && range.until !== undefined) {
			return sql<SqlBool>`(${ref} >= ${range.from} and ${ref} < ${range.until})`;
		}
		if (range.from !== undefined) return sql<SqlBool>`${ref} >= ${range.from}`;
		return sql<SqlBool>`${ref} < ${range.until ?? 0}`;
	});
}

/** The advanced rules joined by AND (match=all) or OR (match=any); null when there are none. */
export function combineRules<DB, TB extends keyof DB>(
	eb: ExpressionBuilder<DB, TB>,
	match: "all" | "any",
	rules: Expression<SqlBool>[],
): Expression<SqlBool> | null {
	if (rules.length === 0) return null;
	return match === "any" ? eb.or(rules) : eb.and(rules);
}

/**
 * A list's order: the sort column, then the id to break ties. The tie-break direction is the
 * one its index gives for free, e.g. payouts_date (account_id, date desc, id) serves
 * "date desc, id asc" and, read backwards, "date asc, id desc".
 */
export interface ListOrder {
	column: string;
	direction: SortDirection;
	idDirection: SortDirection;
}

export function listOrder(
	column: string,
	direction: SortDirection,
	tieBreak: "same" | "opposite",
): ListOrder {
	const opposite: SortDirection = direction === "asc" ? "desc" : "asc";
	return { column, direction, idDirection: tieBreak === "same" ? direction : opposite };
}

/** The same order read backwards: the last row first. */
export function reversedOrder(order: ListOrder): ListOrder {
	const flip = (direction: SortDirection): SortDirection => (direction === "asc" ? "desc" : "asc");
	return { column: order.column, direction: flip(order.direction), idDirection: flip(order.idDirection) };
}

export function orderRows<DB, TB extends keyof DB, O>(
	query: SelectQueryBuilder<DB, TB, O>,
	order: ListOrder,
): SelectQueryBuilder<DB, TB, O> {
	return query.orderBy(sql.ref(order.column), order.direction).orderBy(sql.ref("id"), order.idDirection);
}

/** The last row of a page, where the next page of an export starts. */
export interface Cursor {
	value: number | string;
	id: string;
}

/**
 * Rows after a cursor. Written as "col <= v and (col < v or id > i)" rather than an OR alone,
 * so the first half is an index range and each page starts where the last ended.
 */
export function afterCursor(order: ListOrder, cursor: Cursor): Expression<SqlBool> {
	const column = sql.ref(order.column);
	const id = sql.ref("id");
	const inclusive = sql.raw(order.direction === "desc" ? "<=" : ">=");
	const strict = sql.raw(order.direction === "desc" ? "<" : ">");
	const idStrict = sql.raw(order.idDirection === "desc" ? "<" : ">");
	return sql<SqlBool>`(${column} ${inclusive} ${cursor.value} and (${column} ${strict} ${cursor.value} or ${id} ${idStrict} ${cursor.id}))`;
}

/** Export batches of about this many rows: large enough to be fast, small enough to stay flat. */
export const EXPORT_BATCH_SIZE = 2000;

/**
 * Every row of a list in batches, each batch fetched after the last row of the previous one,
 * so memory stays flat and no batch pays an OFFSET. `fetchBatch` applies the list's filters,
 * order, cursor and limit.
 */
export async function* keysetBatches<Row>(
	fetchBatch: (after: Cursor | null, limit: number) => Promise<Row[]>,
	cursorOf: (row: Row) => Cursor,
	batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
	let after: Cursor | null = null;
	for (;;) {
		const rows = await fetchBatch(after, batchSize);
		if (rows.length > 0) yield rows;
		const last = rows.at(-1);
		if (rows.length < batchSize || !last) return;
		after = cursorOf(last);
	}
}
