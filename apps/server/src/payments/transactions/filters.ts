/**
 * The WHERE of every transaction query (list, count, summary, export), written once over column
 * names that balance_transactions and transaction_rollups share, so the same rules run on both:
 * - advanced rules (dates and every *_is / *_is_not / type_is_in) combined by `match`;
 * - store_currency_is, deposit_id and search always narrow;
 * - "is not" keeps rows where the field is empty (a loan payout has no customer currency, so it
 *   is "not EUR"); rollups store empty as '' / -1, which the same SQL reads the same way.
 */

import { dateRulesOf } from "@paydesk/contract/list";
import { type TransactionRuleField, transactionList } from "@paydesk/contract/transaction-list";
import type { TransactionFilters } from "@paydesk/contract/transactions";
import { dateRuleRange, type EpochRange } from "@paydesk/domain/dates";
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { DialectName } from "../../db/connection.ts";
import { containsInsensitive } from "../../db/dialect.ts";
import type { RollupDimension } from "../../ledger/rollup-dimensions.ts";
import { dateRuleConditions } from "../../lists/list-sql.ts";

type Condition = Expression<SqlBool>;

const TRUE: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`;

export function all(parts: readonly Condition[]): Condition {
	if (parts.length === 0) return TRUE;
	return parts.length === 1 ? (parts[0] as Condition) : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

function any(parts: readonly Condition[]): Condition {
	if (parts.length === 0) return TRUE;
	return parts.length === 1 ? (parts[0] as Condition) : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

const is = (column: string, value: string | number) => sql<SqlBool>`${sql.ref(column)} = ${value}`;
const isNot = (column: string, value: string | number) =>
	sql<SqlBool>`(${sql.ref(column)} is null or ${sql.ref(column)} <> ${value})`;

/**
 * The ledger column (and rollup dimension) each value filter of the list's declaration reads. A
 * filter is always on a rolled-up column, so every summary of the list's filters can be read from
 * the rollups; a filter declared without its column here fails the type check.
 */
const FILTER_COLUMNS: Readonly<Record<TransactionRuleField, RollupDimension>> = {
	customer_currency: "customer_currency",
	source: "source",
	type: "type",
	loan_id: "loan_id",
	source_device: "source_device",
	channel: "channel",
	customer_country: "customer_country",
	risk_level: "risk_level",
};

/** Every `<field>_is`, `<field>_is_not` and `<field>_is_in` rule the list declares, on its column. */
const COLUMN_RULES = transactionList.ruleParams.map(({ param, field, rule }) => ({
	param: param as keyof TransactionFilters,
	column: FILTER_COLUMNS[field],
	rule,
}));

/** The *_is / *_is_not / *_is_in rules on the ledger's columns. */
function columnRules(filters: TransactionFilters): Condition[] {
	const rules: Condition[] = [];
	for (const { param, column, rule } of COLUMN_RULES) {
		const value = filters[param] as string | number | readonly string[] | undefined;
		if (value === undefined) continue;
		if (rule === "is_in") {
			const values = value as readonly string[];
			if (values.length > 0) rules.push(sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`);
		} else if (rule === "is") rules.push(is(column, value as string | number));
		else rules.push(isNot(column, value as string | number));
	}
	return rules;
}

/** The trigram text index answers terms of three characters or more; shorter ones scan. */
const TRIGRAM = 3;

/**
 * The account's customer search terms (lowered names and e-mails, migration 0006) that contain
 * the term, case-insensitive: on SQLite through the FTS5 trigram index (a quoted phrase matches
 * any run of characters), on PostgreSQL by LIKE on the lowered term, which uses the pg_trgm
 * index. Terms shorter than a trigram scan the terms (thousands of rows), never the ledger.
 *
 * On SQLite the term is selected as `+term`: the column's TEXT affinity would otherwise be
 * applied to `lower(customer_name) IN (…)`, and SQLite then ignores the index on lower() and
 * reads every index entry of the account.
 */
function matchingTerms(dialect: DialectName, accountId: string, term: string) {
	if (dialect === "postgres") {
		// Terms are stored lowered, so LIKE on the lowered term: PostgreSQL's estimate for ILIKE
		// on the trigram index is so high that it reads every term instead (17 ms, not 1).
		const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
		return sql`select term from customer_search_terms where account_id = ${accountId}
			and term like '%' || lower(${escaped}) || '%' escape '\\'`;
	}
	if ([...term].length < TRIGRAM)
		return sql`select +term from customer_search_terms where account_id = ${accountId}
			and ${containsInsensitive(dialect, sql.ref<string>("term"), term)}`;
	const phrase = `"${term.replaceAll('"', '""')}"`;
	return sql`select +terms.term from customer_search_terms_text as found
		cross join customer_search_terms as terms on terms.rowid = found.rowid
		where customer_search_terms_text match ${phrase} and terms.account_id = ${accountId}`;
}

/**
 * Customer name or e-mail containing the term, case-insensitive: the ledger's rows whose lowered
 * name or e-mail is one of the matching terms, read through its lower(customer_name) and
 * lower(customer_email) indexes.
 */
function customerContains(dialect: DialectName, accountId: string, term: string): Condition {
	// PostgreSQL cannot read an index for `x IN (subquery)` under an OR (it filters every row
	// with the subquery's hash); `x = ANY (ARRAY(subquery))` runs the subquery once and gives
	// an index condition, so the search's OR becomes a BitmapOr of index scans.
	const oneOf = (column: string) =>
		dialect === "postgres"
			? sql<SqlBool>`lower(${sql.ref(column)}) = any (array(${matchingTerms(dialect, accountId, term)}))`
			: sql<SqlBool>`lower(${sql.ref(column)}) in (${matchingTerms(dialect, accountId, term)})`;
	return any([oneOf("customer_name"), oneOf("customer_email")]);
}

/**
 * The rows of a payment intent, found through its charge (charges_intent): a balance
 * transaction's payment_intent_id is always its charge's, so the ledger needs no index by
 * intent of its own. On PostgreSQL as `= ANY (ARRAY(…))` for the reason customerContains gives.
 */
function ofIntent(dialect: DialectName, accountId: string, term: string): Condition {
	const charge = sql`select id from charges where account_id = ${accountId} and payment_intent_id = ${term}`;
	return dialect === "postgres"
		? sql<SqlBool>`charge_id = any (array(${charge}))`
		: sql<SqlBool>`charge_id in (${charge})`;
}

function searchCondition(dialect: DialectName, accountId: string, terms: readonly string[]): Condition {
	return any(
		terms.map((term) => {
			const orderNumber = term.replace(/^#/, "");
			return any([
				is("order_number", orderNumber),
				is("id", term),
				is("charge_id", term),
				ofIntent(dialect, accountId, term),
				customerContains(dialect, accountId, term),
			]);
		}),
	);
}

/** How many advanced rules the filters hold; with one, match any and all mean the same. */
function advancedRuleCount(filters: TransactionFilters): number {
	return dateRulesOf(filters).length + columnRules(filters).length;
}

export function effectiveMatch(filters: TransactionFilters): "all" | "any" {
	return advancedRuleCount(filters) > 1 ? filters.match : "all";
}

/** The whole WHERE on balance_transactions (list, count, export, scan summaries). */
export function ledgerConditions(
	dialect: DialectName,
	accountId: string,
	filters: TransactionFilters,
	timeZone: string,
): Condition {
	const advanced = [...dateRuleConditions("created", filters, timeZone), ...columnRules(filters)];
	const parts: Condition[] = [is("account_id", accountId), ...narrowing(dialect, accountId, filters)];
	if (advanced.length > 0) parts.push(effectiveMatch(filters) === "any" ? any(advanced) : all(advanced));
	return all(parts);
}

/**
 * Whether rollups can answer a summary of these filters: only rolled-up columns and dates, and
 * dates only when every rule must hold (an OR with a date cannot be split into whole days).
 */
export function rollupEligible(filters: TransactionFilters): boolean {
	if (filters.search && filters.search.length > 0) return false;
	if (filters.deposit_id !== undefined) return false;
	return effectiveMatch(filters) === "all" || dateRulesOf(filters).length === 0;
}

/** The column rules combined by match, plus store_currency_is; on both tables when rollupEligible. */
export function dimensionConditions(filters: TransactionFilters): Condition[] {
	const parts: Condition[] = [];
	if (filters.store_currency_is) parts.push(is("currency", filters.store_currency_is));
	const rules = columnRules(filters);
	if (rules.length > 0) parts.push(effectiveMatch(filters) === "any" ? any(rules) : all(rules));
	return parts;
}

/**
 * The conditions on rolled-up columns that every matching row meets, whatever else the filters
 * hold (a search, a payout, dates): those of dimensionConditions, unless date rules are ORed
 * with the column rules (match any), when a row may match by its date alone and only the store
 * currency is certain. Empty when the filters hold none.
 */
export function requiredDimensionConditions(filters: TransactionFilters): Condition[] {
	if (effectiveMatch(filters) === "any" && dateRulesOf(filters).length > 0) {
		return filters.store_currency_is ? [is("currency", filters.store_currency_is)] : [];
	}
	return dimensionConditions(filters);
}

/** The one range of epoch seconds every date rule allows (match all). */
export function dateRange(filters: TransactionFilters, timeZone: string): EpochRange {
	const range: EpochRange = {};
	for (const rule of dateRulesOf(filters)) {
		const { from, until } = dateRuleRange(rule, timeZone);
		if (from !== undefined) range.from = range.from === undefined ? from : Math.max(range.from, from);
		if (until !== undefined) range.until = range.until === undefined ? until : Math.min(range.until, until);
	}
	return range;
}

function narrowing(dialect: DialectName, accountId: string, filters: TransactionFilters): Condition[] {
	const parts: Condition[] = [];
	if (filters.store_currency_is) parts.push(is("currency", filters.store_currency_is));
	if (filters.deposit_id) parts.push(is("deposit_id", filters.deposit_id));
	if (filters.search && filters.search.length > 0)
		parts.push(searchCondition(dialect, accountId, filters.search));
	return parts;
}
