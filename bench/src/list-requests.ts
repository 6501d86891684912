/**
 * Every list request the admin can make, enumerated from the contract: each GET route
 * with a paged query (a list), a `/summary` or a `/search` (suggestions), and for each of them
 * every filter parameter its query schema declares, every sort in both directions, the last
 * page, the middle page of every sort (deep pages), "match any" over two rules, and filter values
 * that match nothing. A parameter the bench has no sample value for stops it,
 * so a filter added to the contract later cannot be left out of the table.
 */
import { ALL_ROUTES } from "@paydesk/contract/all-routes";
import type { RouteContract } from "@paydesk/contract/route";
import type { z } from "zod";

/** Values from the store under test: ids, a customer, the currencies it has. */
export interface StoreSamples {
	depositId: string;
	loanId: string;
	customerName: string;
	customerEmail: string;
	orderNumber: string;
	/** A refunded payment's intent: it has two balance transactions, the charge and the refund. */
	paymentIntentId: string;
	storeCurrency: string;
	customerCurrency: string;
	/** Total transactions, for the last page. */
	transactions: number;
	/** Transactions of the type charge, for a deep page of a filter the value bands count. */
	charges: number;
	/** Transactions not from France, for a deep page of a filter the rollups answer besides currency and type. */
	outsideFrance: number;
}

export interface ListRequest {
	route: string;
	/** What varies: "unfiltered", "customer_country_is=FR", "sort=amount asc" … */
	label: string;
	url: string;
}

type Schema = z.ZodType & { def?: Record<string, unknown>; options?: unknown; shape?: unknown };

/** The fixed values a parameter takes (an enum, through optional/default/pipe/union/array). */
export function enumValues(schema: Schema | undefined): string[] | null {
	const def = schema?.def as
		| {
				type?: string;
				innerType?: Schema;
				in?: Schema;
				options?: Schema[];
				element?: Schema;
				entries?: Record<string, string>;
		  }
		| undefined;
	if (!def) return null;
	switch (def.type) {
		case "enum":
			return Object.values(def.entries ?? {});
		case "optional":
		case "default":
		case "nullable":
			return enumValues(def.innerType);
		case "pipe":
			return enumValues(def.in);
		case "array":
			return enumValues(def.element);
		case "union":
			for (const option of def.options ?? []) {
				const values = enumValues(option);
				if (values) return values;
			}
			return null;
		default:
			return null;
	}
}

/** How the table names a value taken from the store, the same on every engine. */
const DESCRIBED: Record<string, string> = {
	loan_id: "(a loan)",
	deposit_id: "(the oldest paid payout)",
	search: "(a customer's name)",
};

const NOT_FILTERS = new Set(["page", "pagesize", "sort", "direction", "user_timezone", "match"]);

/** A sample value for a filter parameter that is not an enum, or null when none is known. */
function sampleValue(name: string, samples: StoreSamples): string | string[] | null {
	const field = name.replace(/_(is|is_not|is_in)$/, "");
	switch (field) {
		case "date_before":
			return "2026-06-01";
		case "date_after":
			return "2025-06-01";
		case "date_between":
			return ["2026-03-01", "2026-03-31"];
		case "store_currency":
			return samples.storeCurrency;
		case "customer_currency":
			return samples.customerCurrency;
		case "customer_country":
			return "FR";
		case "risk_level":
			return "1";
		case "loan_id":
			return samples.loanId;
		case "deposit_id":
			return samples.depositId;
		case "search":
			return samples.customerName;
		case "search_term":
			return samples.customerName.slice(0, 4);
		default:
			return null;
	}
}

function queryString(params: Record<string, string | string[] | number>): string {
	const parts: string[] = [];
	for (const [key, value] of Object.entries(params)) {
		if (Array.isArray(value))
			for (const [index, item] of value.entries()) parts.push(`${key}[${index}]=${encodeURIComponent(item)}`);
		else parts.push(`${key}=${encodeURIComponent(String(value))}`);
	}
	return parts.join("&");
}

function shapeOf(route: RouteContract): Record<string, Schema> {
	const query = route.query as Schema | undefined;
	return (query?.shape ?? {}) as Record<string, Schema>;
}

/** The list, summary and suggestion routes of the contract. */
export function listRoutes(): RouteContract[] {
	return ALL_ROUTES.filter((route) => {
		if (route.method !== "GET" || route.produces) return false;
		const shape = shapeOf(route);
		return "pagesize" in shape || route.path.endsWith("/summary") || route.path.endsWith("/search");
	});
}

/** Enum parameters a route requires (the blocked and on-review tabs' status), at their first value. */
function requiredParams(shape: Record<string, Schema>): Record<string, string> {
	const required: Record<string, string> = {};
	for (const [name, schema] of Object.entries(shape)) {
		const type = (schema.def as { type?: string } | undefined)?.type;
		const first = enumValues(schema)?.[0];
		if (type !== "optional" && type !== "default" && first !== undefined) required[name] = first;
	}
	return required;
}

/**
 * Filter values no transaction of the demo store has, alone and with what else a list may ask: a
 * country code no one has, and "card", which only a card of no known brand would carry (every
 * demo card has its brand). An empty answer must be as fast as a full one.
 */
function matchingNothing(samples: StoreSamples): [label: string, params: Record<string, string>][] {
	return [
		["customer_country_is=ZZ", { customer_country_is: "ZZ" }],
		["source_is=card", { source_is: "card" }],
		[
			"customer_country_is=ZZ, sort=amount desc",
			{ customer_country_is: "ZZ", sort: "amount", direction: "desc" },
		],
		[
			"customer_country_is=ZZ, date_after=2025-06-01",
			{ customer_country_is: "ZZ", date_after: "2025-06-01" },
		],
		[
			"customer_country_is=ZZ, search=(a customer's name)",
			{ customer_country_is: "ZZ", search: samples.customerName },
		],
	];
}

/** Every request of one route: each filter parameter, each sort both ways, the last page, match any. */
export function requestsOf(route: RouteContract, samples: StoreSamples): ListRequest[] {
	const shape = shapeOf(route);
	const required = requiredParams(shape);
	const requests: ListRequest[] = [];
	const add = (label: string, params: Record<string, string | string[] | number>) => {
		const filtered = Object.keys(params).length > 0;
		const query = queryString({
			...required,
			...params,
			...(filtered ? { user_timezone: "Europe/Paris" } : {}),
		});
		const prefix = Object.entries(required)
			.map(([name, value]) => `${name}=${value} `)
			.join("");
		requests.push({
			route: route.path,
			label: `${prefix}${label}`,
			url: query ? `${route.path}?${query}` : route.path,
		});
	};
	if (route.path.endsWith("/search")) {
		add("search_term=(a name's first 4 letters)", { search_term: samples.customerName.slice(0, 4) });
		add("search_term=(# and an order number's first 3 digits)", {
			search_term: `#${samples.orderNumber.slice(0, 3)}`,
		});
		add("search_term=ch_00", { search_term: "ch_00" });
		add("search_term=(a payment intent id's first 5 characters)", {
			search_term: samples.paymentIntentId.slice(0, 5),
		});
		return requests;
	}
	add("unfiltered", {});
	const ruleParams: string[] = [];
	for (const [name, schema] of Object.entries(shape)) {
		if (NOT_FILTERS.has(name) || name in required) continue;
		const values = enumValues(schema);
		const value = values
			? name.endsWith("_is_in")
				? values.slice(0, 2)
				: (values[1] ?? values[0] ?? "")
			: sampleValue(name, samples);
		if (value === null)
			throw new Error(
				`${route.path}: no sample value for the filter "${name}"; add one to bench/src/list-requests.ts`,
			);
		const shown = values
			? Array.isArray(value)
				? value.join(",")
				: value
			: (DESCRIBED[name.replace(/_(is|is_not)$/, "")] ?? value);
		add(`${name}=${shown}`, { [name]: value });
		if (/_is$/.test(name) && name !== "store_currency_is") ruleParams.push(name);
	}
	if ("search" in shape) add("search=(a payment intent id)", { search: samples.paymentIntentId });
	if (ruleParams.length >= 2 && "match" in shape) {
		const [first, second] = ruleParams as [string, string];
		const sampleOf = (param: string) => enumValues(shape[param])?.[1] ?? sampleValue(param, samples) ?? "";
		add(`match=any (${first}, ${second})`, {
			match: "any",
			[first]: sampleOf(first),
			[second]: sampleOf(second),
		});
	}
	for (const sort of enumValues(shape.sort) ?? [])
		for (const direction of ["asc", "desc"]) add(`sort=${sort} ${direction}`, { sort, direction });
	if (route.path.endsWith("/transactions") || route.path.endsWith("/transactions/summary")) {
		for (const [label, params] of matchingNothing(samples)) {
			if ("sort" in params && !("sort" in shape)) continue;
			add(`${label} (matches nothing)`, params);
		}
	}
	if ("page" in shape && route.path.endsWith("/transactions")) {
		const last = Math.ceil(samples.transactions / 25);
		add("the last page", { page: last });
		const middle = Math.ceil(last / 2);
		for (const sort of enumValues(shape.sort) ?? [])
			for (const direction of ["asc", "desc"])
				add(`the middle page, sort=${sort} ${direction}`, { page: middle, sort, direction });
		add("the middle page of type_is=charge, sort=amount desc", {
			page: Math.ceil(samples.charges / 25 / 2),
			type_is: "charge",
			sort: "amount",
			direction: "desc",
		});
		add("the middle page of customer_country_is_not=FR, sort=amount asc", {
			page: Math.ceil(samples.outsideFrance / 25 / 2),
			customer_country_is_not: "FR",
			sort: "amount",
			direction: "asc",
		});
	}
	return requests;
}
