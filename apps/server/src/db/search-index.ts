/**
 * The customer search terms (migration 0006): each distinct lowered name and e-mail of an
 * account's ledger, added by a trigger on every insert into balance_transactions. A bulk load
 * (the seed) would pay that trigger a million times for some forty thousand terms, so it
 * suspends it and fills the terms once at the end, with one grouped read of the ledger.
 */
import { sql } from "kysely";
import type { Db } from "./connection.ts";

const SQLITE_TRIGGERS = {
	balance_transactions_terms_insert: sql`create trigger if not exists balance_transactions_terms_insert after insert on balance_transactions begin
		insert or ignore into customer_search_terms (account_id, term)
		select new.account_id, lower(new.customer_name) where new.customer_name is not null
		union all select new.account_id, lower(new.customer_email) where new.customer_email is not null;
	end`,
	balance_transactions_terms_update: sql`create trigger if not exists balance_transactions_terms_update after update of customer_name, customer_email on balance_transactions begin
		insert or ignore into customer_search_terms (account_id, term)
		select new.account_id, lower(new.customer_name) where new.customer_name is not null
		union all select new.account_id, lower(new.customer_email) where new.customer_email is not null;
	end`,
};

/** Adds every name and e-mail of the account's ledger that is not a term yet. */
export async function fillSearchTerms(db: Db, accountId: string): Promise<void> {
	const distinct = sql`
		select distinct account_id, lower(customer_name) from balance_transactions
		where account_id = ${accountId} and customer_name is not null
		union select distinct account_id, lower(customer_email) from balance_transactions
		where account_id = ${accountId} and customer_email is not null`;
	if (db.dialect === "sqlite")
		await sql`insert or ignore into customer_search_terms (account_id, term) ${distinct}`.execute(db.kysely);
	else
		await sql`insert into customer_search_terms (account_id, term) ${distinct} on conflict do nothing`.execute(
			db.kysely,
		);
}

/** Runs a bulk load of one account's ledger with the terms trigger suspended, then fills the terms. */
export async function withSearchIndexSuspended<T>(
	db: Db,
	accountId: string,
	load: () => Promise<T>,
): Promise<T> {
	if (db.dialect === "sqlite")
		for (const name of Object.keys(SQLITE_TRIGGERS))
			await sql`drop trigger if exists ${sql.id(name)}`.execute(db.kysely);
	else
		await sql`alter table balance_transactions disable trigger balance_transactions_terms`.execute(db.kysely);
	try {
		return await load();
	} finally {
		if (db.dialect === "sqlite")
			for (const trigger of Object.values(SQLITE_TRIGGERS)) await trigger.execute(db.kysely);
		else
			await sql`alter table balance_transactions enable trigger balance_transactions_terms`.execute(
				db.kysely,
			);
		await fillSearchTerms(db, accountId);
	}
}
