/**
 * Search suggestions for the transactions list: order numbers, customer names and e-mails that
 * start with the term, and ids when the term looks like one. Each is a prefix range on an index
 * (balance_transactions_order_number, _customer_name, _customer_email on lower(), the primary
 * key, _charge; payment intents on charges_intent), read ten distinct keys at a time, so the time
 * does not grow with the ledger. Each value is a term the list's `search` matches.
 */
import { type Expression, sql } from "kysely";
import type { Db } from "../../db/connection.ts";

export const SUGGESTION_LIMIT = 10;

export interface Suggestion {
	label: string;
	value: string;
}

/**
 * The first string after every string starting with `prefix` (its last character bumped), so
 * `x >= prefix and x < next` is an index range. Surrogates are left alone: the bump of a
 * high code unit still bounds the range from above.
 */
export function prefixUpperBound(prefix: string): string {
	const last = prefix.charCodeAt(prefix.length - 1);
	return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/**
 * Distinct values of an indexed expression starting with the prefix, in index order, at most
 * `limit`: a loose index scan (each step is one index seek for the next larger key), so a prefix
 * that matches half the ledger costs the same as one that matches a single row.
 */
async function distinctPrefixed(
	db: Db,
	accountId: string,
	key: Expression<unknown>,
	shown: Expression<unknown>,
	prefix: string,
	limit: number,
): Promise<string[]> {
	if (limit <= 0) return [];
	const upper = prefixUpperBound(prefix);
	const result = await sql<{ value: string | null }>`
		with recursive found(k, n) as (
			select min(${key}), 1 from balance_transactions
			where account_id = ${accountId} and ${key} >= ${prefix} and ${key} < ${upper}
			union all
			select (
				select min(${key}) from balance_transactions
				where account_id = ${accountId} and ${key} > found.k and ${key} < ${upper}
			), n + 1
			from found where found.k is not null and n < ${sql.lit(limit)}
		)
		select (
			select ${shown} from balance_transactions where account_id = ${accountId} and ${key} = found.k limit 1
		) as value
		from found where found.k is not null order by found.n`.execute(db.kysely);
	return result.rows.map((row) => row.value).filter((value): value is string => typeof value === "string");
}

/**
 * Payment intents starting with the prefix that have balance transactions, in order, at most
 * `limit`: read from charges (an intent has one charge, and a balance transaction's intent is its
 * charge's), each charge kept when the ledger has a row of it (balance_transactions_charge).
 */
async function intentsPrefixed(db: Db, accountId: string, prefix: string, limit: number): Promise<string[]> {
	if (limit <= 0) return [];
	const result = await sql<{ value: string }>`
		select c.payment_intent_id as value from charges c
		where c.account_id = ${accountId} and c.payment_intent_id >= ${prefix}
			and c.payment_intent_id < ${prefixUpperBound(prefix)}
			and exists (select 1 from balance_transactions t where t.account_id = c.account_id and t.charge_id = c.id)
		order by c.payment_intent_id limit ${sql.lit(limit)}`.execute(db.kysely);
	return result.rows.map((row) => row.value);
}

const ID_PREFIXES: Record<string, string> = {
	ch_: "charge_id",
	py_: "charge_id",
	txn_: "id",
};

export async function transactionSuggestions(
	db: Db,
	accountId: string,
	rawTerm: string,
): Promise<Suggestion[]> {
	const term = rawTerm.trim();
	if (term.length === 0) return [];
	const suggestions: Suggestion[] = [];
	const room = () => SUGGESTION_LIMIT - suggestions.length;

	const orderTerm = term.replace(/^#/, "");
	if (/^\d+$/.test(orderTerm)) {
		const column = sql.ref("order_number");
		for (const number of await distinctPrefixed(db, accountId, column, column, orderTerm, room())) {
			suggestions.push({ label: `Order #${number}`, value: `#${number}` });
		}
	}

	if (term.startsWith("pi_")) {
		for (const id of await intentsPrefixed(db, accountId, term, room()))
			suggestions.push({ label: id, value: id });
		return suggestions;
	}
	const idColumn = Object.entries(ID_PREFIXES).find(([prefix]) => term.startsWith(prefix))?.[1];
	if (idColumn) {
		const column = sql.ref(idColumn);
		for (const id of await distinctPrefixed(db, accountId, column, column, term, room())) {
			suggestions.push({ label: id, value: id });
		}
		return suggestions;
	}

	// ASCII only, as SQLite's lower() does, so the term meets the index's own lowering.
	const lowered = term.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
	const names = await distinctPrefixed(
		db,
		accountId,
		sql`lower(customer_name)`,
		sql.ref("customer_name"),
		lowered,
		room(),
	);
	for (const name of names) suggestions.push({ label: name, value: name });
	const emails = await distinctPrefixed(
		db,
		accountId,
		sql`lower(customer_email)`,
		sql.ref("customer_email"),
		lowered,
		room(),
	);
	for (const email of emails) suggestions.push({ label: email, value: email });
	return suggestions;
}
