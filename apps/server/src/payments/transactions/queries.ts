/**
 * The transactions list and its export. A page is found on the index of its sort alone (ids
 * only, so skipping to page 400 reads index entries, not rows), then joined to its order (for
 * subscriptions) and its payout (for deposit_status) in the same query — no query per row.
 * Exports walk the same order by keyset (export-rows.ts).
 */

import { dateRulesOf } from "@paydesk/contract/list";
import type {
	Transaction,
	TransactionListQuery,
	TransactionSort,
	TransactionSortedQuery,
} from "@paydesk/contract/transactions";
import { orderEditUrl } from "@paydesk/domain/refunds";
import { customerPaymentsUrl } from "@paydesk/domain/transactions";
import { type AliasedSelectQueryBuilder, type Expression, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/connection.ts";
import type { BalanceTransactionsTable } from "../../db/schema.ts";
import { subscriptionsOf } from "../../ledger/order-details.ts";
import { DAY_SECONDS } from "../../ledger/rollups.ts";
import { bandCounts, bandRange, type ValueMeasure } from "../../ledger/value-counts.ts";
import { type ListOrder, listOrder, orderRows, reversedOrder } from "../../lists/list-sql.ts";
import { all, dimensionConditions, ledgerConditions, rollupEligible } from "./filters.ts";
import { matchesNothing, transactionTotals } from "./summary.ts";

/** A balance transaction with what the list shows of its order and payout. */
export interface LedgerRow extends BalanceTransactionsTable {
	order_subscriptions: string | null;
	deposit_status: string | null;
	deposit_type: string | null;
	deposit_date: number | null;
}

/**
 * Sort columns and their tie-break: balance_transactions_created (account_id, created desc, id)
 * gives "created desc, id asc"; the amount, fee and net indexes end in "id" ascending.
 */
export type TransactionSortColumn = "created" | "amount" | "fee" | "net";
const SORT_COLUMNS: Record<TransactionSort, [column: TransactionSortColumn, tieBreak: "same" | "opposite"]> =
	{
		date: ["created", "opposite"],
		amount: ["amount", "same"],
		fees: ["fee", "same"],
		net: ["net", "same"],
	};

export function transactionOrder(query: Pick<TransactionSortedQuery, "sort" | "direction">): ListOrder {
	const [column, tieBreak] = SORT_COLUMNS[query.sort];
	return listOrder(column, query.direction, tieBreak);
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The REST shape of a transaction row (spec 2 §3). */
export function toTransaction(row: LedgerRow): Transaction {
	const subscriptions = subscriptionsOf(row.order_subscriptions);
	return {
		transaction_id: row.id,
		charge_id: row.charge_id,
		payment_intent_id: row.payment_intent_id,
		date: iso(row.created),
		type: row.type,
		channel: row.channel,
		source: row.source,
		source_identifier: row.source_identifier,
		source_device: row.source_device,
		currency: row.currency,
		amount: row.amount,
		customer_currency: row.customer_currency,
		customer_amount: row.customer_amount,
		fees: row.fee,
		net: row.net,
		risk_level: row.risk_level,
		order:
			row.order_id === null
				? null
				: {
						number: row.order_number ?? String(row.order_id),
						url: orderEditUrl(row.order_id),
						customer_url: row.customer_email ? customerPaymentsUrl(row.customer_email) : null,
						subscriptions: subscriptions
							.filter((s) => s.number !== undefined && s.number !== null)
							.map((s) => ({ number: String(s.number), url: orderEditUrl(String(s.number)) })),
					},
		customer_name: row.customer_name,
		customer_email: row.customer_email,
		customer_country: row.customer_country,
		deposit_id: row.deposit_id,
		deposit_status: row.deposit_status,
		available_on: iso(row.available_on),
		loan_id: row.loan_id,
		metadata: { charge_type: row.type === "card_reader_fee" ? "card_reader_fee" : null },
	};
}

/** A page's ids, as the subquery `page`. */
type PageIds = AliasedSelectQueryBuilder<{ id: string }, "page">;

/**
 * Rows of a page of ids (kept in their order), with their order and payout joined. The page is
 * CROSS JOINed so that SQLite reads it first (an inner join lets its planner walk the whole
 * ledger in date order instead); PostgreSQL plans it as the inner join it is.
 */
function withDetails(db: Db, accountId: string, page: PageIds, order: ListOrder) {
	return db.kysely
		.selectFrom(page)
		.crossJoin("balance_transactions as bt")
		.leftJoin("orders as o", (join) =>
			join.onRef("o.id", "=", "bt.order_id").on("o.account_id", "=", accountId),
		)
		.leftJoin("payouts as p", (join) =>
			join.onRef("p.id", "=", "bt.deposit_id").on("p.account_id", "=", accountId),
		)
		.selectAll("bt")
		.select([
			"o.subscriptions as order_subscriptions",
			"p.status as deposit_status",
			"p.type as deposit_type",
			"p.date as deposit_date",
		])
		.where("bt.account_id", "=", accountId)
		.whereRef("bt.id", "=", "page.id")
		.orderBy(sql.ref(`bt.${order.column}`), order.direction)
		.orderBy("bt.id", order.idDirection);
}

/** Ids of the matching transactions in list order (exposed so a test can read its plan). */
export function orderedIds(
	db: Db,
	accountId: string,
	query: TransactionSortedQuery,
	timeZone: string,
	seek?: Expression<SqlBool>,
	order: ListOrder = transactionOrder(query),
) {
	let select = db.kysely
		.selectFrom("balance_transactions")
		.select("id")
		.where(ledgerConditions(db.dialect, accountId, query, timeZone));
	if (seek) select = select.where(seek);
	return orderRows(select, order);
}

/** Pages deeper than this many rows skip whole days through the rollups (dateSeek). */
export const DEEP_OFFSET = 2_000;

/**
 * Whether a page is found through the counts (dateSeek, valueSeek): a deep page, or any page of
 * a filtered list, whose rows may all lie far along the list's order (a loan's in its repayment
 * months, a payment method's in the months it was offered), where a walk down the list's index
 * from its start would read every row before them.
 */
const seeks = (query: TransactionListQuery, offset: number) =>
	offset >= DEEP_OFFSET || dimensionConditions(query).length > 0;

/**
 * A page in date order without reading the rows before it: the day rollups say how many
 * matching transactions each UTC day holds, so whole days (30-day blocks first, then days) are
 * skipped by a date bound and only the rows of the page's own day are skipped by OFFSET. Every
 * row of a skipped day sorts before every row of a later one (ties are broken by id within the
 * same second only), so the page is the one OFFSET would give. Only for filters the rollups
 * answer exactly: no search or payout, and no date rules (whose ends cut days in two).
 */
async function dateSeek(
	db: Db,
	accountId: string,
	query: TransactionListQuery,
	offset: number,
): Promise<Seek | null> {
	if (query.sort !== "date" || !seeks(query, offset)) return null;
	if (!rollupEligible(query) || dateRulesOf(query).length > 0) return null;
	const newestFirst = query.direction === "desc";
	const base = [sql<SqlBool>`account_id = ${accountId}`, ...dimensionConditions(query)];
	const counts = async (span: number, within?: number) => {
		const rows = await db.kysely
			.selectFrom("transaction_rollups")
			.select(["period", sql<number>`sum(count)`.as("count")])
			.where(all([...base, sql<SqlBool>`span = ${sql.lit(span)}`]))
			.$if(within !== undefined, (q) =>
				q.where("period", ">=", within ?? 0).where("period", "<", (within ?? 0) + BLOCK_DAYS),
			)
			.groupBy("period")
			.orderBy("period", newestFirst ? "desc" : "asc")
			.execute();
		return rows.map((row) => ({ period: Number(row.period), count: Number(row.count) }));
	};
	const block = firstBeyond(await counts(BLOCK_DAYS), offset);
	if (!block) return null;
	const day = firstBeyond(await counts(1, block.key.period), offset - block.skipped);
	if (!day) return null;
	const skipped = block.skipped + day.skipped;
	const bound = newestFirst
		? sql<SqlBool>`created < ${(day.key.period + 1) * DAY_SECONDS}`
		: sql<SqlBool>`created >= ${day.key.period * DAY_SECONDS}`;
	return { bound, offset: offset - skipped };
}

/**
 * The entry, of counts in list order, that holds the row `skip` rows in, and how many rows the
 * entries before it hold (what dateSeek and valueSeek leave to a bound instead of OFFSET).
 */
function firstBeyond<T extends { count: number }>(
	entries: readonly T[],
	skip: number,
): { key: T; skipped: number } | null {
	let skipped = 0;
	for (const entry of entries) {
		if (skipped + entry.count > skip) return { key: entry, skipped };
		skipped += entry.count;
	}
	return null;
}

/** The rollup span whose blocks dateSeek walks first. */
const BLOCK_DAYS = 30;

/** The ledger column of each sort that value bands count (processor/value-counts.ts). */
const SORT_MEASURES: Partial<Record<TransactionSort, ValueMeasure>> = {
	amount: "amount",
	fees: "fee",
	net: "net",
};

/**
 * A page sorted by amount, fee or net without reading the rows before it: the value counts
 * say how many matching transactions each band of values holds, so whole bands are skipped by a
 * bound on the column and only the rows of the page's own band by OFFSET. Every value of a
 * skipped band sorts before every value of a later one, so the page is the one OFFSET would give.
 * The coarse band is found first, then the fine band within it (processor/value-counts.ts). The
 * counts are keyed by the rollups' columns, so this is for every filter dateSeek takes: no search
 * or payout, and no date rules (the counts do not know dates).
 */
async function valueSeek(
	db: Db,
	accountId: string,
	query: TransactionListQuery,
	offset: number,
): Promise<Seek | null> {
	const measure = SORT_MEASURES[query.sort];
	if (!measure || !seeks(query, offset)) return null;
	if (!rollupEligible(query) || dateRulesOf(query).length > 0) return null;
	const matching = all(dimensionConditions(query));
	const counts = (within?: { coarse: number }) =>
		bandCounts(db.kysely, accountId, measure, query.direction, matching, within);
	const coarse = firstBeyond(await counts(), offset);
	if (!coarse) return null;
	const fine = firstBeyond(await counts({ coarse: coarse.key.band }), offset - coarse.skipped);
	if (!fine) return null;
	const { low, high } = bandRange(fine.key.band);
	const value = sql.ref(measure);
	const ascending = query.direction === "asc";
	return {
		bound: ascending ? sql<SqlBool>`${value} >= ${low}` : sql<SqlBool>`${value} <= ${high}`,
		offset: offset - coarse.skipped - fine.skipped,
		band: {
			within: sql<SqlBool>`(${value} >= ${low} and ${value} <= ${high})`,
			beyond: ascending ? sql<SqlBool>`${value} > ${high}` : sql<SqlBool>`${value} < ${low}`,
			count: fine.key.count,
		},
	};
}

/** Where a deep page starts: past `bound`, after `offset` more matching rows (dateSeek, valueSeek). */
interface Seek {
	bound: Expression<SqlBool>;
	offset: number;
	/** The band the page starts in (valueSeek): its rows, those after it, and how many match. */
	band?: { within: Expression<SqlBool>; beyond: Expression<SqlBool>; count: number };
}

/**
 * The ids of a page. Past a seek, the rows of the page's band before it are stepped over, or,
 * when more of them lie before the page than after it, the band is read from its end (a band
 * of a popular price can hold thousands of rows, each read to test a filter the index lacks);
 * the rows after the band complete a page that runs past it.
 */
function pageIds(
	db: Db,
	accountId: string,
	query: TransactionListQuery,
	timeZone: string,
	offset: number,
	seek: Seek | null,
): PageIds {
	const ids = (bound?: Expression<SqlBool>, order?: ListOrder) =>
		orderedIds(db, accountId, query, timeZone, bound, order);
	if (!seek) return ids().limit(query.pagesize).offset(offset).as("page");
	const { band } = seek;
	if (!band || seek.offset <= band.count / 2)
		return ids(seek.bound).limit(query.pagesize).offset(seek.offset).as("page");
	const inBand = Math.min(query.pagesize, band.count - seek.offset);
	const tail = ids(band.within, reversedOrder(transactionOrder(query)))
		.limit(inBand)
		.offset(band.count - seek.offset - inBand);
	const next = ids(band.beyond).limit(Math.max(0, query.pagesize - inBand));
	return db.kysely
		.selectFrom(tail.as("tail"))
		.select("id")
		.unionAll(db.kysely.selectFrom(next.as("next")).select("id"))
		.as("page");
}

/** A search matching at most this many transactions is read whole and sorted (listTransactions). */
const FEW_MATCHES = 2_000;

/**
 * A page of the list, and how many transactions match. A filter the value counts show to match
 * nothing is answered empty at once (matchesNothing). A page a seek finds, or a shallow one,
 * is read down the list's index. Other pages are read once the total is known: a deep page no
 * seek applies to (filters the rollups or bands cannot count, such as a search or a date range
 * sorted by amount) from whichever end of the order is nearer, so the rows stepped over are at
 * most half the matching ones; and any page of a search that matches few rows from those rows
 * alone, sorted: a search finds its rows through indexes (ids, order numbers, customer terms),
 * but a walk down the list's index for its first page reads the whole ledger when a handful
 * match (a payment intent's two rows: 780 ms on PostgreSQL at a million transactions, whose
 * planner expects thousands).
 */
export async function listTransactions(
	db: Db,
	accountId: string,
	query: TransactionListQuery,
	timeZone: string,
): Promise<{ data: Transaction[]; total_count: number }> {
	if (await matchesNothing(db, accountId, query)) return { data: [], total_count: 0 };
	const order = transactionOrder(query);
	const offset = (query.page - 1) * query.pagesize;
	const seek =
		(await dateSeek(db, accountId, query, offset)) ?? (await valueSeek(db, accountId, query, offset));
	const searched = query.search !== undefined && query.search.length > 0;
	if (seek || (offset < DEEP_OFFSET && !searched)) {
		const [rows, totals] = await Promise.all([
			withDetails(db, accountId, pageIds(db, accountId, query, timeZone, offset, seek), order).execute(),
			transactionTotals(db, accountId, query, timeZone, { mayMatch: true }),
		]);
		return { data: rows.map((row) => toTransaction(row as LedgerRow)), total_count: countOf(totals) };
	}
	const total = countOf(await transactionTotals(db, accountId, query, timeZone, { mayMatch: true }));
	const after = total - offset;
	if (after <= 0) return { data: [], total_count: total };
	if (searched && total <= FEW_MATCHES) {
		const ids = matchesSorted(db, accountId, query, timeZone).limit(query.pagesize).offset(offset);
		const rows = await withDetails(db, accountId, ids.as("page"), order).execute();
		return { data: rows.map((row) => toTransaction(row as LedgerRow)), total_count: total };
	}
	const fromEnd = offset >= DEEP_OFFSET && after < offset;
	const read = fromEnd ? reversedOrder(order) : order;
	const size = Math.min(query.pagesize, after);
	const ids = orderedIds(db, accountId, query, timeZone, undefined, read)
		.limit(size)
		.offset(fromEnd ? after - size : offset);
	const rows = await withDetails(db, accountId, ids.as("page"), read).execute();
	if (fromEnd) rows.reverse();
	return { data: rows.map((row) => toTransaction(row as LedgerRow)), total_count: total };
}

const countOf = (totals: readonly { count: number }[]) => totals.reduce((count, row) => count + row.count, 0);

/**
 * The ids of every matching transaction, read whole (a materialized CTE: the planner may not
 * walk the list's index for the first rows instead), then sorted in list order.
 */
function matchesSorted(db: Db, accountId: string, query: TransactionListQuery, timeZone: string) {
	const order = transactionOrder(query);
	return db.kysely
		.with(
			(cte) => cte("matches").materialized(),
			(kysely) =>
				kysely
					.selectFrom("balance_transactions")
					.select(["id", sql.ref<number>(order.column).as("sort_value")])
					.where(ledgerConditions(db.dialect, accountId, query, timeZone)),
		)
		.selectFrom("matches")
		.select("id")
		.orderBy("sort_value", order.direction)
		.orderBy("id", order.idDirection);
}
