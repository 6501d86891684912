/**
 * Audit retention: rows older than AUDIT_RETENTION_DAYS are removed from the front of each
 * account's chain. The head keeps the last removed row's seq and hash, so verify starts at the
 * first kept row and checks that it points at them: a cut front is not a broken chain.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

/** Removes the expired rows of every account; answers how many went. */
export async function purgeAuditLog(
	db: Kysely<Database>,
	now: number,
	retentionDays: number,
): Promise<number> {
	const cutoff = now - retentionDays * 86_400;
	const accounts = await db
		.selectFrom("audit_log")
		.select("account_id")
		.where("created", "<", cutoff)
		.distinct()
		.execute();
	let removed = 0;
	for (const { account_id: accountId } of accounts) {
		removed += await db.transaction().execute(async (trx) => {
			// Holding the head: no append interleaves with the cut.
			const head = await trx
				.updateTable("audit_heads")
				.set({ seq: (eb) => eb.ref("seq") })
				.where("account_id", "=", accountId)
				.returning(["seq"])
				.executeTakeFirst();
			if (!head) return 0;
			// The front only: rows are appended in time order, so the last expired row ends it.
			const last = await trx
				.selectFrom("audit_log")
				.select(["seq", "hash"])
				.where("account_id", "=", accountId)
				.where("created", "<", cutoff)
				.orderBy("seq", "desc")
				.limit(1)
				.executeTakeFirst();
			if (!last) return 0;
			const gone = await trx
				.deleteFrom("audit_log")
				.where("account_id", "=", accountId)
				.where("seq", "<=", Number(last.seq))
				.executeTakeFirst();
			await trx
				.updateTable("audit_heads")
				.set({ cut_seq: Number(last.seq), cut_hash: last.hash })
				.where("account_id", "=", accountId)
				.execute();
			return Number(gone.numDeletedRows);
		});
	}
	return removed;
}
