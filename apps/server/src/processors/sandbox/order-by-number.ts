import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database, OrdersTable } from "../../db/schema.ts";

/**
 * An account's order by its number, without reading the account's other orders: an order's number
 * is its id written out for every order Paydesk makes, which the primary key finds; orders_number
 * (migration 0009) holds only the orders numbered otherwise.
 */
export async function orderByNumber(
	db: Kysely<Database>,
	accountId: string,
	number: string,
): Promise<OrdersTable | undefined> {
	const orders = db.selectFrom("orders").selectAll().where("account_id", "=", accountId);
	if (/^[1-9]\d{0,14}$/.test(number)) {
		const byId = await orders
			.where("id", "=", Number(number))
			.where("number", "=", number)
			.executeTakeFirst();
		if (byId) return byId;
	}
	return orders
		.where("number", "=", number)
		.where(sql<SqlBool>`number <> cast(id as text)`)
		.executeTakeFirst();
}
