/**
 * Transaction counts and sums (the summary, and the list's total_count). When the filters allow
 * it, the range is read from transaction_rollups — the 360-day blocks that fit in it, then
 * 30-day blocks, then days at its ends — and only the partial first and last day (the range is
 * in the user's time zone, periods in UTC) from the ledger. Otherwise — search, a payout,
 * or an OR with a date — one filtered read of the ledger through the index that filter has,
 * unless the value counts show that nothing can match (matchesNothing).
 * Both paths give the same figures (test: apps/server/test/payments/transactions/rollups.test.ts).
 */
import type { TransactionFilters, TransactionsSummary } from "@paydesk/contract/transactions";
import { type Expression, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/connection.ts";
import { rollupCover } from "../../ledger/rollup-cover.ts";
import { ROLLUP_SPANS } from "../../ledger/rollups.ts";
import { anyCounted } from "../../ledger/value-counts.ts";
import {
	all,
	dateRange,
	dimensionConditions,
	ledgerConditions,
	requiredDimensionConditions,
	rollupEligible,
} from "./filters.ts";

export interface CurrencyTotals {
	currency: string;
	count: number;
	amount: number;
	fee: number;
	net: number;
}

const TOTALS = sql`count(*) as count, coalesce(sum(amount), 0) as amount, coalesce(sum(fee), 0) as fee, coalesce(sum(net), 0) as net`;
const ROLLUP_TOTALS = sql`sum(count) as count, sum(amount) as amount, sum(fee) as fee, sum(net) as net`;

async function grouped(
	db: Db,
	table: "balance_transactions" | "transaction_rollups",
	where: Expression<SqlBool>,
) {
	const result = await sql<CurrencyTotals>`
		select currency, ${table === "balance_transactions" ? TOTALS : ROLLUP_TOTALS}
		from ${sql.table(table)} where ${where} group by currency`.execute(db.kysely);
	return result.rows;
}

/** Periods of one span, [from, until) in UTC day numbers (a missing side is unbounded). */
function between(column: string, range: { from?: number; until?: number }): Expression<SqlBool>[] {
	const parts: Expression<SqlBool>[] = [];
	if (range.from !== undefined) parts.push(sql<SqlBool>`${sql.ref(column)} >= ${range.from}`);
	if (range.until !== undefined) parts.push(sql<SqlBool>`${sql.ref(column)} < ${range.until}`);
	return parts;
}

function merge(groups: readonly CurrencyTotals[][]): CurrencyTotals[] {
	const byCurrency = new Map<string, CurrencyTotals>();
	for (const row of groups.flat()) {
		const entry = byCurrency.get(row.currency) ?? {
			currency: row.currency,
			count: 0,
			amount: 0,
			fee: 0,
			net: 0,
		};
		entry.count += Number(row.count);
		entry.amount += Number(row.amount);
		entry.fee += Number(row.fee);
		entry.net += Number(row.net);
		byCurrency.set(row.currency, entry);
	}
	return [...byCurrency.values()]
		.filter((t) => t.count > 0)
		.sort((a, b) => a.currency.localeCompare(b.currency));
}

export interface TotalsOptions {
	/** Read everything from the ledger (tests compare both paths). */
	scanOnly?: boolean;
	/** The caller found that something may match (matchesNothing), so it is not asked again. */
	mayMatch?: boolean;
}

/**
 * Whether the value counts show that no transaction can match: a filter value the account has
 * no transaction with (customer_country_is=ZZ, a payment method it never took) is answered
 * without reading the ledger, where a walk down a list's index would read every row to find
 * none. False when the filters have no rolled-up condition every match must meet.
 */
export async function matchesNothing(
	db: Db,
	accountId: string,
	filters: TransactionFilters,
): Promise<boolean> {
	const required = requiredDimensionConditions(filters);
	if (required.length === 0) return false;
	return !(await anyCounted(db.kysely, accountId, all(required)));
}

/** Count and sums per store currency of the transactions matching the filters. */
export async function transactionTotals(
	db: Db,
	accountId: string,
	filters: TransactionFilters,
	timeZone: string,
	options: TotalsOptions = {},
): Promise<CurrencyTotals[]> {
	if (options.scanOnly || !rollupEligible(filters)) {
		if (!options.scanOnly && !options.mayMatch && (await matchesNothing(db, accountId, filters))) return [];
		return merge([
			await grouped(db, "balance_transactions", ledgerConditions(db.dialect, accountId, filters, timeZone)),
		]);
	}
	const base = [sql<SqlBool>`account_id = ${accountId}`, ...dimensionConditions(filters)];
	const { periods, edges } = rollupCover(dateRange(filters, timeZone));
	const parts: Promise<CurrencyTotals[]>[] = periods.map((period) =>
		grouped(
			db,
			"transaction_rollups",
			all([...base, sql<SqlBool>`span = ${sql.lit(period.span)}`, ...between("period", period)]),
		),
	);
	for (const edge of edges) {
		parts.push(grouped(db, "balance_transactions", all([...base, ...between("created", edge)])));
	}
	return merge(await Promise.all(parts));
}

/** Every store currency, customer currency and source the account has (filter choices). */
export async function transactionChoices(
	db: Db,
	accountId: string,
): Promise<{ storeCurrencies: string[]; customerCurrencies: string[]; sources: string[] }> {
	const rows = await db.kysely
		.selectFrom("transaction_rollups")
		.select(["currency", "customer_currency", "source"])
		.where("account_id", "=", accountId)
		// The coarsest span holds every transaction in the fewest rows.
		.where("span", "=", ROLLUP_SPANS[ROLLUP_SPANS.length - 1] ?? 1)
		.groupBy(["currency", "customer_currency", "source"])
		.execute();
	const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].sort();
	return {
		storeCurrencies: distinct(rows.map((row) => row.currency)),
		customerCurrencies: distinct(rows.map((row) => row.customer_currency)),
		sources: distinct(rows.map((row) => row.source)),
	};
}

export async function summariseTransactions(
	db: Db,
	accountId: string,
	filters: TransactionFilters,
	timeZone: string,
	defaultCurrency: string,
	options: TotalsOptions = {},
): Promise<TransactionsSummary> {
	const [totals, choices] = await Promise.all([
		transactionTotals(db, accountId, filters, timeZone, options),
		transactionChoices(db, accountId),
	]);
	const sum = (key: "count" | "amount" | "fee" | "net") => totals.reduce((total, row) => total + row[key], 0);
	const single = totals.length === 1 ? (totals[0]?.currency ?? null) : null;
	return {
		count: sum("count"),
		total: sum("amount"),
		fees: sum("fee"),
		net: sum("net"),
		currency: totals.length === 0 ? (filters.store_currency_is ?? defaultCurrency) : single,
		store_currencies: choices.storeCurrencies.length > 0 ? choices.storeCurrencies : [defaultCurrency],
		customer_currencies: choices.customerCurrencies,
		sources: choices.sources,
	};
}
