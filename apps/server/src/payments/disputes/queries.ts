/**
 * Dispute list queries (spec 3 §2.2, §3.2, §3.3). Every filter is SQL; a page is one query
 * plus one count. The created sort follows disputes_created (account_id, created desc, id);
 * amount and due-by sorts read the account's disputes, which stay few next to its payments.
 * The order number comes from a correlated lookup on the orders key, so the query keeps one
 * table in FROM and the shared keyset helpers stream it for exports.
 */

import { type DisputeRuleField, disputeList } from "@paydesk/contract/dispute-list";
import type { DisputeFilters, DisputeListRow, DisputeSortedQuery } from "@paydesk/contract/disputes";
import { AWAITING_RESPONSE_STATUSES, type DisputeStatus } from "@paydesk/domain/disputes/statuses";
import { orderEditUrl } from "@paydesk/domain/refunds";
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Database, DisputesTable } from "../../db/schema.ts";
import {
	afterCursor,
	combineRules,
	dateRuleConditions,
	keysetBatches,
	type ListOrder,
	listOrder,
	orderRows,
} from "../../lists/list-sql.ts";
import { valueRuleConditions } from "../../lists/value-rules.ts";

export type DisputeRow = DisputesTable & { order_number: string | null };

type DisputesBuilder = ExpressionBuilder<Database, "disputes">;

/** The column of disputes each value filter of the list's declaration reads. */
const FILTER_COLUMNS: Readonly<Record<DisputeRuleField, keyof DisputesTable & string>> = {
	status: "status",
};

/** The WHERE of a filtered dispute list; date rules (on created) are read in `timeZone`. */
export function disputeConditions(accountId: string, filters: DisputeFilters, timeZone: string) {
	return (eb: DisputesBuilder): Expression<SqlBool> => {
		const rules = [
			...dateRuleConditions("created", filters, timeZone),
			...valueRuleConditions(disputeList.ruleParams, FILTER_COLUMNS, filters),
		];
		const parts: Expression<SqlBool>[] = [eb("account_id", "=", accountId)];
		if (filters.store_currency_is) parts.push(eb("currency", "=", filters.store_currency_is));
		if (filters.filter === "awaiting_response") parts.push(eb("status", "in", AWAITING_RESPONSE_STATUSES));
		const advanced = combineRules(eb, filters.match, rules);
		if (advanced) parts.push(advanced);
		return eb.and(parts);
	};
}

/** created follows disputes_created (tie-break reversed); amount and due_by break ties alike. */
export function disputeOrder(query: Pick<DisputeSortedQuery, "sort" | "direction">): ListOrder {
	return query.sort === "created"
		? listOrder("created", query.direction, "opposite")
		: listOrder(query.sort, query.direction, "same");
}

function selectDisputes(db: Kysely<Database>) {
	return db
		.selectFrom("disputes")
		.selectAll()
		.select((eb) =>
			eb
				.selectFrom("orders")
				.select("orders.number")
				.whereRef("orders.account_id", "=", "disputes.account_id")
				.whereRef("orders.id", "=", "disputes.order_id")
				.as("order_number"),
		);
}

export function toDisputeListRow(row: DisputeRow): DisputeListRow {
	return {
		dispute_id: row.id,
		charge_id: row.charge_id,
		amount: row.amount,
		currency: row.currency,
		status: row.status as DisputeStatus,
		reason: row.reason,
		source: row.source,
		order_number: row.order_number,
		order:
			row.order_id !== null && row.order_number !== null
				? { id: row.order_id, number: row.order_number, url: orderEditUrl(row.order_id) }
				: null,
		customer_name: row.customer_name,
		customer_email: row.customer_email,
		customer_country: row.customer_country,
		created: row.created,
		due_by: row.due_by,
	};
}

type PageQuery = DisputeSortedQuery & { page: number; pagesize: number };

export async function listDisputeRows(
	db: Kysely<Database>,
	accountId: string,
	query: PageQuery,
	timeZone: string,
): Promise<{ data: DisputeListRow[]; total_count: number }> {
	const where = disputeConditions(accountId, query, timeZone);
	const rows = await orderRows(selectDisputes(db).where(where), disputeOrder(query))
		.limit(query.pagesize)
		.offset((query.page - 1) * query.pagesize)
		.execute();
	const count = await db
		.selectFrom("disputes")
		.select(sql<number>`count(*)`.as("count"))
		.where(where)
		.executeTakeFirstOrThrow();
	return { data: rows.map(toDisputeListRow), total_count: Number(count.count) };
}

export async function summariseDisputes(
	db: Kysely<Database>,
	accountId: string,
	filters: DisputeFilters,
	timeZone: string,
): Promise<{ count: number; currencies: string[] }> {
	const count = await db
		.selectFrom("disputes")
		.select(sql<number>`count(*)`.as("count"))
		.where(disputeConditions(accountId, filters, timeZone))
		.executeTakeFirstOrThrow();
	const currencies = await db
		.selectFrom("disputes")
		.select("currency")
		.distinct()
		.where("account_id", "=", accountId)
		.orderBy("currency")
		.execute();
	return { count: Number(count.count), currencies: currencies.map((row) => row.currency) };
}

/** Every matching dispute in the list's order, in keyset batches (exports). */
export function disputeBatches(
	db: Kysely<Database>,
	accountId: string,
	query: DisputeSortedQuery,
	timeZone: string,
): AsyncGenerator<DisputeRow[]> {
	const order = disputeOrder(query);
	const where = disputeConditions(accountId, query, timeZone);
	return keysetBatches(
		(after, limit) => {
			let select = selectDisputes(db).where(where);
			if (after) select = select.where(afterCursor(order, after));
			return orderRows(select, order).limit(limit).execute();
		},
		(row) => ({ value: row[order.column as "created" | "amount" | "due_by"], id: row.id }),
	);
}
