/** Store orders: a small product catalogue priced per currency, and the orders row. */
import { type JsonObject, parseObject } from "../db/derived-json.ts";
import type { OrdersTable } from "../db/schema.ts";
import { storedOrderDetails } from "../ledger/order-details.ts";
import type { Customer } from "./customers.ts";
import type { Random } from "./random.ts";

/** Name and US price in cents (the simulator sells the same catalogue). */
export const PRODUCTS: readonly (readonly [string, number])[] = [
	["Organic Cotton T-Shirt", 2400],
	["Merino Wool Beanie", 2900],
	["Canvas Tote Bag", 1800],
	["Ceramic Pour-Over Set", 4500],
	["Single-Origin Coffee Beans 1 kg", 3200],
	["Stoneware Mug", 1600],
	["Linen Apron", 3800],
	["Leather Card Wallet", 5500],
	["Waxed Canvas Backpack", 12900],
	["Hand-Poured Soy Candle", 2200],
	["Bamboo Cutting Board", 3400],
	["Cast Iron Skillet", 6900],
	["Wool Throw Blanket", 11900],
	["Recycled Glass Carafe", 2800],
	["Desk Plant Kit", 3900],
	["Hoodie — Heather Grey", 5900],
	["Rain Jacket", 14900],
	["Trail Running Socks (3 pack)", 1900],
	["Notebook Set", 1400],
	["Gift Card", 5000],
	["Espresso Grinder", 24900],
	["Walnut Serving Tray", 7400],
	["Loose Leaf Tea Sampler", 2600],
	["Monthly Coffee Subscription", 2900],
];

/** Rough price level of each currency against USD, for catalogue prices. */
export const PRICE_FACTOR: Record<string, number> = {
	usd: 1,
	cad: 1.36,
	aud: 1.52,
	nzd: 1.64,
	jpy: 149,
	eur: 0.92,
	sek: 10.5,
	dkk: 6.87,
	chf: 0.88,
	gbp: 0.79,
	nok: 10.6,
};

export const TAX_RATE: Record<string, number> = { US: 0.0725, CA: 0.13, AU: 0.1, NZ: 0.15, JP: 0.1 };

const priceCache = new Map<string, Int32Array>();

/** Catalogue prices in a currency's minor units, ending in .99 or in whole tens of yen. */
export function pricesIn(currency: string): Int32Array {
	const cached = priceCache.get(currency);
	if (cached) return cached;
	const factor = PRICE_FACTOR[currency] ?? 1;
	const prices = new Int32Array(PRODUCTS.length);
	PRODUCTS.forEach(([, usd], index) => {
		const major = (usd / 100) * factor;
		prices[index] =
			currency === "jpy"
				? Math.max(10, Math.round(major / 10) * 10)
				: Math.max(1, Math.round(major)) * 100 - 1;
	});
	priceCache.set(currency, prices);
	return prices;
}

export interface OrderDraft {
	total: number;
	subtotal: number;
	tax: number;
	shipping: number;
	items: OrderItem[];
}

interface OrderItem {
	[key: string]: string | number;
	name: string;
	quantity: number;
	total: number;
}

/** A basket of one to four lines in the customer's currency. */
export function draftOrder(random: Random, currency: string, country: string): OrderDraft {
	const prices = pricesIn(currency);
	const lines = random.chance(0.62) ? 1 : random.chance(0.6) ? 2 : random.chance(0.7) ? 3 : 4;
	const items: OrderItem[] = [];
	let subtotal = 0;
	for (let i = 0; i < lines; i++) {
		const index = random.int(0, PRODUCTS.length - 1);
		const quantity = random.chance(0.85) ? 1 : random.int(2, 3);
		const total = (prices[index] ?? 0) * quantity;
		subtotal += total;
		items.push({ name: PRODUCTS[index]?.[0] ?? "Product", quantity, total });
	}
	const factor = PRICE_FACTOR[currency] ?? 1;
	const freeShippingFrom = currency === "jpy" ? 75 * factor : 75 * factor * 100;
	const shipping =
		subtotal >= freeShippingFrom
			? 0
			: currency === "jpy"
				? Math.round(6 * factor)
				: Math.round(6 * factor) * 100 - 1;
	const tax = Math.round(subtotal * (TAX_RATE[country] ?? 0));
	return { total: subtotal + shipping + tax, subtotal, tax, shipping, items };
}

export interface OrderFields {
	accountId: string;
	id: number;
	status: string;
	currency: string;
	draft: OrderDraft;
	created: number;
	customer: Customer;
	subscriptions: string;
	paymentIntentId: string | null;
	chargeId: string | null;
}

/** Each customer's billing address, parsed once. */
const addresses = new WeakMap<Customer, JsonObject>();

function addressOf(customer: Customer): JsonObject {
	let address = addresses.get(customer);
	if (!address) {
		address = parseObject(customer.addressJson);
		addresses.set(customer, address);
	}
	return address;
}

export function orderRow(fields: OrderFields): OrdersTable {
	const { draft, customer } = fields;
	return {
		account_id: fields.accountId,
		id: fields.id,
		number: String(fields.id),
		status: fields.status,
		currency: fields.currency,
		total: draft.total,
		subtotal: draft.subtotal,
		tax: draft.tax,
		shipping_total: draft.shipping,
		created: fields.created,
		customer_name: customer.name,
		customer_email: customer.email,
		customer_country: customer.country,
		...storedOrderDetails({ customer_country: customer.country }, addressOf(customer), draft.items),
		subscriptions: fields.subscriptions,
		payment_intent_id: fields.paymentIntentId,
		charge_id: fields.chargeId,
	};
}
