/**
 * Transactions (the balance transactions of the account), spec 2 §2/§3/§7 and spec 1 §9.
 *
 * Shapes chosen where the spec is silent:
 * - `date` and `available_on` are ISO 8601 strings in UTC; the admin shows them in the store's
 *   time zone. Amounts are minor units; `fees` is positive and `net = amount - fees`.
 * - `search` takes one term or several (`search[]=a&search[]=b`); a row matches when any term
 *   matches its order number, customer name or e-mail (case-insensitive, anywhere in the text),
 *   or equals its transaction, charge or payment intent id. The suggestions' `value` is such a term.
 * - The summary's sums cover every matching row; `currency` is their one currency, else the
 *   store currency filter, else the account's default when nothing matches, and null when the
 *   rows span several currencies (the admin then hides the sums). `store_currencies`,
 *   `customer_currencies` and `sources` list every value the account has, whatever the filter,
 *   so the currency selector and the filter choices stay put while filtering.
 */
import { z } from "zod";
import { minorAmount, objectId } from "./common.ts";
import { defineExportRoutes } from "./exports.ts";
import { defineListQuery, listResponse, sharedFilterFields } from "./list.ts";
import { defineRoute, REST_BASE } from "./route.ts";
import { transactionList } from "./transaction-list.ts";

/** One search term or several, as a list; each at most 100 characters. */
export const searchTerms = z
	.union([z.string().max(100), z.array(z.string().max(100)).max(20)])
	.transform((value) => (Array.isArray(value) ? value : [value]).map((term) => term.trim()).filter(Boolean))
	.optional();

/** The shared fields, then every value rule the list declares (transaction-list.ts). */
export const transactionFilterFields = {
	...sharedFilterFields,
	...transactionList.ruleParamsShape,
	/** A payout's own transactions (always narrows, not an advanced rule). */
	deposit_id: objectId.optional(),
	search: searchTerms,
};

/** Sortable columns; each pages through an index of its own. */
export const TRANSACTION_SORTS = transactionList.sorts;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

export const transactionQueries = defineListQuery({
	sort: TRANSACTION_SORTS,
	defaultSort: "date",
	defaultDirection: "desc",
	filters: transactionFilterFields,
});
export type TransactionListQuery = z.output<typeof transactionQueries.paged>;
export type TransactionSortedQuery = z.output<typeof transactionQueries.sorted>;
export type TransactionFilters = z.output<typeof transactionQueries.filters>;

export const linkedDocument = z.object({ number: z.string(), url: z.string() });

export const transactionOrder = z.object({
	number: z.string(),
	/** The order's edit screen: /wp-admin/post.php?post={id}&action=edit */
	url: z.string(),
	/** This customer's payments: the transactions list searched by e-mail; null without an e-mail. */
	customer_url: z.string().nullable(),
	subscriptions: z.array(linkedDocument),
});

export const transaction = z.object({
	transaction_id: z.string(),
	charge_id: z.string().nullable(),
	payment_intent_id: z.string().nullable(),
	date: z.string(),
	/** One of the transaction types; any other value reads 'Unknown transactions'. */
	type: z.string(),
	channel: z.string().nullable(),
	source: z.string().nullable(),
	source_identifier: z.string().nullable(),
	source_device: z.string().nullable(),
	currency: z.string(),
	amount: minorAmount,
	customer_currency: z.string().nullable(),
	customer_amount: minorAmount.nullable(),
	fees: minorAmount,
	net: minorAmount,
	risk_level: z.number().int().nullable(),
	order: transactionOrder.nullable(),
	customer_name: z.string().nullable(),
	customer_email: z.string().nullable(),
	customer_country: z.string().nullable(),
	deposit_id: z.string().nullable(),
	deposit_status: z.string().nullable(),
	available_on: z.string(),
	loan_id: z.string().nullable(),
	metadata: z.object({ charge_type: z.string().nullable() }),
});
export type Transaction = z.infer<typeof transaction>;

const TRANSACTIONS = `${REST_BASE}/transactions`;

export const listTransactions = defineRoute({
	method: "GET",
	path: TRANSACTIONS,
	summary: "Transactions, one page, filtered and sorted",
	tag: "transactions",
	query: transactionQueries.paged,
	response: listResponse(transaction),
});

export const transactionsSummary = z.object({
	count: z.number().int(),
	total: minorAmount,
	fees: minorAmount,
	net: minorAmount,
	currency: z.string().nullable(),
	store_currencies: z.array(z.string()),
	customer_currencies: z.array(z.string()),
	sources: z.array(z.string()),
});
export type TransactionsSummary = z.infer<typeof transactionsSummary>;

export const getTransactionsSummary = defineRoute({
	method: "GET",
	path: `${TRANSACTIONS}/summary`,
	summary: "Count, total, fees and net of the filtered transactions",
	tag: "transactions",
	query: transactionQueries.filters,
	response: transactionsSummary,
});

/** A search suggestion: what the merchant reads and the term the list is searched with. */
export const searchSuggestion = z.object({ label: z.string(), value: z.string() });

export const searchTermQuery = z.object({ search_term: z.string().trim().max(100).default("") });

export const searchTransactions = defineRoute({
	method: "GET",
	path: `${TRANSACTIONS}/search`,
	summary: "Up to 10 suggestions (order numbers, customers, ids) starting with the term",
	rateLimit: "suggestions",
	tag: "transactions",
	query: searchTermQuery,
	response: z.array(searchSuggestion),
});

export const transactionExports = defineExportRoutes({
	kind: "transactions",
	listPath: TRANSACTIONS,
	query: transactionQueries.sorted,
	tag: "transactions",
	noun: "transactions",
});
