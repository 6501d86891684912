/**
 * Value bands for every filter the rollups answer: transaction_value_counts is keyed by
 * the rollups' filterable columns besides the balance currency and type, so a deep page sorted
 * by amount, fee or net skips whole bands under any of those filters (customer country, risk
 * level, method, channel, device, customer currency, loan) instead of stepping over every row
 * before it: the middle page of customer_country_is_not=FR by amount read half a million rows
 * (1.1 s on SQLite at a million transactions). Empty values are stored as the rollups store them,
 * '' and -1, so the list's filters read both tables alike. Bands are counted at two widths (digits):
 * coarse, one significant digit, and fine, two, each inside one coarse band, so a deep page sums a
 * few thousand coarse counts and then the fine counts of one coarse band, not every fine count of
 * its measure. A million transactions make some 110,000 counts; on SQLite the table is WITHOUT
 * ROWID, its key being the table.
 *
 * The counts are rebuilt from the ledger, every fine band of a row at once, the coarse ones summed
 * from those. The SQL is written out here rather than imported, so this migration stays what it was.
 */
import { type Kysely, sql } from "kysely";

type Dialect = "sqlite" | "postgres";

const MEASURES = ["amount", "fee", "net"] as const;
const DIMENSIONS = [
	"source",
	"customer_currency",
	"channel",
	"source_device",
	"customer_country",
	"risk_level",
	"loan_id",
] as const;

/** A value's band: itself below 10^digits, else its first `digits` significant digits (toward zero). */
function bandSql(column: string, digits = 2) {
	const whens = [`when abs(${column}) < ${10 ** digits} then ${column}`];
	for (let length = digits + 1; length <= 16; length++) {
		const width = 10 ** (length - digits);
		whens.push(`when abs(${column}) < ${10 ** length} then ${column} / ${width} * ${width}`);
	}
	return sql.raw(`case ${whens.join(" ")} else ${column} end`);
}

async function createByEveryFilter(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
	let table = db.schema
		.createTable("transaction_value_counts")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("measure", "text", (c) => c.notNull())
		.addColumn("digits", "integer", (c) => c.notNull())
		.addColumn("band", "bigint", (c) => c.notNull())
		.addColumn("currency", "text", (c) => c.notNull())
		.addColumn("type", "text", (c) => c.notNull());
	for (const column of DIMENSIONS)
		table = table.addColumn(column, column === "risk_level" ? "integer" : "text", (c) => c.notNull());
	await table
		.addColumn("count", "bigint", (c) => c.notNull())
		.addPrimaryKeyConstraint("transaction_value_counts_pkey", [
			"account_id",
			"measure",
			"digits",
			"band",
			"currency",
			"type",
			...DIMENSIONS,
		] as never)
		.$call((builder) => (dialect === "sqlite" ? builder.modifyEnd(sql`without rowid`) : builder))
		.execute();
	const dimensions = sql.raw(DIMENSIONS.join(", "));
	const stored = DIMENSIONS.map((column) =>
		column === "risk_level" ? `coalesce(${column}, -1)` : `coalesce(${column}, '')`,
	);
	const perMeasure = MEASURES.flatMap((measure) =>
		[1, 2].map((digits) => {
			const band = digits === 2 ? sql.ref(`${measure}_band`) : bandSql(`${measure}_band`, digits);
			return sql`
				select account_id, ${sql.lit(measure)}, ${sql.lit(digits)}, ${band}, currency, type, ${dimensions}, sum(count)
				from banded group by account_id, ${band}, currency, type, ${dimensions}`;
		}),
	);
	await sql`
		with banded as (
			select account_id, ${bandSql("amount")} as amount_band, ${bandSql("fee")} as fee_band,
				${bandSql("net")} as net_band, currency, type,
				${sql.raw(stored.map((expression, i) => `${expression} as ${DIMENSIONS[i]}`).join(", "))},
				count(*) as count
			from balance_transactions
			group by account_id, amount_band, fee_band, net_band, currency, type, ${sql.raw(stored.join(", "))})
		insert into transaction_value_counts (account_id, measure, digits, band, currency, type, ${dimensions}, count)
		${sql.join(perMeasure, sql` union all `)}`.execute(db);
}

/** The counts as migration 0006 made them: per balance currency and type only. */
async function createByCurrencyAndType(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("transaction_value_counts")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("measure", "text", (c) => c.notNull())
		.addColumn("currency", "text", (c) => c.notNull())
		.addColumn("type", "text", (c) => c.notNull())
		.addColumn("band", "bigint", (c) => c.notNull())
		.addColumn("count", "bigint", (c) => c.notNull())
		.addPrimaryKeyConstraint("transaction_value_counts_pkey", [
			"account_id",
			"measure",
			"currency",
			"type",
			"band",
		] as never)
		.execute();
	for (const measure of MEASURES) {
		const band = bandSql(measure);
		await sql`
			insert into transaction_value_counts (account_id, measure, currency, type, band, count)
			select account_id, ${sql.lit(measure)}, currency, type, ${band}, count(*)
			from balance_transactions group by account_id, currency, type, ${band}`.execute(db);
	}
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
	await db.schema.dropTable("transaction_value_counts").execute();
	await createByEveryFilter(db, dialect);
	await sql`analyze transaction_value_counts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable("transaction_value_counts").execute();
	await createByCurrencyAndType(db);
	await sql`analyze transaction_value_counts`.execute(db);
}
