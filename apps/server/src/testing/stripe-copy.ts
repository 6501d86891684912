/**
 * What the tests and benchmarks of a connected Stripe account's copy read of the two stores: the
 * Stripe side's records per kind, as its `/v1` lists them and the copy should come to hold them,
 * and the copy's rows against its distinct ids (a row copied twice shows as more rows than ids).
 */
import type { StripeSyncKind } from "@paydesk/contract/stripe-account";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** Stripe's payout balance transactions: the copy keeps payouts in their own table instead. */
export const PAYOUT_TYPES = ["payout", "payout_cancel", "payout_failure"];

async function countOf(
	db: Kysely<Database>,
	query: ReturnType<typeof sql<{ n: number | string }>>,
): Promise<number> {
	return Number((await query.execute(db)).rows[0]?.n ?? 0);
}

/** What the Stripe side holds of each kind, as the copy should come to hold it. */
export async function stripeSideCounts(
	db: Kysely<Database>,
	account: string,
): Promise<Record<StripeSyncKind, number>> {
	const of = (table: string, extra = sql``) =>
		countOf(db, sql`select count(*) as n from ${sql.table(table)} where account_id = ${account} ${extra}`);
	return {
		customers: await of("stripe_customers", sql`and deleted_at is null`),
		// An intent is listed once, whether a charge, the intake or `/v1` alone knows it.
		payment_intents: await countOf(
			db,
			sql`select count(*) as n from (
				select payment_intent_id as id from charges where account_id = ${account}
				union select id from payment_intents where account_id = ${account}
				union select intent_id as id from intent_details where account_id = ${account}) as intents`,
		),
		charges: await of("charges"),
		refunds: await of("refunds"),
		disputes: await of("disputes"),
		balance_transactions: await of("balance_transactions", sql`and type not in (${sql.join(PAYOUT_TYPES)})`),
		payouts: await of("payouts"),
	};
}

/** Rows, and distinct ids, of each table the copy writes, for one account. */
export async function rowsAndIds(
	db: Kysely<Database>,
	accountId: string,
): Promise<Record<string, { rows: number; ids: number }>> {
	const tables = [
		["stripe_customers", "id"],
		["intent_details", "intent_id"],
		["charges", "id"],
		["refunds", "id"],
		["disputes", "id"],
		["balance_transactions", "id"],
		["payouts", "id"],
	] as const;
	const out: Record<string, { rows: number; ids: number }> = {};
	for (const [table, id] of tables) {
		const row = (
			await sql<{ rows: number | string; ids: number | string }>`select count(*) as rows,
				count(distinct ${sql.ref(id)}) as ids from ${sql.table(table)} where account_id = ${accountId}`.execute(
				db,
			)
		).rows[0];
		out[table] = { rows: Number(row?.rows ?? 0), ids: Number(row?.ids ?? 0) };
	}
	return out;
}
