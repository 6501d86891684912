/**
 * Payout queries. Every filter is SQL; a page is one query plus one count, ordered the way the
 * payouts_date (account_id, date desc, id) and payouts_amount (account_id, amount, id) indexes
 * read; exports walk the same order by keyset (list-sql.ts).
 */
import type { DepositFilters, DepositSortedQuery, Payout } from "@paydesk/contract/deposits";
import { type PayoutRuleField, payoutList } from "@paydesk/contract/payout-list";
import type { PayoutStatus, PayoutType } from "@paydesk/domain/payouts";
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Database, PayoutsTable } from "../../db/schema.ts";
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

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The REST shape of a payout (spec 2 §3; dates as ISO strings in UTC). */
export function toPayout(row: PayoutsTable): Payout {
	return {
		id: row.id,
		type: row.type as PayoutType,
		method: row.method === "instant" ? "instant" : "standard",
		automatic: row.automatic === 1,
		status: row.status as PayoutStatus,
		date: iso(row.date),
		created: iso(row.created),
		amount: row.amount,
		fee: row.fee,
		fee_percentage: row.fee_percentage,
		currency: row.currency,
		bankAccount: row.bank_account,
		bank_reference_key: row.bank_reference_key,
		failure_code: row.failure_code,
		failure_message: row.failure_message,
	};
}

type PayoutsBuilder = ExpressionBuilder<Database, "payouts">;

/** The column of payouts each value filter of the list's declaration reads. */
const FILTER_COLUMNS: Readonly<Record<PayoutRuleField, keyof PayoutsTable & string>> = {
	status: "status",
};

/** The WHERE of a filtered payout list; date rules are read in `timeZone`. */
export function payoutConditions(accountId: string, filters: DepositFilters, timeZone: string) {
	return (eb: PayoutsBuilder): Expression<SqlBool> => {
		const rules = [
			...dateRuleConditions("date", filters, timeZone),
			...valueRuleConditions(payoutList.ruleParams, FILTER_COLUMNS, filters),
		];
		const parts: Expression<SqlBool>[] = [eb("account_id", "=", accountId)];
		if (filters.store_currency_is) parts.push(eb("currency", "=", filters.store_currency_is));
		const advanced = combineRules(eb, filters.match, rules);
		if (advanced) parts.push(advanced);
		return eb.and(parts);
	};
}

/** Date sorts follow payouts_date (tie-break reversed); amount sorts follow payouts_amount. */
export function payoutOrder(query: Pick<DepositSortedQuery, "sort" | "direction">): ListOrder {
	return query.sort === "amount"
		? listOrder("amount", query.direction, "same")
		: listOrder("date", query.direction, "opposite");
}

type PageQuery = DepositSortedQuery & { page: number; pagesize: number };

/** One page of payouts, in index order (exposed so a test can check the query plan). */
export function payoutPage(db: Kysely<Database>, accountId: string, query: PageQuery, timeZone: string) {
	const where = payoutConditions(accountId, query, timeZone);
	return orderRows(db.selectFrom("payouts").selectAll().where(where), payoutOrder(query))
		.limit(query.pagesize)
		.offset((query.page - 1) * query.pagesize);
}

export async function listPayouts(
	db: Kysely<Database>,
	accountId: string,
	query: PageQuery,
	timeZone: string,
): Promise<{ data: Payout[]; total_count: number }> {
	const rows = await payoutPage(db, accountId, query, timeZone).execute();
	const count = await db
		.selectFrom("payouts")
		.select(sql<number>`count(*)`.as("count"))
		.where(payoutConditions(accountId, query, timeZone))
		.executeTakeFirstOrThrow();
	return { data: rows.map(toPayout), total_count: Number(count.count) };
}

/** Distinct payout currencies of the account (the currency filter shows with two or more). */
export async function payoutCurrencies(db: Kysely<Database>, accountId: string): Promise<string[]> {
	const rows = await db
		.selectFrom("payouts")
		.select("currency")
		.distinct()
		.where("account_id", "=", accountId)
		.orderBy("currency")
		.execute();
	return rows.map((row) => row.currency);
}

export async function summarisePayouts(
	db: Kysely<Database>,
	accountId: string,
	filters: DepositFilters,
	timeZone: string,
	defaultCurrency: string,
): Promise<{ count: number; total: number; currency: string | null; store_currencies: string[] }> {
	const row = await db
		.selectFrom("payouts")
		.select([
			sql<number>`count(*)`.as("count"),
			sql<number>`coalesce(sum(amount), 0)`.as("total"),
			sql<string | null>`min(currency)`.as("low"),
			sql<string | null>`max(currency)`.as("high"),
		])
		.where(payoutConditions(accountId, filters, timeZone))
		.executeTakeFirstOrThrow();
	const storeCurrencies = await payoutCurrencies(db, accountId);
	const single = row.low !== null && row.low === row.high ? row.low : null;
	const currency =
		Number(row.count) === 0 ? (filters.store_currency_is ?? defaultCurrency) : (single ?? null);
	return {
		count: Number(row.count),
		total: Number(row.total),
		currency,
		store_currencies: storeCurrencies.length > 0 ? storeCurrencies : [defaultCurrency],
	};
}

export async function findPayout(
	db: Kysely<Database>,
	accountId: string,
	id: string,
): Promise<PayoutsTable | undefined> {
	return db
		.selectFrom("payouts")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}

/** Every matching payout in the list's order, in keyset batches (exports). */
export function payoutBatches(
	db: Kysely<Database>,
	accountId: string,
	query: DepositSortedQuery,
	timeZone: string,
): AsyncGenerator<PayoutsTable[]> {
	const order = payoutOrder(query);
	const where = payoutConditions(accountId, query, timeZone);
	return keysetBatches(
		(after, limit) => {
			let select = db.selectFrom("payouts").selectAll().where(where);
			if (after) select = select.where(afterCursor(order, after));
			return orderRows(select, order).limit(limit).execute();
		},
		(row) => ({ value: order.column === "amount" ? row.amount : row.date, id: row.id }),
	);
}
