/**
 * How many balance transactions of an account fall in each narrow band of amount, fee and net,
 * per balance currency and type: what lets a deep page of the transactions list sorted by one of them
 * skip whole bands instead of stepping over every index entry before it (OFFSET 975,000 reads
 * 975,000 entries). A band holds one value below 100 (minor units) and the values sharing their
 * first two significant digits above that (1,200 to 1,299; −1,299 to −1,200), so a band is at
 * most a few percent of its value wide and holds a small share of the ledger.
 *
 * Kept like the rollups, and by the same calls: applyToRollups adds to it in the inserting
 * transaction, rebuildRollups recomputes it (processor/rollups.ts).
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** The sortable measures of a balance transaction, as their ledger columns are named. */
export const VALUE_MEASURES = ["amount", "fee", "net"] as const;
export type ValueMeasure = (typeof VALUE_MEASURES)[number];

export interface TransactionValueCountsTable {
	account_id: string;
	measure: ValueMeasure;
	/** The balance currency (the ledger's `currency`, what store_currency_is filters). */
	currency: string;
	/** The transaction's type (what type_is, type_is_not and type_is_in filter). */
	type: string;
	/** The band's value nearest zero (see valueBand). */
	band: number;
	count: number;
}

export type ValueCountsDatabase = Database & { transaction_value_counts: TransactionValueCountsTable };

/** The table as Kysely sees it (kept out of db/schema.ts: only this module writes it). */
export function withValueCounts(db: Kysely<Database>): Kysely<ValueCountsDatabase> {
	return db.withTables<{ transaction_value_counts: TransactionValueCountsTable }>();
}

/** Values below this (in magnitude) are bands of their own. */
const EXACT_BELOW = 100;

/** The width of the band a value of this magnitude falls in: 1 below 100, else 10^(digits − 2). */
function bandWidth(magnitude: number): number {
	return magnitude < EXACT_BELOW ? 1 : 10 ** (String(magnitude).length - 2);
}

/** The band of a value in minor units: its value nearest zero, truncating toward zero. */
export function valueBand(value: number): number {
	const width = bandWidth(Math.abs(value));
	return Math.trunc(value / width) * width || 0;
}

/** The smallest and largest value of a band. */
export function bandRange(band: number): { low: number; high: number } {
	const width = bandWidth(Math.abs(band));
	return band >= 0 ? { low: band, high: band + width - 1 } : { low: band - width + 1, high: band };
}

/** Bands wider than 10^15 minor units would be amounts no ledger holds. */
const LARGEST_DIGITS = 16;

/**
 * valueBand in SQL, for a rebuild from the ledger: integer division truncates toward zero on
 * both engines. Literals are inlined, not bound (better-sqlite3 binds numbers as reals).
 */
function bandSql(column: ValueMeasure) {
	const whens = [`when abs(${column}) < ${EXACT_BELOW} then ${column}`];
	for (let digits = 3; digits <= LARGEST_DIGITS; digits++) {
		const width = 10 ** (digits - 2);
		whens.push(`when abs(${column}) < ${10 ** digits} then ${column} / ${width} * ${width}`);
	}
	return sql.raw(`case ${whens.join(" ")} else ${column} end`);
}

/** What the counts need of a balance transaction. */
export type ValueSource = { account_id: string; currency: string; type: string } & Record<
	ValueMeasure,
	number
>;

export function valueCountRowsOf(rows: readonly ValueSource[]): TransactionValueCountsTable[] {
	const groups = new Map<string, TransactionValueCountsTable>();
	for (const row of rows) {
		for (const measure of VALUE_MEASURES) {
			const band = valueBand(row[measure]);
			const key = [row.account_id, measure, row.currency, row.type, band].join("\u0001");
			const group = groups.get(key);
			if (group) group.count += 1;
			else
				groups.set(key, {
					account_id: row.account_id,
					measure,
					currency: row.currency,
					type: row.type,
					band,
					count: 1,
				});
		}
	}
	return [...groups.values()];
}

const UPSERT_CHUNK = 1_000;
const KEY = ["account_id", "measure", "currency", "type", "band"] as const;

/** Adds balance transactions to the counts, in the caller's transaction (see applyToRollups). */
export async function applyToValueCounts(db: Kysely<Database>, rows: readonly ValueSource[]): Promise<void> {
	const counts = valueCountRowsOf(rows);
	const kysely = withValueCounts(db);
	for (let start = 0; start < counts.length; start += UPSERT_CHUNK) {
		await kysely
			.insertInto("transaction_value_counts")
			.values(counts.slice(start, start + UPSERT_CHUNK))
			.onConflict((conflict) =>
				conflict
					.columns([...KEY])
					.doUpdateSet({ count: sql`transaction_value_counts.count + excluded.count` }),
			)
			.execute();
	}
}

/** Recomputes an account's counts from its ledger, in the caller's transaction. */
export async function rebuildValueCounts(db: Kysely<Database>, accountId: string): Promise<void> {
	await withValueCounts(db)
		.deleteFrom("transaction_value_counts")
		.where("account_id", "=", accountId)
		.execute();
	for (const measure of VALUE_MEASURES) {
		const band = bandSql(measure);
		await sql`
			insert into transaction_value_counts (account_id, measure, currency, type, band, count)
			select account_id, ${measure}, currency, type, ${band}, count(*)
			from balance_transactions where account_id = ${accountId}
			group by account_id, currency, type, ${band}`.execute(db);
	}
}

/** Which rows value bands may count: a balance currency and the types kept (all when absent). */
export interface BandScope {
	currency?: string;
	types?: { in: readonly string[] } | { notIn: readonly string[] };
}

/** Counts per band of one measure, in the order a list sorted by it reads them. */
export async function bandCounts(
	db: Kysely<Database>,
	accountId: string,
	measure: ValueMeasure,
	direction: "asc" | "desc",
	scope: BandScope = {},
): Promise<{ band: number; count: number }[]> {
	const { currency, types } = scope;
	const rows = await withValueCounts(db)
		.selectFrom("transaction_value_counts")
		.select(["band", sql<number>`sum(count)`.as("count")])
		.where("account_id", "=", accountId)
		.where("measure", "=", measure)
		.$if(currency !== undefined, (query) => query.where("currency", "=", currency ?? ""))
		.$if(types !== undefined && "in" in types, (query) =>
			query.where("type", "in", types && "in" in types ? [...types.in] : []),
		)
		.$if(types !== undefined && "notIn" in types, (query) =>
			query.where("type", "not in", types && "notIn" in types ? [...types.notIn] : []),
		)
		.groupBy("band")
		.orderBy("band", direction)
		.execute();
	return rows.map((row) => ({ band: Number(row.band), count: Number(row.count) }));
}

/**
 * Bands whose counts disagree with the ledger (any measure or currency), for tests of code that
 * writes balance transactions; rollupDrift reports them with the rollups.
 */
export async function valueCountDrift(db: Kysely<Database>, accountId: string): Promise<number[]> {
	const ledger = await db
		.selectFrom("balance_transactions")
		.select(["account_id", "currency", "type", "amount", "fee", "net"])
		.where("account_id", "=", accountId)
		.execute();
	const expected = new Map<string, number>();
	for (const row of valueCountRowsOf(
		ledger.map((entry) => ({
			...entry,
			amount: Number(entry.amount),
			fee: Number(entry.fee),
			net: Number(entry.net),
		})),
	))
		expected.set(`${row.measure}|${row.currency}|${row.type}|${row.band}`, row.count);
	const counted = await withValueCounts(db)
		.selectFrom("transaction_value_counts")
		.select(["measure", "currency", "type", "band", "count"])
		.where("account_id", "=", accountId)
		.execute();
	const drift = new Set<number>();
	for (const row of counted) {
		const key = `${row.measure}|${row.currency}|${row.type}|${Number(row.band)}`;
		if (expected.get(key) !== Number(row.count)) drift.add(Number(row.band));
		expected.delete(key);
	}
	for (const key of expected.keys()) drift.add(Number(key.split("|")[3]));
	return [...drift].sort((a, b) => a - b);
}
