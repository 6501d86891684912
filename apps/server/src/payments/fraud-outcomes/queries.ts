/**
 * Blocked and on-review transactions: charges a fraud rule acted on, by their current outcome
 * (charges.fraud_outcome), read through charges_fraud (account_id, fraud_outcome, created).
 * There are a few dozen to a few hundred of them, so search and suggestions stay simple.
 */
import type {
	BlockedTransaction,
	FraudOutcomeFilters,
	FraudOutcomeSortedQuery,
} from "@paydesk/contract/fraud-outcomes";
import type { FraudOutcomeStatus } from "@paydesk/domain/transactions";
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { DialectName } from "../../db/connection.ts";
import { containsInsensitive } from "../../db/dialect.ts";
import type { ChargesTable, Database } from "../../db/schema.ts";
import { listOrder, orderRows } from "../../lists/list-sql.ts";

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

type OutcomeRow = Pick<
	ChargesTable,
	| "id"
	| "fraud_outcome"
	| "created"
	| "amount"
	| "currency"
	| "customer_name"
	| "order_id"
	| "payment_intent_id"
>;
const COLUMNS = [
	"id",
	"fraud_outcome",
	"created",
	"amount",
	"currency",
	"customer_name",
	"order_id",
	"payment_intent_id",
] as const;

export function toBlockedTransaction(row: OutcomeRow): BlockedTransaction {
	return {
		status: row.fraud_outcome as FraudOutcomeStatus,
		created: iso(row.created),
		amount: row.amount,
		currency: row.currency,
		customer_name: row.customer_name,
		order_id: row.order_id,
		payment_intent: { id: row.payment_intent_id },
	};
}

export function outcomeStatuses(
	filters: Pick<FraudOutcomeFilters, "status" | "additional_status">,
): string[] {
	return [
		...new Set([filters.status, filters.additional_status].filter((s): s is FraudOutcomeStatus => !!s)),
	];
}

/** A term matches the order number, the payment intent id, or the customer's name or e-mail. */
function searchMatches(dialect: DialectName, terms: readonly string[]): Expression<SqlBool> {
	return sql<SqlBool>`(${sql.join(
		terms.map((term) => {
			const orderNumber = term.replace(/^#/, "");
			const byOrder = /^\d{1,15}$/.test(orderNumber) ? sql`order_id = ${Number(orderNumber)} or ` : sql``;
			return sql`(${byOrder}payment_intent_id = ${term} or ${containsInsensitive(dialect, sql.ref("customer_name"), term)} or ${containsInsensitive(dialect, sql.ref("customer_email"), term)})`;
		}),
		sql` or `,
	)})`;
}

function outcomeConditions(dialect: DialectName, accountId: string, filters: FraudOutcomeFilters) {
	return (eb: ExpressionBuilder<Database, "charges">): Expression<SqlBool> => {
		const parts: Expression<SqlBool>[] = [
			eb("account_id", "=", accountId),
			eb("fraud_outcome", "in", outcomeStatuses(filters)),
		];
		if (filters.search && filters.search.length > 0) parts.push(searchMatches(dialect, filters.search));
		return eb.and(parts);
	};
}

type PageQuery = FraudOutcomeSortedQuery & { page?: number; pagesize?: number };

export async function listOutcomes(
	db: Kysely<Database>,
	dialect: DialectName,
	accountId: string,
	query: PageQuery,
): Promise<{ data: BlockedTransaction[]; total_count: number }> {
	const where = outcomeConditions(dialect, accountId, query);
	const column = query.sort === "amount" ? "amount" : "created";
	let select = orderRows(
		db
			.selectFrom("charges")
			.select([...COLUMNS])
			.where(where),
		listOrder(column, query.direction, "same"),
	);
	if (query.pagesize !== undefined) {
		select = select.limit(query.pagesize).offset(((query.page ?? 1) - 1) * query.pagesize);
	}
	const [rows, count] = await Promise.all([
		select.execute(),
		db.selectFrom("charges").select(sql<number>`count(*)`.as("count")).where(where).executeTakeFirstOrThrow(),
	]);
	return { data: rows.map(toBlockedTransaction), total_count: Number(count.count) };
}

export async function summariseOutcomes(
	db: Kysely<Database>,
	dialect: DialectName,
	accountId: string,
	filters: FraudOutcomeFilters,
): Promise<{ count: number; total: number; currencies: string[] }> {
	const rows = await db
		.selectFrom("charges")
		.select([
			"currency",
			sql<number>`count(*)`.as("count"),
			sql<number>`coalesce(sum(amount), 0)`.as("total"),
		])
		.where(outcomeConditions(dialect, accountId, filters))
		.groupBy("currency")
		.orderBy("currency")
		.execute();
	return {
		count: rows.reduce((sum, row) => sum + Number(row.count), 0),
		total: rows.reduce((sum, row) => sum + Number(row.total), 0),
		currencies: rows.map((row) => row.currency),
	};
}

/** Suggestions among the outcomes of a status: order numbers, customers and payment ids. */
export async function outcomeSuggestions(
	db: Kysely<Database>,
	accountId: string,
	status: FraudOutcomeStatus,
	rawTerm: string,
): Promise<{ label: string; value: string }[]> {
	const term = rawTerm.trim().toLowerCase();
	const rows = await db
		.selectFrom("charges")
		.select(["order_id", "customer_name", "customer_email", "payment_intent_id"])
		.where("account_id", "=", accountId)
		.where("fraud_outcome", "=", status)
		.orderBy("created", "desc")
		.limit(1000)
		.execute();
	const found = new Map<string, string>();
	const offer = (label: string, value: string, text: string) => {
		if (found.size < 10 && !found.has(value) && text.toLowerCase().includes(term)) found.set(value, label);
	};
	for (const row of rows) {
		if (row.order_id !== null) offer(`Order #${row.order_id}`, `#${row.order_id}`, String(row.order_id));
		offer(row.customer_name, row.customer_name, row.customer_name);
		offer(row.customer_email, row.customer_email, row.customer_email);
		offer(row.payment_intent_id, row.payment_intent_id, row.payment_intent_id);
	}
	return [...found].map(([value, label]) => ({ label, value }));
}
