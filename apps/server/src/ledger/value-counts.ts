/**
 * How many balance transactions of an account fall in each narrow band of amount, fee and net,
 * per combination of the rollups' filterable columns (processor/rollup-dimensions.ts): what lets
 * a deep page of the transactions list sorted by one of them, under any filter the rollups answer,
 * skip whole bands instead of stepping over every index entry before it (OFFSET 975,000 reads
 * 975,000 entries). A band holds one value below 100 (minor units) and the values sharing their
 * first two significant digits above that (1,200 to 1,299; −1,299 to −1,200), so a band is at
 * most a few percent of its value wide and holds a small share of the ledger. A million
 * transactions make some 90,000 counts (30,000 per measure), as a band of amounts is paid by a
 * few customer countries, currencies and methods only.
 *
 * Kept like the rollups, and by the same calls: applyToRollups adds to it in the inserting
 * transaction, rebuildRollups recomputes it (processor/rollups.ts).
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { BalanceTransactionsTable, Database, TransactionValueCountsTable } from "../db/schema.ts";
import {
	DIMENSION_COLUMNS,
	ROLLUP_DIMENSIONS,
	type RollupDimension,
	STORED_DIMENSIONS_AS_COLUMNS,
	STORED_DIMENSIONS_SQL,
	storedDimensions,
} from "./rollup-dimensions.ts";

/** The sortable measures of a balance transaction, as their ledger columns are named. */
export const VALUE_MEASURES = ["amount", "fee", "net"] as const;
export type ValueMeasure = (typeof VALUE_MEASURES)[number];

/**
 * Bands are counted at two widths: coarse (one significant digit: 6,000 to 6,999) and fine (two:
 * 6,900 to 6,999), each fine band inside one coarse band. A deep page finds its coarse band among
 * a few thousand counts, then its fine band among the counts of that coarse band only, instead
 * of summing every fine count of the measure (30,000 at a million transactions).
 */
export type BandDigits = TransactionValueCountsTable["digits"];
export const COARSE: BandDigits = 1;
export const FINE: BandDigits = 2;

/** The width of a band of this many digits for a value of this magnitude: 1 below 10^digits. */
function bandWidth(magnitude: number, digits: BandDigits): number {
	return magnitude < 10 ** digits ? 1 : 10 ** (String(magnitude).length - digits);
}

/** The band of a value in minor units: its value nearest zero, truncating toward zero. */
export function valueBand(value: number, digits: BandDigits = FINE): number {
	const width = bandWidth(Math.abs(value), digits);
	return Math.trunc(value / width) * width || 0;
}

/** The smallest and largest value of a band. */
export function bandRange(band: number, digits: BandDigits = FINE): { low: number; high: number } {
	const width = bandWidth(Math.abs(band), digits);
	return band >= 0 ? { low: band, high: band + width - 1 } : { low: band - width + 1, high: band };
}

/** Bands wider than 10^15 minor units would be amounts no ledger holds. */
const LARGEST_DIGITS = 16;

/**
 * valueBand in SQL, for a rebuild from the ledger: integer division truncates toward zero on
 * both engines. Literals are inlined, not bound (better-sqlite3 binds numbers as reals).
 */
function bandSql(column: string, digits: BandDigits) {
	const whens = [`when abs(${column}) < ${10 ** digits} then ${column}`];
	for (let length = digits + 1; length <= LARGEST_DIGITS; length++) {
		const width = 10 ** (length - digits);
		whens.push(`when abs(${column}) < ${10 ** length} then ${column} / ${width} * ${width}`);
	}
	return sql.raw(`case ${whens.join(" ")} else ${column} end`);
}

/** What the counts need of a balance transaction. */
export type ValueSource = Pick<BalanceTransactionsTable, "account_id" | ValueMeasure | RollupDimension>;

const KEY = ["account_id", "measure", "digits", "band", ...ROLLUP_DIMENSIONS] as const;
const keyOf = (count: TransactionValueCountsTable) => KEY.map((column) => count[column]).join("\u0001");

export function valueCountRowsOf(rows: readonly ValueSource[]): TransactionValueCountsTable[] {
	const groups = new Map<string, TransactionValueCountsTable>();
	for (const row of rows) {
		const dimensions = storedDimensions(row);
		for (const measure of VALUE_MEASURES) {
			for (const digits of [COARSE, FINE]) {
				const count = {
					account_id: row.account_id,
					measure,
					digits,
					band: valueBand(row[measure], digits),
					...dimensions,
					count: 1,
				};
				const key = keyOf(count);
				const group = groups.get(key);
				if (group) group.count += 1;
				else groups.set(key, count);
			}
		}
	}
	return [...groups.values()];
}

/** Rows per INSERT: 15 parameters each, well under both engines' parameter limits. */
const UPSERT_CHUNK = 500;

/** Adds balance transactions to the counts, in the caller's transaction (see applyToRollups). */
export async function applyToValueCounts(db: Kysely<Database>, rows: readonly ValueSource[]): Promise<void> {
	const counts = valueCountRowsOf(rows);
	for (let start = 0; start < counts.length; start += UPSERT_CHUNK) {
		await db
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

/**
 * Recomputes an account's counts from its ledger, in the caller's transaction: one grouped scan
 * of the ledger by every fine band at once (a payment's fee and net bands follow from its
 * amount's, so a million transactions make some 50,000 groups), then each measure's fine and
 * coarse counts summed from those (a fine band lies inside one coarse band).
 */
export async function rebuildValueCounts(db: Kysely<Database>, accountId: string): Promise<void> {
	await db.deleteFrom("transaction_value_counts").where("account_id", "=", accountId).execute();
	const perMeasure = VALUE_MEASURES.flatMap((measure) =>
		[COARSE, FINE].map((digits) => {
			const band = digits === FINE ? sql.ref(`${measure}_band`) : bandSql(`${measure}_band`, digits);
			return sql`
				select account_id, ${sql.lit(measure)}, ${sql.lit(digits)}, ${band}, ${DIMENSION_COLUMNS}, sum(count)
				from banded group by account_id, ${band}, ${DIMENSION_COLUMNS}`;
		}),
	);
	await sql`
		with banded as (
			select account_id, ${bandSql("amount", FINE)} as amount_band, ${bandSql("fee", FINE)} as fee_band,
				${bandSql("net", FINE)} as net_band, ${STORED_DIMENSIONS_AS_COLUMNS}, count(*) as count
			from balance_transactions where account_id = ${accountId}
			group by account_id, amount_band, fee_band, net_band, ${STORED_DIMENSIONS_SQL})
		insert into transaction_value_counts (account_id, measure, digits, band, ${DIMENSION_COLUMNS}, count)
		${sql.join(perMeasure, sql` union all `)}`.execute(db);
}

/**
 * Counts per band of one measure among the transactions that meet `where` (conditions on the
 * dimension columns, as the rollups take them), in the order a list sorted by it reads them:
 * coarse bands, or the fine bands within one coarse band.
 */
export async function bandCounts(
	db: Kysely<Database>,
	accountId: string,
	measure: ValueMeasure,
	direction: "asc" | "desc",
	where: Expression<SqlBool>,
	within?: { coarse: number },
): Promise<{ band: number; count: number }[]> {
	const range = within ? bandRange(within.coarse, COARSE) : undefined;
	const rows = await db
		.selectFrom("transaction_value_counts")
		.select(["band", sql<number>`sum(count)`.as("count")])
		.where("account_id", "=", accountId)
		.where("measure", "=", measure)
		.where("digits", "=", range ? FINE : COARSE)
		.$if(range !== undefined, (query) =>
			query.where("band", ">=", range?.low ?? 0).where("band", "<=", range?.high ?? 0),
		)
		.where(where)
		.groupBy("band")
		.orderBy("band", direction)
		.execute();
	return rows.map((row) => ({ band: Number(row.band), count: Number(row.count) }));
}

/**
 * Whether any balance transaction of the account meets `where` (conditions on the dimension
 * columns), from its coarse amount counts, which hold every transaction once: one range of the
 * counts' key, never a read of the ledger. A filter value no transaction has (a country or a
 * payment method the store never saw) is known to match nothing before any list is read.
 */
export async function anyCounted(
	db: Kysely<Database>,
	accountId: string,
	where: Expression<SqlBool>,
): Promise<boolean> {
	const found = await db
		.selectFrom("transaction_value_counts")
		.select(sql<number>`1`.as("found"))
		.where("account_id", "=", accountId)
		.where("measure", "=", "amount")
		.where("digits", "=", COARSE)
		.where("count", ">", 0)
		.where(where)
		.limit(1)
		.executeTakeFirst();
	return found !== undefined;
}

/**
 * Bands whose counts disagree with the ledger (any measure or currency), for tests of code that
 * writes balance transactions; rollupDrift reports them with the rollups.
 */
export async function valueCountDrift(db: Kysely<Database>, accountId: string): Promise<number[]> {
	const ledger = await db
		.selectFrom("balance_transactions")
		.select(["account_id", "amount", "fee", "net", ...ROLLUP_DIMENSIONS])
		.where("account_id", "=", accountId)
		.execute();
	const expected = new Map<string, number>();
	const rows = ledger.map((entry) => ({
		...entry,
		amount: Number(entry.amount),
		fee: Number(entry.fee),
		net: Number(entry.net),
	}));
	for (const row of valueCountRowsOf(rows)) expected.set(keyOf(row), row.count);
	const counted = await db
		.selectFrom("transaction_value_counts")
		.selectAll()
		.where("account_id", "=", accountId)
		.execute();
	const drift = new Set<number>();
	for (const row of counted) {
		const stored = { ...row, digits: Number(row.digits) as BandDigits, band: Number(row.band) };
		const key = keyOf({ ...stored, risk_level: Number(row.risk_level) });
		if (expected.get(key) !== Number(row.count)) drift.add(stored.band);
		expected.delete(key);
	}
	for (const key of expected.keys()) drift.add(Number(key.split("\u0001")[3]));
	return [...drift].sort((a, b) => a - b);
}
