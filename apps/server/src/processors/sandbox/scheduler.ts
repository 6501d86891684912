/**
 * The processor's durable scheduler (DESIGN §3a): runs an account's timed work up to
 * its current time, boundary by boundary, in order.
 *
 * - Exactly once, on one process or many: a process first takes the account's lease (an atomic
 *   UPDATE … WHERE the lease is free or expired); each step then moves the account's cursor
 *   (account_clocks.processed_through) with a compare-and-set in the same database transaction
 *   as the step's work, so a step whose cursor moved meanwhile rolls back whole.
 * - Crash-safe: a process killed in a step loses the step's transaction, and the next run
 *   starts again from the cursor; nothing is done twice because the work and the cursor commit
 *   together, and every rule changes rows only from the state it expects.
 * - Catch-up: after downtime the steps replay each boundary in order (three days of daily
 *   payouts are three payouts, each of its own day's balance).
 *
 * A step is the next boundary of any rule: an authorization's 7 days, a dispute's arrival,
 * deadline or decision, a payout's move, the next scheduled payout — or `until`.
 */
import { captureDeadline } from "@paydesk/domain/capture";
import { type Kysely, sql } from "kysely";
import { loadAccount } from "../../accounts/account.ts";
import { ensureAccountClock } from "../../accounts/clock.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connection.ts";
import type { Database } from "../../db/schema.ts";
import { TUNING } from "../../env.ts";
import { type NewAccountEvent, paymentChange, recordAccountEvents } from "../../ledger/events.ts";
import { ACCOUNT_LEASE_SECONDS, type RunResult } from "../processor.ts";
import { advanceAccountLifecycle } from "./account-lifecycle.ts";
import { expireAuthorization } from "./captures.ts";
import { onboardingRecordOf } from "./onboarding.ts";
import {
	decideDueDisputes,
	nextDisputeArrival,
	nextDisputeChange,
	nextEvidenceReminder,
	raiseDueDisputes,
	remindDueEvidence,
} from "./timed-disputes.ts";
import { advancePayouts, makeScheduledPayouts, nextPayoutChange, nextPayoutRun } from "./timed-payouts.ts";

type Trx = Kysely<Database>;

/** How often a holder renews its lease while a run goes on. */
const LEASE_RENEW_SECONDS = 5;
/**
 * A pause inside each step's transaction, before it commits (env.ts PROCESSOR_STEP_PAUSE_MS,
 * default 0): the crash tests set it so a SIGKILL lands in the middle of a run.
 */
const STEP_PAUSE_MS = TUNING.PROCESSOR_STEP_PAUSE_MS;
/** At most this many steps per run, so one account cannot starve the others. */
const MAX_STEPS = 5000;

async function nextAuthorizationExpiry(trx: Trx, accountId: string): Promise<number | null> {
	const row = await trx
		.selectFrom("charges")
		.select((eb) => eb.fn.min<number>("created").as("first"))
		.where("account_id", "=", accountId)
		.where("intent_status", "=", sql.lit("requires_capture"))
		.executeTakeFirst();
	return row?.first == null ? null : captureDeadline(Number(row.first));
}

async function expireDueAuthorizations(
	trx: Trx,
	accountId: string,
	now: number,
	events: NewAccountEvent[],
): Promise<void> {
	const due = await trx
		.selectFrom("charges")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("intent_status", "=", sql.lit("requires_capture"))
		.where("created", "<=", now - captureDeadline(0))
		.orderBy("created")
		.execute();
	for (const charge of due) {
		const order =
			charge.order_id === null
				? undefined
				: await trx
						.selectFrom("orders")
						.selectAll()
						.where("account_id", "=", accountId)
						.where("id", "=", charge.order_id)
						.executeTakeFirst();
		// A capture that committed since the read wins: the expiry then changes nothing.
		if (await expireAuthorization(trx, charge, order)) {
			events.push(paymentChange("payment.canceled", charge, "canceled"));
		}
	}
}

/** The next boundary after `cursor` of any rule (past-due work counts as due now). */
async function nextBoundary(trx: Trx, accountId: string, cursor: number): Promise<number | null> {
	const account = await loadAccount(trx, accountId);
	if (!account) return null;
	const review = onboardingRecordOf(account).review;
	// A restricted_soon deadline restricts the account (so does a progressive-onboarding window
	// running out); a pending verification is decided. Past ones were applied after the last step.
	const future = (time: number | null | undefined) => (time != null && time > cursor ? time : null);
	const times = [
		account.status === "restricted_soon" || account.status === "enabled"
			? future(account.current_deadline)
			: null,
		future(review?.due),
		await nextAuthorizationExpiry(trx, accountId),
		await nextDisputeArrival(trx, accountId),
		await nextDisputeChange(trx, accountId),
		await nextEvidenceReminder(trx, accountId),
		await nextPayoutChange(trx, accountId),
		nextPayoutRun(account, cursor),
	].filter((value): value is number => value !== null);
	if (times.length === 0) return null;
	return Math.max(Math.min(...times), cursor);
}

/**
 * One step at `at`: every rule's work due by then, in a fixed order, then the account events of
 * what changed (last, as recordAccountEvents asks).
 */
async function runStep(trx: Trx, accountId: string, from: number, at: number): Promise<void> {
	const account = await loadAccount(trx, accountId);
	if (!account) return;
	const events: NewAccountEvent[] = [];
	await expireDueAuthorizations(trx, accountId, at, events);
	await raiseDueDisputes(trx, accountId, at, events);
	await remindDueEvidence(trx, accountId, at);
	await decideDueDisputes(trx, accountId, at, events);
	await advancePayouts(trx, account, at, events);
	const run = nextPayoutRun(account, from);
	if (run !== null && run <= at) await makeScheduledPayouts(trx, account, run, events);
	await recordAccountEvents(trx, accountId, at, events);
}

async function takeLease(db: Db, accountId: string, runner: string, realNow: number): Promise<boolean> {
	const taken = await db.kysely
		.updateTable("account_clocks")
		.set({ runner, lease_until: realNow + ACCOUNT_LEASE_SECONDS })
		.where("account_id", "=", accountId)
		.where((eb) =>
			eb.or([eb("runner", "is", null), eb("lease_until", "<", realNow), eb("runner", "=", runner)]),
		)
		.executeTakeFirst();
	return Number(taken.numUpdatedRows) === 1;
}

async function releaseLease(db: Db, accountId: string, runner: string): Promise<void> {
	await db.kysely
		.updateTable("account_clocks")
		.set({ runner: null, lease_until: null })
		.where("account_id", "=", accountId)
		.where("runner", "=", runner)
		.execute();
}

/**
 * Runs an account's timed work through `until` (account time). Answers how many steps ran; a
 * run that finds another process at work returns at once with ran: false.
 */
export async function runDueWork(
	db: Db,
	accountId: string,
	until: number,
	runner: string,
	clock: Clock,
): Promise<RunResult> {
	await ensureAccountClock(db.kysely, accountId, until);
	if (!(await takeLease(db, accountId, runner, clock.seconds()))) {
		return { steps: 0, ran: false, processedThrough: until };
	}
	let steps = 0;
	let cursor = until;
	let renewed = clock.seconds();
	try {
		while (steps < MAX_STEPS) {
			const row = await db.kysely
				.selectFrom("account_clocks")
				.select(["processed_through", "runner"])
				.where("account_id", "=", accountId)
				.executeTakeFirst();
			if (!row || row.runner !== runner) break;
			cursor = Number(row.processed_through);
			const boundary = await nextBoundary(db.kysely, accountId, cursor);
			const due = boundary !== null && boundary <= until;
			// Nothing due through `until`: the cursor jumps there (or is there already).
			const at = due ? boundary : until;
			if (!due && at <= cursor) break;
			const from = cursor;
			const moved = await db.kysely.transaction().execute(async (trx) => {
				const claimed = await trx
					.updateTable("account_clocks")
					.set({ processed_through: at })
					.where("account_id", "=", accountId)
					.where("processed_through", "=", from)
					.where("runner", "=", runner)
					.executeTakeFirst();
				if (Number(claimed.numUpdatedRows) !== 1) return false;
				await runStep(trx, accountId, from, at);
				if (STEP_PAUSE_MS > 0) await new Promise((resolve) => setTimeout(resolve, STEP_PAUSE_MS));
				return true;
			});
			if (!moved) break;
			// Deadlines and verification decisions (processor/account-lifecycle, idempotent).
			await advanceAccountLifecycle(db, accountId, at);
			steps++;
			cursor = at;
			// Keep the lease while a long catch-up runs; lost to another process, the run ends.
			if (clock.seconds() - renewed >= LEASE_RENEW_SECONDS) {
				renewed = clock.seconds();
				if (!(await takeLease(db, accountId, runner, renewed))) break;
			}
		}
	} finally {
		await releaseLease(db, accountId, runner);
	}
	return { steps, ran: true, processedThrough: cursor };
}
