/**
 * What the Stripe history import benchmarks read of the two stores: the Stripe side's records per
 * kind, as its `/v1` lists them, and each kind's name for the reports.
 */
import type { StripeSyncKind } from "@paydesk/contract/stripe-account";
import type { Db } from "@paydesk/server/db/connection";
import { sql } from "kysely";

/** Stripe's payout balance transactions: the copy keeps payouts in their own table instead. */
export const PAYOUT_TYPES = ["payout", "payout_cancel", "payout_failure"];

export const KIND_LABELS: Readonly<Record<StripeSyncKind, string>> = {
	customers: "customers",
	payment_intents: "payment intents",
	charges: "charges",
	refunds: "refunds",
	disputes: "disputes",
	balance_transactions: "balance transactions",
	payouts: "payouts",
};

export const totalOf = (counts: Readonly<Record<StripeSyncKind, number>>) =>
	Object.values(counts).reduce((sum, count) => sum + count, 0);

async function countOf(db: Db, query: ReturnType<typeof sql<{ n: number | string }>>): Promise<number> {
	return Number((await query.execute(db.kysely)).rows[0]?.n ?? 0);
}

/** What the Stripe side holds of each kind, as the copy should come to hold it. */
export async function stripeSideCounts(db: Db, account: string): Promise<Record<StripeSyncKind, number>> {
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
