/**
 * An order's billing address and items as the orders table keeps them (db/derived-json.ts): the
 * address without the country (the customer's), each item as [name, quantity, total]. Every
 * writer of an order stores them through storedOrderDetails; the order screen reads them back
 * through billingAddressOf and itemsOf. Its subscriptions are kept whole, read by subscriptionsOf.
 */

import { z } from "zod";
import {
	type JsonObject,
	type JsonTemplate,
	type JsonValue,
	omitDerived,
	parseObject,
	parseStored,
	restoreDerived,
} from "../db/derived-json.ts";
import { parseJsonColumn } from "../db/json.ts";
import type { OrdersTable } from "../db/schema.ts";

export type OrderFacts = Pick<OrdersTable, "customer_country">;

const ITEM: JsonTemplate = { name: undefined, quantity: undefined, total: undefined };

function addressTemplate(order: OrderFacts): JsonTemplate {
	return { address_1: undefined, city: undefined, postcode: undefined, country: order.customer_country };
}

/** The two columns as a writer stores them, from the whole address and list of items. */
export function storedOrderDetails(
	order: OrderFacts,
	billingAddress: JsonObject,
	items: readonly JsonObject[],
): Pick<OrdersTable, "billing_address" | "items"> {
	return {
		billing_address: JSON.stringify(omitDerived(billingAddress, addressTemplate(order))),
		items: JSON.stringify(items.map((item) => omitDerived(item, ITEM))),
	};
}

/** The billing address: address_1, city, postcode and country. */
export function billingAddressOf(order: OrderFacts & Pick<OrdersTable, "billing_address">): JsonObject {
	return restoreDerived(parseStored(order.billing_address), addressTemplate(order));
}

/** The items: name, quantity and total of each line. */
export function itemsOf(order: Pick<OrdersTable, "items">): JsonObject[] {
	const stored = parseStored(order.items);
	return Array.isArray(stored) ? stored.map((item: JsonValue) => restoreDerived(item, ITEM)) : [];
}

function isItem(value: JsonValue): value is JsonObject {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The subscriptions an order belongs to: [{ number }], a subscription's number as text or a number. */
const storedSubscriptions = z
	.array(z.object({ number: z.union([z.string(), z.number()]) }))
	.describe("orders.subscriptions");

/** The subscriptions of an order (its subscriptions column, or a list row's order_subscriptions). */
export const subscriptionsOf = (subscriptions: string | null): { number: string | number }[] =>
	parseJsonColumn(storedSubscriptions, subscriptions, []);

/** An order row whose address and items columns hold the whole documents, made a row as the table keeps it. */
export function withStoredOrderDetails<T extends OrderFacts & Pick<OrdersTable, "billing_address" | "items">>(
	row: T,
): T {
	const items = parseStored(row.items);
	const list = Array.isArray(items) ? items.filter(isItem) : [];
	return { ...row, ...storedOrderDetails(row, parseObject(row.billing_address), list) };
}
