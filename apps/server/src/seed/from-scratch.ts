/**
 * Building a demo store so that a crash midway cannot leave a half-built one behind:
 * a marker is written before the first row and removed after the last (rollups, sequences and
 * account state included); a store that still carries the marker was interrupted, and the
 * server clears it and builds it again at its next start. The marker's name is outside what the
 * options REST route may write, so no client can ask for a rebuild.
 */
import type { Db } from "../db/connection.ts";
import { clearStoreData, type SeedOptions, type SeedSummary, seedStore } from "./store.ts";

export const SEED_UNFINISHED_OPTION = "paydesk_seed_unfinished";

/** Whether the store's last build was interrupted. */
export async function isSeedUnfinished(db: Db, accountId: string): Promise<boolean> {
	const row = await db.kysely
		.selectFrom("options")
		.select("name")
		.where("account_id", "=", accountId)
		.where("name", "=", SEED_UNFINISHED_OPTION)
		.executeTakeFirst();
	return row !== undefined;
}

/** Clears the store's data (its users stay) and builds the demo store, marked until it is whole. */
export async function seedFromScratch(db: Db, options: SeedOptions): Promise<SeedSummary> {
	await clearStoreData(db, options.accountId);
	await db.kysely
		.insertInto("options")
		.values({ account_id: options.accountId, name: SEED_UNFINISHED_OPTION, value: "true" })
		.execute();
	const summary = await seedStore(db, options);
	await db.kysely
		.deleteFrom("options")
		.where("account_id", "=", options.accountId)
		.where("name", "=", SEED_UNFINISHED_OPTION)
		.execute();
	return summary;
}
