/**
 * Uncaptured authorizations: charges whose payment intent waits for capture
 * (intent_status requires_capture), read through charges_intent_status (account_id,
 * intent_status, created). One of them, by payment intent, answers whatever its state.
 */
import type { Authorization, AuthorizationListQuery } from "@paydesk/contract/authorizations";
import { captureDeadline } from "@paydesk/domain/capture";
import { type Kysely, sql } from "kysely";
import type { ChargesTable, Database } from "../../db/schema.ts";
import { listOrder, orderRows } from "../../lists/list-sql.ts";

/** Uncaptured authorizations, found through their own index (charges_uncaptured: a literal, not a parameter). */
export const UNCAPTURED_STATUS = "requires_capture";

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

type AuthorizationRow = Pick<
	ChargesTable,
	| "id"
	| "payment_intent_id"
	| "captured"
	| "created"
	| "order_id"
	| "customer_name"
	| "customer_email"
	| "customer_country"
	| "risk_level"
	| "amount"
	| "currency"
>;

const COLUMNS = [
	"id",
	"payment_intent_id",
	"captured",
	"created",
	"order_id",
	"customer_name",
	"customer_email",
	"customer_country",
	"risk_level",
	"amount",
	"currency",
] as const;

export function toAuthorization(row: AuthorizationRow): Authorization {
	return {
		payment_intent_id: row.payment_intent_id,
		charge_id: row.id,
		is_captured: row.captured === 1,
		created: iso(row.created),
		capture_by: iso(captureDeadline(row.created)),
		order_id: row.order_id,
		customer_name: row.customer_name,
		customer_email: row.customer_email,
		customer_country: row.customer_country,
		risk_level: row.risk_level,
		amount: row.amount,
		currency: row.currency,
	};
}

function uncaptured(db: Kysely<Database>, accountId: string) {
	return db
		.selectFrom("charges")
		.where("account_id", "=", accountId)
		.where("intent_status", "=", sql.lit(UNCAPTURED_STATUS));
}

export async function listAuthorizations(
	db: Kysely<Database>,
	accountId: string,
	query: AuthorizationListQuery,
): Promise<{ data: Authorization[]; total_count: number }> {
	// created follows the index (id breaks ties the same way); amount sorts the few in memory.
	const order = listOrder(query.sort, query.direction, "same");
	const [rows, count] = await Promise.all([
		orderRows(uncaptured(db, accountId).select([...COLUMNS]), order)
			.limit(query.pagesize)
			.offset((query.page - 1) * query.pagesize)
			.execute(),
		uncaptured(db, accountId).select(sql<number>`count(*)`.as("count")).executeTakeFirstOrThrow(),
	]);
	return { data: rows.map(toAuthorization), total_count: Number(count.count) };
}

export async function summariseAuthorizations(
	db: Kysely<Database>,
	accountId: string,
	defaultCurrency: string,
): Promise<{ count: number; total: number; currency: string | null; all_currencies: string[] }> {
	const rows = await uncaptured(db, accountId)
		.select([
			"currency",
			sql<number>`count(*)`.as("count"),
			sql<number>`coalesce(sum(amount), 0)`.as("total"),
		])
		.groupBy("currency")
		.orderBy("currency")
		.execute();
	const currencies = rows.map((row) => row.currency);
	return {
		count: rows.reduce((sum, row) => sum + Number(row.count), 0),
		total: rows.reduce((sum, row) => sum + Number(row.total), 0),
		currency: rows.length === 0 ? defaultCurrency : rows.length === 1 ? (currencies[0] ?? null) : null,
		all_currencies: currencies,
	};
}

export async function findAuthorization(
	db: Kysely<Database>,
	accountId: string,
	paymentIntentId: string,
): Promise<Authorization | null> {
	const row = await db
		.selectFrom("charges")
		.select([...COLUMNS])
		.where("account_id", "=", accountId)
		.where("payment_intent_id", "=", paymentIntentId)
		.executeTakeFirst();
	return row ? toAuthorization(row) : null;
}
