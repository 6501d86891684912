/**
 * Blocked (and on-review) transactions: payments a fraud rule acted on, spec 2 §2 "Blocked tab",
 * §3 Blocked transaction and Fraud summary, §7 and §8.
 *
 * - A row's status is the payment's current fraud outcome; the list holds the outcomes equal to
 *   `status` or to `additional_status` (the blocked tab asks for block, its export for block and
 *   review).
 * - When nothing matches, the list, its summary and its download answer 404 with the code
 *   wcpay_fraud_outcome_not_found, which the admin reads as an empty result (spec 2 §8).
 * - `created` is an ISO 8601 string in UTC. The download answers every matching row as JSON
 *   (`data`), in the list's order; the admin turns it into a CSV file.
 */
import { FRAUD_OUTCOME_STATUSES } from "@paydesk/domain/transactions";
import { z } from "zod";
import { minorAmount } from "./common.ts";
import { fraudOutcomeList } from "./fraud-outcome-list.ts";
import { listResponse, pagingFields, SORT_DIRECTIONS } from "./list.ts";
import { defineRoute, REST_BASE } from "./route.ts";
import { searchSuggestion, searchTerms } from "./transactions.ts";

export const FRAUD_OUTCOME_ERRORS = { notFound: "wcpay_fraud_outcome_not_found" } as const;

export const blockedTransaction = z.object({
	status: z.enum(FRAUD_OUTCOME_STATUSES),
	created: z.string(),
	amount: minorAmount,
	currency: z.string(),
	customer_name: z.string(),
	order_id: z.number().int().nullable(),
	payment_intent: z.object({ id: z.string() }),
});
export type BlockedTransaction = z.infer<typeof blockedTransaction>;

/**
 * The declared sorts (fraud-outcome-list.ts), and "created" accepted as another name of the date
 * sort (the column is the creation time).
 */
export const FRAUD_OUTCOME_SORTS = [...fraudOutcomeList.sorts, "created"] as const;

const outcomeFilterFields = {
	status: z.enum(FRAUD_OUTCOME_STATUSES),
	additional_status: z.enum(FRAUD_OUTCOME_STATUSES).optional(),
	search: searchTerms,
};

const sortFields = {
	sort: z.enum(FRAUD_OUTCOME_SORTS).default("date"),
	direction: z.enum(SORT_DIRECTIONS).default("desc"),
};

export const fraudOutcomeFilters = z.object(outcomeFilterFields);
export const fraudOutcomeSortedQuery = z.object({ ...sortFields, ...outcomeFilterFields });
export const fraudOutcomeListQuery = z.object({ ...pagingFields, ...sortFields, ...outcomeFilterFields });
export type FraudOutcomeSortedQuery = z.output<typeof fraudOutcomeSortedQuery>;
export type FraudOutcomeFilters = z.output<typeof fraudOutcomeFilters>;

const FRAUD_OUTCOMES = `${REST_BASE}/transactions/fraud-outcomes`;

export const listFraudOutcomes = defineRoute({
	method: "GET",
	path: FRAUD_OUTCOMES,
	summary: "Blocked or on-review transactions, one page",
	tag: "fraud-outcomes",
	query: fraudOutcomeListQuery,
	response: listResponse(blockedTransaction),
	errors: [FRAUD_OUTCOME_ERRORS.notFound],
});

export const fraudOutcomesSummary = z.object({
	count: z.number().int(),
	total: minorAmount,
	currencies: z.array(z.string()),
});

export const getFraudOutcomesSummary = defineRoute({
	method: "GET",
	path: `${FRAUD_OUTCOMES}/summary`,
	summary: "Count, total and currencies of the blocked or on-review transactions",
	tag: "fraud-outcomes",
	query: fraudOutcomeFilters,
	response: fraudOutcomesSummary,
	errors: [FRAUD_OUTCOME_ERRORS.notFound],
});

export const searchFraudOutcomes = defineRoute({
	method: "GET",
	path: `${FRAUD_OUTCOMES}/search`,
	summary: "Up to 10 suggestions (order numbers, customers, payment ids) among the outcomes of a status",
	rateLimit: "suggestions",
	tag: "fraud-outcomes",
	query: z.object({
		status: z.enum(FRAUD_OUTCOME_STATUSES).default("block"),
		search_term: z.string().trim().max(100).default(""),
	}),
	response: z.array(searchSuggestion),
});

export const downloadFraudOutcomes = defineRoute({
	method: "GET",
	path: `${FRAUD_OUTCOMES}/download`,
	summary: "Every matching blocked or on-review transaction, as JSON for a CSV built by the admin",
	rateLimit: "exports",
	tag: "fraud-outcomes",
	query: fraudOutcomeSortedQuery,
	response: z.object({ data: z.array(blockedTransaction) }),
	errors: [FRAUD_OUTCOME_ERRORS.notFound],
});
