/** Removes a store's data before it is seeded again; people and their logins stay. */
import type { Db } from "../db/connection.ts";
import type { Database } from "../db/schema.ts";
import { withRollups } from "../ledger/rollups.ts";
import { withValueCounts } from "../ledger/value-counts.ts";
import { DEFERRED_INDEXES_OPTION } from "./deferred-indexes.ts";

/** Tables about the store's people, kept so the administrator can still log in. */
const KEPT = ["users", "sessions", "application_passwords", "user_meta"] as const;

/** Every other table; the type check below fails when a new table is not listed here. */
const CLEARED = [
	"options",
	"sequences",
	"rate_limits",
	"orders",
	"charges",
	"balance_transactions",
	"customer_search_terms",
	"refunds",
	"disputes",
	"files",
	"payouts",
	"timeline_events",
	"loans",
	"loan_paydowns",
	"card_readers",
	"reader_charges",
	"documents",
	"inbox_notes",
	"export_jobs",
	"email_outbox",
	"idempotency_keys",
	"request_keys",
	"payment_intents",
	"account_clocks",
	"account_events",
	"notifications",
	"notification_reads",
	"usage_events",
] as const satisfies readonly Exclude<keyof Database, (typeof KEPT)[number] | "accounts">[];

type Unlisted = Exclude<keyof Database, (typeof KEPT)[number] | (typeof CLEARED)[number] | "accounts">;
const everyTableListed: [Unlisted] extends [never] ? true : never = true;

export async function clearStoreData(db: Db, accountId: string): Promise<void> {
	void everyTableListed;
	await db.kysely.transaction().execute(async (trx) => {
		for (const table of CLEARED) {
			let rows = trx.deleteFrom(table).where("account_id", "=", accountId);
			// The users stay, so does the counter their ids come from (or the next user collides);
			// event numbers go on from where they were, so an open stream's reader sees a reset.
			if (table === "sequences") rows = rows.where("name", "not in", ["users", "events"]);
			// Indexes an interrupted build set aside, which the next build must put back.
			if (table === "options") rows = rows.where("name", "!=", DEFERRED_INDEXES_OPTION);
			await rows.execute();
		}
		// The ledger's rollups and value counts live beside the typed schema (processor/).
		await withRollups(trx).deleteFrom("transaction_rollups").where("account_id", "=", accountId).execute();
		await withValueCounts(trx)
			.deleteFrom("transaction_value_counts")
			.where("account_id", "=", accountId)
			.execute();
		await trx.deleteFrom("accounts").where("id", "=", accountId).execute();
	});
}
