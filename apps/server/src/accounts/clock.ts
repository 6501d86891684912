/**
 * Each account's processor time (DESIGN §3a "one clock"): real time for ordinary
 * accounts; for sandbox (test-mode) accounts, a test clock that runs with real time but can be
 * moved forward, never back. Everything that reads an account's "now" reads it here, from the
 * one Clock plus the account's stored offset, so every server process sees the same time.
 */
import type { Kysely } from "kysely";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/schema.ts";

/** The account's clock row, created on first use with its timed work done through `now`. */
export async function ensureAccountClock(
	db: Kysely<Database>,
	accountId: string,
	now: number,
): Promise<void> {
	await db
		.insertInto("account_clocks")
		.values({
			account_id: accountId,
			offset_seconds: 0,
			processed_through: now,
			runner: null,
			lease_until: null,
		})
		.onConflict((conflict) => conflict.column("account_id").doNothing())
		.execute();
}

/** Seconds the account's test clock is ahead of real time. */
export async function clockOffset(db: Kysely<Database>, accountId: string): Promise<number> {
	const row = await db
		.selectFrom("account_clocks")
		.select("offset_seconds")
		.where("account_id", "=", accountId)
		.executeTakeFirst();
	return Number(row?.offset_seconds ?? 0);
}

/** The account's current time (epoch seconds). */
export async function accountNow(db: Kysely<Database>, accountId: string, clock: Clock): Promise<number> {
	return clock.seconds() + (await clockOffset(db, accountId));
}

/** The account's clock as a Clock, for code that takes one (a request's handlers, the runner). */
export function offsetClock(clock: Clock, offsetSeconds: number): Clock {
	if (offsetSeconds === 0) return clock;
	return {
		now: () => new Date(clock.now().getTime() + offsetSeconds * 1000),
		seconds: () => clock.seconds() + offsetSeconds,
	};
}

export class TestClockRefused extends Error {
	constructor(message: string) {
		super(message);
		this.name = "TestClockRefused";
	}
}

/** Refuses (TestClockRefused) unless the account is a sandbox account, which has a test clock. */
export async function assertTestClock(db: Kysely<Database>, accountId: string): Promise<void> {
	const account = await db
		.selectFrom("accounts")
		.select(["test_mode"])
		.where("id", "=", accountId)
		.executeTakeFirst();
	if (!account) throw new TestClockRefused("No payments account is connected.");
	const connected = await db
		.selectFrom("stripe_connections")
		.select("account_id")
		.where("account_id", "=", accountId)
		.executeTakeFirst();
	if (connected) {
		throw new TestClockRefused(
			"This account is connected to Stripe, which keeps its time: its test clocks are managed in your Stripe Dashboard.",
		);
	}
	if (account.test_mode !== 1) {
		throw new TestClockRefused(
			"This account runs on real time: only a sandbox (test mode) account has a test clock to move.",
		);
	}
}

/**
 * Moves a sandbox account's test clock forward; answers the new time. Real-time accounts
 * (the demo store, live accounts) refuse. The timed work that became due runs separately.
 */
export async function advanceTestClock(
	db: Kysely<Database>,
	accountId: string,
	seconds: number,
	clock: Clock,
): Promise<number> {
	await assertTestClock(db, accountId);
	await ensureAccountClock(db, accountId, clock.seconds());
	await db
		.updateTable("account_clocks")
		.set((eb) => ({ offset_seconds: eb("offset_seconds", "+", seconds) }))
		.where("account_id", "=", accountId)
		.execute();
	return accountNow(db, accountId, clock);
}
