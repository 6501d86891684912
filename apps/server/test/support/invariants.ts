/**
 * What many server tests share: a fingerprint of the store's state (to prove a refused
 * write changed nothing), the money invariants checked after every concurrency test, and the
 * WordPress REST error shape every refusal must have.
 */
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { expect } from "vitest";
import type { Database } from "../../src/db/schema.ts";
import { TABLES, type TableName } from "../../src/db/tables.ts";
import { accountBalances, RETURNED_PAYOUT_STATUSES } from "../../src/ledger/balances.ts";
import { rollupDrift } from "../../src/ledger/rollups.ts";
import type { InjectedAnswer } from "../../src/testing/test-app.ts";

export const BASE = "/wp-json/wc/v3/payments";

/** Tables that are the caller's own, not the store's state: its sessions and rate limits. */
const CALLER_OWNED: readonly TableName[] = ["sessions", "rate_limits"];

/** Tables whose rows make up a store's state: every table of the database but the caller's own. */
const STATE_TABLES = TABLES.filter((table) => !CALLER_OWNED.includes(table));

function rowText(row: Record<string, unknown>): string {
	return JSON.stringify(
		Object.keys(row)
			.sort()
			.map((key) => {
				const value = row[key];
				return value instanceof Uint8Array ? createHash("sha256").update(value).digest("hex") : value;
			}),
	);
}

/** One hash per table of every row (order-independent), so any change shows as a different table. */
export async function stateFingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
	const out: Record<string, string> = {};
	for (const table of STATE_TABLES) {
		const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
		const lines = rows.rows.map(rowText).sort();
		out[table] =
			`${lines.length}:${createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16)}`;
	}
	return out;
}

/**
 * The money invariants (DESIGN §4): each currency's balance equals Σ net of its balance
 * transactions minus what left in payouts, and the ledger's rollups match the ledger.
 */
export async function expectMoneyInvariants(db: Kysely<Database>, accountId: string, now: number) {
	const ledger = await db
		.selectFrom("balance_transactions")
		.select(["currency", sql<number>`sum(net)`.as("net")])
		.where("account_id", "=", accountId)
		.groupBy("currency")
		.execute();
	const payouts = await db
		.selectFrom("payouts")
		.select(["currency", sql<number>`sum(amount + fee)`.as("debited")])
		.where("account_id", "=", accountId)
		.where("status", "not in", RETURNED_PAYOUT_STATUSES)
		.groupBy("currency")
		.execute();
	const expected = new Map<string, number>();
	for (const row of ledger) expected.set(row.currency, Number(row.net));
	for (const row of payouts)
		expected.set(row.currency, (expected.get(row.currency) ?? 0) - Number(row.debited));
	const balances = await accountBalances(db, accountId, now);
	const actual = new Map(balances.map((balance) => [balance.currency, balance.total]));
	for (const [currency, total] of expected) expect(actual.get(currency) ?? 0, currency).toBe(total);
	expect(await rollupDrift(db, accountId)).toEqual([]);
}

/**
 * The payouts' ledger invariants: every payout that paid out (or is on its way) holds exactly the
 * transactions it pays out, its amount plus fee being the sum of their net; no transaction belongs
 * to a failed or canceled payout, whose money came back to the balance for the next payout.
 */
export async function expectPayoutInvariants(db: Kysely<Database>, accountId: string) {
	const payouts = await db
		.selectFrom("payouts")
		.select(["id", "status", "amount", "fee"])
		.where("account_id", "=", accountId)
		.execute();
	const sums = await db
		.selectFrom("balance_transactions")
		.select((eb) => ["deposit_id", eb.fn.sum<number>("net").as("net"), eb.fn.countAll<number>().as("count")])
		.where("account_id", "=", accountId)
		.where("deposit_id", "is not", null)
		.groupBy("deposit_id")
		.execute();
	const netOf = new Map(sums.map((sum) => [sum.deposit_id, Number(sum.net)]));
	const returned: readonly string[] = RETURNED_PAYOUT_STATUSES;
	for (const payout of payouts) {
		if (returned.includes(payout.status))
			expect(netOf.get(payout.id), `${payout.id} (${payout.status})`).toBeUndefined();
		else expect(Number(payout.amount) + Number(payout.fee), payout.id).toBe(netOf.get(payout.id) ?? 0);
	}
	const known = new Set(payouts.map((payout) => payout.id));
	for (const sum of sums)
		expect(known.has(sum.deposit_id ?? ""), `payout ${sum.deposit_id} exists`).toBe(true);
}

/** A refusal in the WordPress REST shape: { code, message, data: { status } } matching the HTTP status. */
export function expectRestError(response: InjectedAnswer, context = ""): void {
	const where = `${context} ${response.statusCode} ${response.body.slice(0, 300)}`;
	expect(response.headers["content-type"], where).toMatch(/^application\/json/);
	const body = response.json() as { code?: unknown; message?: unknown; data?: { status?: unknown } };
	expect(typeof body.code, where).toBe("string");
	expect(typeof body.message, where).toBe("string");
	expect(body.data?.status, where).toBe(response.statusCode);
}

/** Whether the application under test runs on PostgreSQL (the suite's second pass). */
export const onPostgres = () => Boolean(process.env.DATABASE_URL?.startsWith("postgres"));
