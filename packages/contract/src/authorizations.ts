/**
 * Uncaptured authorizations (payments waiting for capture), spec 2 §2 "Uncaptured tab", §3
 * Authorization and Authorization summary, §4, §7, §8 and §9.
 *
 * - `created` and `capture_by` (created + 7 days) are ISO 8601 strings in UTC.
 * - The sort key capture_by is read as created (spec 2 §2); the default is created ascending.
 * - The summary's `currency` is the one currency of the authorizations, the account's default
 *   when there are none, and null when they span several (`all_currencies` lists them).
 * - GET /authorizations/{id} answers any payment of that payment intent, captured or not, and
 *   404 authorization_missing when there is none (the admin ignores that code silently).
 */
import { authorizationSortKey } from "@paydesk/domain/transactions";
import { z } from "zod";
import { type AuthorizationSortField, authorizationList } from "./authorization-list.ts";
import { minorAmount, objectId } from "./common.ts";
import { listResponse, pagingFields, SORT_DIRECTIONS } from "./list.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const AUTHORIZATION_ERRORS = { missing: "authorization_missing" } as const;

export const authorization = z.object({
	payment_intent_id: z.string(),
	charge_id: z.string(),
	/** Read by the admin from is_captured (spec 2 §3). */
	is_captured: z.boolean(),
	created: z.string(),
	/** The capture deadline: 7 days after creation. */
	capture_by: z.string(),
	order_id: z.number().int().nullable(),
	customer_name: z.string(),
	customer_email: z.string(),
	customer_country: z.string(),
	risk_level: z.number().int().nullable(),
	amount: minorAmount,
	currency: z.string(),
});
export type Authorization = z.infer<typeof authorization>;

/** The sorts the server reads: every declared sort (authorization-list.ts) but capture_by, read as created. */
export const AUTHORIZATION_SORTS = ["created", "amount"] as const satisfies readonly AuthorizationSortField[];

export const authorizationListQuery = z.object({
	...pagingFields,
	sort: z
		.enum(authorizationList.sorts)
		.default("created")
		.transform((value) => authorizationSortKey(value) as (typeof AUTHORIZATION_SORTS)[number]),
	direction: z.enum(SORT_DIRECTIONS).default("asc"),
});
export type AuthorizationListQuery = z.output<typeof authorizationListQuery>;

const AUTHORIZATIONS = `${REST_BASE}/authorizations`;

export const listAuthorizations = defineRoute({
	method: "GET",
	path: AUTHORIZATIONS,
	summary: "Uncaptured authorizations, one page (default: oldest first)",
	tag: "authorizations",
	query: authorizationListQuery,
	response: listResponse(authorization),
});

export const authorizationsSummary = z.object({
	count: z.number().int(),
	total: minorAmount,
	currency: z.string().nullable(),
	all_currencies: z.array(z.string()),
});

export const getAuthorizationsSummary = defineRoute({
	method: "GET",
	path: `${AUTHORIZATIONS}/summary`,
	summary: "Count and total of the uncaptured authorizations",
	tag: "authorizations",
	// The admin sends the list's paging and sort along; they do not change the summary.
	query: authorizationListQuery,
	response: authorizationsSummary,
});

export const getAuthorization = defineRoute({
	method: "GET",
	path: `${AUTHORIZATIONS}/{id}`,
	summary: "The authorization of a payment intent, captured or not",
	tag: "authorizations",
	params: z.object({ id: objectId }),
	response: authorization,
	errors: [AUTHORIZATION_ERRORS.missing],
});
