/**
 * Limits kept in the database, so several servers share them: a bucket (login per address,
 * login per user name, application password per address, an expensive route per user) allows
 * `limit` events per fixed window.
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

/**
 * Counts one event in the bucket's fixed window with a single atomic upsert, starting a new
 * window when the last one has ended, and answers the count and the window's start. Concurrent
 * calls on any engine and from any process each count once: nothing is read and written back.
 */
export async function countHit(
	db: Kysely<Database>,
	bucket: string,
	rule: Limit,
	now: number,
): Promise<{ count: number; windowStart: number }> {
	const ended = now - rule.windowSeconds;
	const row = await db
		.insertInto("rate_limits")
		.values({ account_id: GLOBAL, bucket, window_start: now, count: 1 })
		.onConflict((oc) =>
			oc.columns(["account_id", "bucket"]).doUpdateSet((eb) => {
				const windowEnded = eb("rate_limits.window_start", "<=", ended);
				return {
					count: eb
						.case()
						.when(windowEnded)
						.then(1)
						.else(eb("rate_limits.count", "+", 1))
						.end(),
					window_start: eb.case().when(windowEnded).then(now).else(eb.ref("rate_limits.window_start")).end(),
				};
			}),
		)
		.returning(["count", "window_start"])
		.executeTakeFirstOrThrow();
	return { count: Number(row.count), windowStart: Number(row.window_start) };
}

export interface AttemptBucket {
	bucket: string;
	rule: Limit;
}

/**
 * Whether the buckets allow a password check now: the seconds to wait when one is past its
 * limit (that refused attempt is counted too, so every failed try shows), else 0. A right
 * password costs nothing, so a script's burst of requests is never refused.
 */
export async function takeAttempt(
	db: Kysely<Database>,
	buckets: readonly AttemptBucket[],
	now: number,
): Promise<number> {
	let wait = 0;
	for (const { bucket, rule } of buckets) {
		const row = await db
			.selectFrom("rate_limits")
			.select(["window_start", "count"])
			.where("account_id", "=", GLOBAL)
			.where("bucket", "=", bucket)
			.executeTakeFirst();
		const start = Number(row?.window_start ?? 0);
		if (row && start + rule.windowSeconds > now && Number(row.count) >= rule.limit)
			wait = Math.max(wait, start + rule.windowSeconds - now, 1);
	}
	if (wait > 0) await attemptFailed(db, buckets, now);
	return wait;
}

/** A wrong password: counted in every bucket with one atomic upsert each. */
export async function attemptFailed(
	db: Kysely<Database>,
	buckets: readonly AttemptBucket[],
	now: number,
): Promise<void> {
	for (const { bucket, rule } of buckets) await countHit(db, bucket, rule, now);
}

/** A right password: the user name's failures are forgotten. */
export async function attemptSucceeded(db: Kysely<Database>, user: string): Promise<void> {
	await clearFailures(db, user);
}

export async function clearFailures(db: Kysely<Database>, bucket: string): Promise<void> {
	await db.deleteFrom("rate_limits").where("account_id", "=", GLOBAL).where("bucket", "=", bucket).execute();
}
