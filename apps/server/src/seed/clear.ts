/** Removes a store's data before it is seeded again; people and their logins stay. */
import type { Db } from "../db/connection.ts";
import { TABLES, type TableName } from "../db/tables.ts";
import { DEFERRED_INDEXES_OPTION } from "./deferred-indexes.ts";

/**
 * Tables about the store's people and their credentials, kept so the administrator can still log
 * in and a store's code keeps its API keys.
 */
const KEPT = [
	"users",
	"sessions",
	"application_passwords",
	"two_factor",
	"two_factor_recovery_codes",
	"user_meta",
	"api_keys",
	// Append-only: a new demo store does not erase who did what before it.
	"audit_log",
	"audit_heads",
] as const satisfies readonly TableName[];

type Cleared = Exclude<TableName, (typeof KEPT)[number] | "accounts">;

/**
 * Every other table, the ledger's rollups and value counts with it; accounts is keyed by id,
 * not account_id, and its row goes last.
 */
const CLEARED = TABLES.filter(
	(table): table is Cleared => table !== "accounts" && !(KEPT as readonly TableName[]).includes(table),
);

export async function clearStoreData(db: Db, accountId: string): Promise<void> {
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
		await trx.deleteFrom("accounts").where("id", "=", accountId).execute();
	});
}
