/**
 * Intake finds an order by its number without reading the account's other orders: by id when
 * the number is the id written out, else through orders_number. Every order a plain scan by
 * number finds is found, whatever its number looks like, and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrdersTable } from "../../../src/db/schema.ts";
import { orderByNumber } from "../../../src/processors/sandbox/order-by-number.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { TEST_ACCOUNT } from "../../../src/testing/test-app.ts";
import { createTestDb, type TestDb } from "../../../src/testing/test-db.ts";
import { transactionFixtures } from "../../support/transaction-fixtures.ts";

let db: TestDb;
const OTHER_ACCOUNT = "acct_other_orders";
/** Orders numbered as their id, and others: a leading zero, each other's ids, a long number. */
const NUMBERS: Record<number, string> = {
	1003: "01003",
	1004: "1010",
	1010: "1004",
	1005: "999999999999999",
	1006: "77",
};
const orders: OrdersTable[] = transactionFixtures(1).orders.map((order) => ({
	...order,
	number: NUMBERS[order.id] ?? order.number,
}));

beforeAll(async () => {
	db = await createTestDb();
	await insertTestAccount(db.kysely, TEST_ACCOUNT);
	await insertTestAccount(db.kysely, OTHER_ACCOUNT);
	await db.kysely.insertInto("orders").values(orders).execute();
	await db.kysely
		.insertInto("orders")
		.values({ ...(orders[0] as OrdersTable), account_id: OTHER_ACCOUNT, id: 77, number: "1011" })
		.execute();
});
afterAll(async () => db.destroy());

describe("an order by its number", () => {
	it.each([
		["numbered as its id", "1000"],
		["whose number has a leading zero", "01003"],
		["numbered as another order's id", "1010"],
		["numbered as the id of the order numbered as its id", "1004"],
		["with a fifteen-digit number", "999999999999999"],
		["numbered as an id no order has", "77"],
		["of another account only", "1011"],
		["that does not exist", "123"],
		["whose number is its id with a leading zero", "01000"],
	])("%s (%s): the order a scan by number finds", async (_case, number) => {
		const scanned = await db.kysely
			.selectFrom("orders")
			.selectAll()
			.where("account_id", "=", TEST_ACCOUNT)
			.where("number", "=", number)
			.execute();
		expect(scanned.length).toBeLessThanOrEqual(1);
		expect(await orderByNumber(db.kysely, TEST_ACCOUNT, number)).toEqual(scanned[0]);
	});
});
