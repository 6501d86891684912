/**
 * Migration 0009 on a store that has rows: source_id is kept only where it is not the row's
 * charge, every other column stays as it was, the ledger's triggers still fill the search terms,
 * the dropped indexes go and come back, and down gives every row back exactly.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { down, up } from "../../../src/db/migrations/0009-lighter-ledger.ts";
import type { BalanceTransactionsTable } from "../../../src/db/schema.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { TEST_ACCOUNT } from "../../../src/testing/test-app.ts";
import { createTestDb, type TestDb } from "../../../src/testing/test-db.ts";
import { transactionFixtures } from "../../support/transaction-fixtures.ts";

let db: TestDb;
const fixtures = transactionFixtures(120);
/** As stored before 0009: a payment's own row names its charge as its source. */
const ledger: BalanceTransactionsTable[] = fixtures.ledger.map((row) =>
	["charge", "payment"].includes(row.type) && row.charge_id ? { ...row, source_id: row.charge_id } : row,
);
const orders = fixtures.orders.map((order, index) =>
	index % 10 === 3 ? { ...order, number: `0${order.id}` } : order,
);

const migrationDb = () => db.kysely as unknown as Kysely<unknown>;

async function storedLedger(): Promise<BalanceTransactionsTable[]> {
	return db.kysely.selectFrom("balance_transactions").selectAll().orderBy("id").execute();
}

/** Each index of the table by name, with its definition. */
async function indexesOf(table: string): Promise<Record<string, string>> {
	const result =
		db.dialect === "sqlite"
			? await sql<{ name: string; definition: string | null }>`
				select name, sql as definition from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(
					db.kysely,
				)
			: await sql<{ name: string; definition: string }>`
				select indexname as name, indexdef as definition from pg_indexes where tablename = ${table}`.execute(
					db.kysely,
				);
	return Object.fromEntries(result.rows.map((row) => [row.name, row.definition ?? ""]));
}
const indexNames = async (table: string) => Object.keys(await indexesOf(table));

let before: Record<string, string>;

beforeAll(async () => {
	db = await createTestDb();
	await insertTestAccount(db.kysely, TEST_ACCOUNT);
	await down(migrationDb(), db.dialect);
	await db.kysely.insertInto("orders").values(orders).execute();
	await db.kysely.insertInto("balance_transactions").values(ledger).execute();
});
afterAll(async () => db.destroy());

const byId = (rows: readonly BalanceTransactionsTable[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

describe("migration 0009 on existing rows", () => {
	it("starts from rows that name their charge as their source, with the intent index", async () => {
		expect((await storedLedger()).filter((row) => row.source_id === row.charge_id).length).toBeGreaterThan(
			30,
		);
		before = await indexesOf("balance_transactions");
		expect(Object.keys(before)).toEqual(
			expect.arrayContaining(["balance_transactions_intent", "balance_transactions_available"]),
		);
	});

	it("up keeps source_id only where it is not the charge, and every other column as it was", async () => {
		await up(migrationDb(), db.dialect);
		const stored = await storedLedger();
		expect(stored.map(({ source_id, ...rest }) => rest)).toEqual(
			byId(ledger).map(({ source_id, ...rest }) => rest),
		);
		for (const [index, row] of byId(ledger).entries()) {
			const after = stored[index] as BalanceTransactionsTable;
			expect(after.source_id).toBe(row.source_id === row.charge_id ? null : row.source_id);
			expect(after.source_id ?? after.charge_id).toBe(row.source_id);
		}
		const after = await indexesOf("balance_transactions");
		const indexes = Object.keys(after);
		// PostgreSQL keys a filter's index by the value alone (deduplicated); SQLite keeps list order.
		if (db.dialect === "postgres") expect(after.balance_transactions_type).not.toContain("created");
		else expect(after.balance_transactions_type).toBe(before.balance_transactions_type);
		expect(indexes).not.toContain("balance_transactions_intent");
		expect(indexes).not.toContain("balance_transactions_available");
		expect(indexes).toEqual(
			expect.arrayContaining(["balance_transactions_type", "balance_transactions_unpaid"]),
		);
		expect(await indexNames("orders")).toContain("orders_number");
	});

	it("leaves the ledger's trigger adding a new customer to the search terms", async () => {
		const row = {
			...(ledger[0] as BalanceTransactionsTable),
			id: "txn_after_0009",
			customer_name: "Ines Ferreira",
		};
		await db.kysely.insertInto("balance_transactions").values(row).execute();
		const terms = await sql<{ term: string }>`
			select term from customer_search_terms where account_id = ${TEST_ACCOUNT} and term = 'ines ferreira'`.execute(
			db.kysely,
		);
		expect(terms.rows).toHaveLength(1);
		await db.kysely.deleteFrom("balance_transactions").where("id", "=", row.id).execute();
	});

	it("down gives every row back as it was, with the indexes it dropped", async () => {
		await down(migrationDb(), db.dialect);
		expect(await storedLedger()).toEqual(byId(ledger));
		expect(await indexesOf("balance_transactions")).toEqual(before);
		expect(await indexNames("orders")).not.toContain("orders_number");
		await up(migrationDb(), db.dialect);
	});
});
