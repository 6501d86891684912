/**
 * Half the bytes per transaction. A million transactions took 3.5 GB on SQLite and 4.2 GB on
 * PostgreSQL, most of it documents that repeat what their row already says, two timeline rows
 * per payment that its charge says in full, and index entries for rows no query looks for. Now:
 * - a payment's authorization and capture are the times in charges.authorized_at and
 *   captured_at, not timeline rows, whenever the charge says their data in full
 *   (processor/timeline-data.ts); the other events keep only what the charge does not say;
 * - timeline_events numbers each event in its intent's timeline (seq) instead of giving it a
 *   random id, and is keyed by (account_id, payment_intent_id, seq): the key is how the timeline
 *   is read, so the intent index goes; on SQLite the table is WITHOUT ROWID (the key is the table);
 * - a charge's payment_method_details and billing_details, and an order's billing_address and
 *   items, keep only what their row does not say, the rest by position instead of by name
 *   (processor/charge-details.ts, processor/order-details.ts); on SQLite orders is WITHOUT ROWID:
 *   read by its key only, it needs no copy of the key beside it;
 * - the charges indexes of rare rows hold only those rows: fraud outcomes, sandbox disputes to
 *   raise, and uncaptured authorizations (charges_uncaptured replaces charges_intent_status);
 * - orders_intent goes: no query looks an order up by its payment intent.
 * Existing rows are rewritten in batches, through the modules that read them. Those modules
 * define the stored form; should one of their templates change, a migration rewrites the rows,
 * and this one must then keep a copy of the templates as they are here. On an existing store
 * the space given back is reused by new rows; VACUUM (SQLite) or VACUUM FULL (PostgreSQL)
 * returns it to the disk.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import {
	billingDetailsOf,
	type ChargeFacts,
	type ChargeOrder,
	paymentMethodDetailsOf,
	storedChargeDetails,
} from "../../ledger/charge-details.ts";
import {
	billingAddressOf,
	itemsOf,
	type OrderFacts,
	withStoredOrderDetails,
} from "../../ledger/order-details.ts";
import {
	IMPLICIT_DATA,
	IMPLICIT_EVENTS,
	implicitEventsOf,
	isImplicitEvent,
	storedTimelineData,
	type TimelineCharge,
	timelineDataOf,
} from "../../ledger/timeline-data.ts";
import { type JsonObject, parseObject } from "../derived-json.ts";

type Dialect = "sqlite" | "postgres";

/** Intents, charges or orders rewritten per batch. */
const BATCH = 2_000;
/** Rows per INSERT or UPDATE statement (a few thousand parameters). */
const ROWS_PER_STATEMENT = 500;

const RARE_ROW_INDEXES = {
	charges_fraud: sql`create index charges_fraud on charges (account_id, fraud_outcome, created) where fraud_outcome is not null`,
	charges_sandbox_dispute: sql`create index charges_sandbox_dispute on charges (account_id, created) where sandbox_dispute is not null`,
	charges_uncaptured: sql`create index charges_uncaptured on charges (account_id, created) where intent_status = 'requires_capture'`,
};

const EARLIER_INDEXES = {
	charges_fraud: sql`create index charges_fraud on charges (account_id, fraud_outcome, created)`,
	charges_sandbox_dispute: sql`create index charges_sandbox_dispute on charges (account_id, sandbox_dispute, created)`,
	charges_intent_status: sql`create index charges_intent_status on charges (account_id, intent_status, created)`,
};

function chunks<T>(rows: readonly T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
	return out;
}

const tuple = (values: readonly unknown[]) => sql`(${sql.join(values.map((value) => sql`${value}`))})`;

async function insertRows(db: Kysely<unknown>, table: string, rows: readonly Record<string, unknown>[]) {
	for (const part of chunks(rows, ROWS_PER_STATEMENT)) {
		const columns = Object.keys(part[0] as object);
		await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column)))})
			values ${sql.join(part.map((row) => tuple(columns.map((column) => row[column]))))}`.execute(db);
	}
}

/** Sets columns of rows found by (account_id, `key`), from rows that carry both (as text: cast back). */
type Column = { name: string; type: "text" | "bigint" };

const text = (name: string): Column => ({ name, type: "text" });

async function updateRows(
	db: Kysely<unknown>,
	table: string,
	key: Column,
	columns: Column[],
	rows: readonly Record<string, unknown>[],
) {
	const names = ["account_id", key.name, ...columns.map((column) => column.name)];
	const set = columns.map(
		(column) => sql`${sql.id(column.name)} = cast(v.${sql.id(column.name)} as ${sql.raw(column.type)})`,
	);
	for (const part of chunks(rows, ROWS_PER_STATEMENT)) {
		const values = part.map((row) => tuple(names.map((name) => row[name])));
		await sql`with v (${sql.join(names.map((name) => sql.id(name)))}) as (values ${sql.join(values)})
			update ${sql.table(table)} set ${sql.join(set)}
			from v where ${sql.table(table)}.account_id = v.account_id
				and ${sql.ref(`${table}.${key.name}`)} = cast(v.${sql.id(key.name)} as ${sql.raw(key.type)})`.execute(
			db,
		);
	}
}

/** Walks a table in key order, a batch at a time. */
async function eachBatch<R extends { account_id: string }>(
	db: Kysely<unknown>,
	select: (after: [string, string | number]) => RawBuilder<R>,
	keyOf: (row: R) => string | number,
	work: (rows: R[]) => Promise<void>,
): Promise<void> {
	let after: [string, string | number] = ["", ""];
	for (;;) {
		const rows = (await select(after).execute(db)).rows;
		const last = rows.at(-1);
		if (!last) return;
		await work(rows);
		after = [last.account_id, keyOf(last)];
	}
}

// ——— timeline_events ———

interface EventRow extends Partial<TimelineCharge> {
	account_id: string;
	payment_intent_id: string;
	type: string;
	datetime: number;
	data: string;
	/** The order of events of one intent at the same time: rowid on SQLite, the id on PostgreSQL. */
	position: string | number;
	charge_id: string | null;
	deposit_id: string | null;
	deposit_date: number | null;
}

const chargeOf = (row: EventRow): TimelineCharge | null =>
	row.charge_id === null
		? null
		: {
				amount: Number(row.amount),
				currency: row.currency as string,
				customer_amount: Number(row.customer_amount),
				customer_currency: row.customer_currency as string,
				fee: Number(row.fee),
				payment_method_type: row.payment_method_type as string,
				balance_transaction_id: row.balance_transaction_id ?? null,
				authorized_at: row.authorized_at === null ? null : Number(row.authorized_at),
				captured_at: row.captured_at === null ? null : Number(row.captured_at),
			};

/**
 * The demo store's captures named their payout; when it is the payout of the charge's balance
 * transaction (what the timeline looks up for a capture), the capture names the transaction.
 */
function captureData(row: EventRow, data: JsonObject): JsonObject {
	const deposit = data.deposit as { id?: unknown; arrival_date?: unknown } | undefined;
	if (row.type !== "captured" || !deposit || data.balance_transaction_id !== undefined) return data;
	if (
		!row.balance_transaction_id ||
		deposit.id !== row.deposit_id ||
		deposit.arrival_date !== Number(row.deposit_date)
	)
		return data;
	const { deposit: _named, ...rest } = data;
	return { ...rest, balance_transaction_id: row.balance_transaction_id };
}

interface Rewritten {
	events: Record<string, unknown>[];
	/** Charges whose implicit events were rows: account_id, payment_intent_id and their times. */
	charges: Record<string, unknown>[];
}

type Rewrite = (rows: EventRow[]) => Rewritten;

/**
 * Rows of intents in order, oldest first: the first authorization and capture that their charge
 * says in full become its times, the others are numbered with what the charge does not say.
 */
const compactEvents: Rewrite = (rows) => {
	const out: Rewritten = { events: [], charges: [] };
	let intent = "";
	let seq = 0;
	let times: Record<string, unknown> = {};
	for (const row of rows) {
		const key = `${row.account_id} ${row.payment_intent_id}`;
		if (key !== intent) {
			intent = key;
			seq = 0;
			times = { account_id: row.account_id, payment_intent_id: row.payment_intent_id };
			out.charges.push(times);
		}
		const charge = chargeOf(row);
		const data = storedTimelineData(row.type, captureData(row, parseObject(row.data)), charge);
		if (charge && data === IMPLICIT_DATA && isImplicitEvent(row.type)) {
			const column = IMPLICIT_EVENTS[row.type];
			if (charge[column] === null && times[column] === undefined) {
				times[column] = Number(row.datetime);
				continue;
			}
		}
		seq++;
		out.events.push({
			account_id: row.account_id,
			payment_intent_id: row.payment_intent_id,
			seq,
			type: row.type,
			datetime: Number(row.datetime),
			data,
		});
	}
	out.charges = out.charges.filter((row) => "authorized_at" in row || "captured_at" in row);
	return out;
};

/** Compact rows back as they were: whole data and an id made of the intent's and the number. */
const wholeEvents: Rewrite = (rows) => ({
	events: rows.map((row) => ({
		account_id: row.account_id,
		id: `tle_${row.payment_intent_id.slice(3)}_${row.position}`,
		payment_intent_id: row.payment_intent_id,
		type: row.type,
		datetime: Number(row.datetime),
		data: JSON.stringify(timelineDataOf(row.type, row.data, chargeOf(row))),
	})),
	charges: [],
});

async function copyEvents(
	db: Kysely<unknown>,
	from: string,
	to: string,
	position: RawBuilder<unknown>,
	rewrite: Rewrite,
): Promise<void> {
	const source = sql.table(from);
	await eachBatch(
		db,
		(after) => sql<{ account_id: string; payment_intent_id: string }>`
			select account_id, payment_intent_id from ${source}
			where (account_id, payment_intent_id) > (${after[0]}, ${after[1]})
			group by account_id, payment_intent_id order by account_id, payment_intent_id
			limit ${sql.lit(BATCH)}`,
		(row) => row.payment_intent_id,
		async (intents) => {
			const first = intents[0] as { account_id: string; payment_intent_id: string };
			const last = intents.at(-1) as { account_id: string; payment_intent_id: string };
			const events = await sql<EventRow>`
				select e.account_id, e.payment_intent_id, e.type, e.datetime, e.data, ${position} as position,
					c.id as charge_id, c.amount, c.currency, c.customer_amount, c.customer_currency, c.fee,
					c.payment_method_type, c.balance_transaction_id, c.authorized_at, c.captured_at,
					bt.deposit_id, p.date as deposit_date
				from ${source} e
				left join charges c on c.account_id = e.account_id and c.payment_intent_id = e.payment_intent_id
				left join balance_transactions bt on e.type = 'captured' and bt.account_id = c.account_id
					and bt.id = c.balance_transaction_id
				left join payouts p on p.account_id = bt.account_id and p.id = bt.deposit_id
				where (e.account_id, e.payment_intent_id) >= (${first.account_id}, ${first.payment_intent_id})
					and (e.account_id, e.payment_intent_id) <= (${last.account_id}, ${last.payment_intent_id})
				order by e.account_id, e.payment_intent_id, e.datetime, ${position}`.execute(db);
			const rewritten = rewrite(events.rows);
			await insertRows(db, to, rewritten.events);
			await updateRows(
				db,
				"charges",
				text("payment_intent_id"),
				[
					{ name: "authorized_at", type: "bigint" },
					{ name: "captured_at", type: "bigint" },
				],
				rewritten.charges.map((row) => ({ authorized_at: null, captured_at: null, ...row })),
			);
		},
	);
}

/** The implicit events of charges as rows again, numbered after the intent's other events. */
async function implicitEventsAsRows(db: Kysely<unknown>, to: string): Promise<void> {
	await eachBatch(
		db,
		(after) => sql<
			TimelineCharge & { account_id: string; id: string; payment_intent_id: string; last: number | null }
		>`
			select c.account_id, c.id, c.payment_intent_id, c.amount, c.currency, c.customer_amount,
				c.customer_currency, c.fee, c.payment_method_type, c.balance_transaction_id, c.authorized_at,
				c.captured_at,
				(select count(*) from ${sql.table(to)} e where e.account_id = c.account_id
					and e.payment_intent_id = c.payment_intent_id) as last
			from charges c where (c.account_id, c.id) > (${after[0]}, ${after[1]})
				and (c.authorized_at is not null or c.captured_at is not null)
			order by c.account_id, c.id limit ${sql.lit(BATCH)}`,
		(row) => row.id,
		async (charges) => {
			const events = charges.flatMap((charge) =>
				implicitEventsOf(charge).map((event, i) => ({
					account_id: charge.account_id,
					id: `tle_${charge.payment_intent_id.slice(3)}_${Number(charge.last) + i + 1}`,
					payment_intent_id: charge.payment_intent_id,
					type: event.type,
					datetime: event.datetime,
					data: JSON.stringify(event.data),
				})),
			);
			await insertRows(db, to, events);
		},
	);
}

async function renameAside(db: Kysely<unknown>, dialect: Dialect, name: string): Promise<string> {
	const aside = `${name}_before`;
	await sql`alter table ${sql.table(name)} rename to ${sql.table(aside)}`.execute(db);
	if (dialect === "postgres")
		await sql`alter table ${sql.table(aside)} rename constraint ${sql.id(`${name}_pkey`)} to ${sql.id(`${aside}_pkey`)}`.execute(
			db,
		);
	return aside;
}

async function compactTimeline(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
	const before = await renameAside(db, dialect, "timeline_events");
	await sql`create table timeline_events (
		account_id text not null,
		payment_intent_id text not null,
		seq integer not null,
		type text not null,
		datetime bigint not null,
		data text not null,
		constraint timeline_events_pkey primary key (account_id, payment_intent_id, seq)
	) ${sql.raw(dialect === "sqlite" ? "without rowid" : "")}`.execute(db);
	await copyEvents(
		db,
		before,
		"timeline_events",
		dialect === "sqlite" ? sql`e.rowid` : sql`e.id`,
		compactEvents,
	);
	await sql`drop table ${sql.table(before)}`.execute(db);
}

async function restoreTimeline(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
	const before = await renameAside(db, dialect, "timeline_events");
	await sql`create table timeline_events (
		account_id text not null,
		id text not null,
		payment_intent_id text not null,
		type text not null,
		datetime bigint not null,
		data text not null,
		constraint timeline_events_pkey primary key (account_id, id)
	)`.execute(db);
	await copyEvents(db, before, "timeline_events", sql`e.seq`, wholeEvents);
	await sql`drop table ${sql.table(before)}`.execute(db);
	await sql`create index timeline_events_intent on timeline_events (account_id, payment_intent_id, datetime)`.execute(
		db,
	);
	await implicitEventsAsRows(db, "timeline_events");
}

// ——— charges and orders ———

interface ChargeRow extends ChargeFacts {
	account_id: string;
	id: string;
	payment_method_details: string;
	billing_details: string;
	/** The charge's order's customer country and billing address (null without an order). */
	order_country: string | null;
	order_address: string | null;
}

const orderOf = (row: ChargeRow): ChargeOrder =>
	row.order_address === null
		? null
		: { customer_country: row.order_country as string, billing_address: row.order_address };

interface OrderRow extends OrderFacts {
	account_id: string;
	id: number;
	billing_address: string;
	items: string;
}

interface Direction {
	charge: (row: ChargeRow) => { payment_method_details: string; billing_details: string };
	order: (row: OrderRow) => { billing_address: string; items: string };
}

const COMPACT: Direction = {
	charge: (row) =>
		storedChargeDetails(
			row,
			orderOf(row),
			parseObject(row.payment_method_details),
			parseObject(row.billing_details),
		),
	order: (row) => withStoredOrderDetails(row),
};

const WHOLE: Direction = {
	charge: (row) => ({
		payment_method_details: JSON.stringify(paymentMethodDetailsOf(row)),
		billing_details: JSON.stringify(billingDetailsOf(row, orderOf(row))),
	}),
	order: (row) => ({
		billing_address: JSON.stringify(billingAddressOf(row)),
		items: JSON.stringify(itemsOf(row)),
	}),
};

async function rewriteDetails(db: Kysely<unknown>, direction: Direction): Promise<void> {
	await eachBatch(
		db,
		(after) => sql<ChargeRow>`
			select c.account_id, c.id, c.payment_method_type, c.customer_name, c.customer_email,
				c.customer_country, c.payment_method_details, c.billing_details,
				o.customer_country as order_country, o.billing_address as order_address
			from charges c left join orders o on o.account_id = c.account_id and o.id = c.order_id
			where (c.account_id, c.id) > (${after[0]}, ${after[1]})
			order by c.account_id, c.id limit ${sql.lit(BATCH)}`,
		(row) => row.id,
		(rows) =>
			updateRows(
				db,
				"charges",
				text("id"),
				[text("payment_method_details"), text("billing_details")],
				rows.map((row) => ({ account_id: row.account_id, id: row.id, ...direction.charge(row) })),
			),
	);
	await eachBatch(
		db,
		(after) => sql<OrderRow>`
			select account_id, id, customer_country, billing_address, items
			from orders where (account_id, id) > (${after[0]}, ${after[1] === "" ? -1 : after[1]})
			order by account_id, id limit ${sql.lit(BATCH)}`,
		(row) => Number(row.id),
		(rows) =>
			updateRows(
				db,
				"orders",
				{ name: "id", type: "bigint" },
				[text("billing_address"), text("items")],
				rows.map((row) => ({ account_id: row.account_id, id: row.id, ...direction.order(row) })),
			),
	);
}

/** Orders (SQLite only) rebuilt WITHOUT ROWID, or back with one. */
async function rebuildOrders(db: Kysely<unknown>, withoutRowid: boolean): Promise<void> {
	await sql`alter table orders rename to orders_before`.execute(db);
	await sql`create table orders (
		account_id text not null,
		id bigint not null,
		number text not null,
		status text not null,
		currency text not null,
		total bigint not null,
		subtotal bigint not null,
		tax bigint not null,
		shipping_total bigint not null,
		created bigint not null,
		customer_name text not null,
		customer_email text not null,
		customer_country text not null,
		billing_address text not null,
		items text not null,
		subscriptions text not null,
		payment_intent_id text,
		charge_id text,
		shipping_address text default '{}' not null,
		constraint orders_pkey primary key (account_id, id)
	) ${sql.raw(withoutRowid ? "without rowid" : "")}`.execute(db);
	await sql`insert into orders select * from orders_before order by account_id, id`.execute(db);
	await sql`drop table orders_before`.execute(db);
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
	for (const column of ["authorized_at", "captured_at"])
		await sql`alter table charges add column ${sql.id(column)} bigint`.execute(db);
	await compactTimeline(db, dialect);
	await rewriteDetails(db, COMPACT);
	for (const name of [...Object.keys(EARLIER_INDEXES), "orders_intent"])
		await sql`drop index if exists ${sql.id(name)}`.execute(db);
	if (dialect === "sqlite") await rebuildOrders(db, true);
	for (const index of Object.values(RARE_ROW_INDEXES)) await index.execute(db);
	for (const table of ["charges", "orders", "timeline_events"])
		await sql`analyze ${sql.table(table)}`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
	for (const name of Object.keys(RARE_ROW_INDEXES))
		await sql`drop index if exists ${sql.id(name)}`.execute(db);
	if (dialect === "sqlite") await rebuildOrders(db, false);
	for (const index of Object.values(EARLIER_INDEXES)) await index.execute(db);
	await sql`create index orders_intent on orders (account_id, payment_intent_id)`.execute(db);
	await rewriteDetails(db, WHOLE);
	await restoreTimeline(db, dialect);
	for (const column of ["authorized_at", "captured_at"])
		await sql`alter table charges drop column ${sql.id(column)}`.execute(db);
}
