/**
 * Limits kept in the database, so several servers share them: a bucket (failed sign-ins per
 * address, per user and address, an expensive route per user) allows `limit` events per fixed
 * window.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface Limit {
	limit: number;
	windowSeconds: number;
}

/** Failed sign-ins of one user from one address. */
export const USER_ADDRESS_LIMIT: Limit = { limit: 5, windowSeconds: 15 * 60 };
/** Failed sign-ins from one address, whoever they tried. */
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

/** The two ways to sign in, each with buckets of its own. */
export type SignInDoor = "login" | "app-password";

/**
 * Where an attempt's failures are counted: against its address, and against the user it tried
 * from that address. The user is the one the login name or e-mail found (any spelling counts
 * as that user), else the name as typed. Failures never count against a user as a whole, so a
 * stranger's wrong passwords lock out the stranger's address and never the user's own.
 */
export function signInBuckets(
	door: SignInDoor,
	address: string,
	user: { account_id: string; id: number } | undefined,
	typedName: string,
): { buckets: AttemptBucket[]; userBucket: string } {
	const who = user ? `${user.account_id}/${user.id}` : `?${typedName.trim().toLowerCase()}`;
	const userBucket = `${door}-user:${who}@${address}`;
	return {
		buckets: [
			{ bucket: `${door}:${address}`, rule: ADDRESS_LIMIT },
			{ bucket: userBucket, rule: USER_ADDRESS_LIMIT },
		],
		userBucket,
	};
}

/** Seconds until the window of a bucket that holds more than its limit ends, else 0. */
const waitOf = (hit: { count: number; windowStart: number }, rule: Limit, now: number) =>
	hit.count > rule.limit ? Math.max(hit.windowStart + rule.windowSeconds - now, 1) : 0;

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

/**
 * A wrong password: counted in every bucket with one atomic upsert each. Answers the seconds to
 * wait when a bucket is now past its limit, else 0.
 */
export async function attemptFailed(
	db: Kysely<Database>,
	buckets: readonly AttemptBucket[],
	now: number,
): Promise<number> {
	let wait = 0;
	for (const { bucket, rule } of buckets)
		wait = Math.max(wait, waitOf(await countHit(db, bucket, rule, now), rule, now));
	return wait;
}

/** A right password: the failures of that user from that address are forgotten. */
export async function attemptSucceeded(db: Kysely<Database>, userBucket: string): Promise<void> {
	await db
		.deleteFrom("rate_limits")
		.where("account_id", "=", GLOBAL)
		.where("bucket", "=", userBucket)
		.execute();
}
