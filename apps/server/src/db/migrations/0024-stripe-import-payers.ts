/**
 * The import of a connected Stripe account now copies its customers and payment intents as kinds
 * of their own. A copy that was live before had no cursor for them: it goes back to importing,
 * which copies only what has no finished cursor (the new kinds; nothing is copied twice), then
 * returns to live on its own.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
	await sql`update stripe_connections set status = 'importing', import_runner = null, import_lease_until = null where status = 'live'`.execute(
		db,
	);
}

export async function down(): Promise<void> {
	// Nothing to undo: an import that ran again leaves the copy live, as it was.
}
