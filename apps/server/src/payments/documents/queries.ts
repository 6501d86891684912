/**
 * Document queries: the list pages through documents_date (account_id, date desc, id) with the
 * shared date rules and match semantics; the summary counts the same WHERE.
 */
import { type DocumentRuleField, documentList } from "@paydesk/contract/document-list";
import type { DocumentFilters, DocumentListQuery, PaymentDocument } from "@paydesk/contract/documents";
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Database, DocumentsTable } from "../../db/schema.ts";
import { combineRules, dateRuleConditions, listOrder, orderRows } from "../../lists/list-sql.ts";
import { valueRuleConditions } from "../../lists/value-rules.ts";

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export function toDocument(row: DocumentsTable): PaymentDocument {
	return {
		document_id: row.id,
		type: row.type,
		date: iso(row.date),
		period_from: row.period_from === null ? null : iso(row.period_from),
		period_to: row.period_to === null ? null : iso(row.period_to),
	};
}

type DocumentsBuilder = ExpressionBuilder<Database, "documents">;

/** The column of documents each value filter of the list's declaration reads. */
const FILTER_COLUMNS: Readonly<Record<DocumentRuleField, keyof DocumentsTable & string>> = {
	type: "type",
};

export function documentConditions(accountId: string, filters: DocumentFilters, timeZone: string) {
	return (eb: DocumentsBuilder): Expression<SqlBool> => {
		const rules = [
			...dateRuleConditions("date", filters, timeZone),
			...valueRuleConditions(documentList.ruleParams, FILTER_COLUMNS, filters),
		];
		const parts: Expression<SqlBool>[] = [eb("account_id", "=", accountId)];
		const advanced = combineRules(eb, filters.match, rules);
		if (advanced) parts.push(advanced);
		return eb.and(parts);
	};
}

export async function listDocumentsPage(
	db: Kysely<Database>,
	accountId: string,
	query: DocumentListQuery,
	timeZone: string,
): Promise<{ data: PaymentDocument[]; total_count: number }> {
	const where = documentConditions(accountId, query, timeZone);
	// documents_date serves "date desc, id asc" and, read backwards, "date asc, id desc".
	const rows = await orderRows(
		db.selectFrom("documents").selectAll().where(where),
		listOrder("date", query.direction, "opposite"),
	)
		.limit(query.pagesize)
		.offset((query.page - 1) * query.pagesize)
		.execute();
	const { count } = await countDocuments(db, accountId, query, timeZone);
	return { data: rows.map(toDocument), total_count: count };
}

export async function countDocuments(
	db: Kysely<Database>,
	accountId: string,
	filters: DocumentFilters,
	timeZone: string,
): Promise<{ count: number }> {
	const row = await db
		.selectFrom("documents")
		.select(sql<number>`count(*)`.as("count"))
		.where(documentConditions(accountId, filters, timeZone))
		.executeTakeFirstOrThrow();
	return { count: Number(row.count) };
}

export async function findDocument(
	db: Kysely<Database>,
	accountId: string,
	id: string,
): Promise<DocumentsTable | undefined> {
	return db
		.selectFrom("documents")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}

/** Fees the ledger charged in [from, to] (epoch seconds, inclusive), per currency. */
export async function feesCharged(
	db: Kysely<Database>,
	accountId: string,
	from: number,
	to: number,
): Promise<{ currency: string; amount: number }[]> {
	const rows = await db
		.selectFrom("balance_transactions")
		.select(["currency", sql<number>`coalesce(sum(fee), 0)`.as("amount")])
		.where("account_id", "=", accountId)
		.where("created", ">=", from)
		.where("created", "<=", to)
		.groupBy("currency")
		.orderBy("currency")
		.execute();
	return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}
