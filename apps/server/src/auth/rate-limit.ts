/**
 * Failed-attempt limits kept in the database, so several servers share them: a bucket
 * (login per address, login per user name, application password per address) allows
 * `limit` failures per window.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface Limit {
	limit: number;
	windowSeconds: number;
}

export const LOGIN_LIMIT: Limit = { limit: 5, windowSeconds: 15 * 60 };
export const ADDRESS_LIMIT: Limit = { limit: 20, windowSeconds: 15 * 60 };

const GLOBAL = "";

/** Seconds until the bucket allows another attempt, or 0 when it allows one now. */
export async function retryAfter(
	db: Kysely<Database>,
	bucket: string,
	rule: Limit,
	now: number,
): Promise<number> {
	const row = await db
		.selectFrom("rate_limits")
		.select(["window_start", "count"])
		.where("account_id", "=", GLOBAL)
		.where("bucket", "=", bucket)
		.executeTakeFirst();
	if (!row || row.window_start + rule.windowSeconds <= now || row.count < rule.limit) return 0;
	return row.window_start + rule.windowSeconds - now;
}

export async function recordFailure(
	db: Kysely<Database>,
	bucket: string,
	rule: Limit,
	now: number,
): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const row = await trx
			.selectFrom("rate_limits")
			.select(["window_start", "count"])
			.where("account_id", "=", GLOBAL)
			.where("bucket", "=", bucket)
			.executeTakeFirst();
		if (!row) {
			await trx
				.insertInto("rate_limits")
				.values({ account_id: GLOBAL, bucket, window_start: now, count: 1 })
				.onConflict((oc) =>
					oc
						.columns(["account_id", "bucket"])
						.doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })),
				)
				.execute();
			return;
		}
		const expired = row.window_start + rule.windowSeconds <= now;
		await trx
			.updateTable("rate_limits")
			.set(expired ? { window_start: now, count: 1 } : { count: row.count + 1 })
			.where("account_id", "=", GLOBAL)
			.where("bucket", "=", bucket)
			.execute();
	});
}

export async function clearFailures(db: Kysely<Database>, bucket: string): Promise<void> {
	await db.deleteFrom("rate_limits").where("account_id", "=", GLOBAL).where("bucket", "=", bucket).execute();
}
