/**
 * The processor clock with real server processes:
 * - two servers on one PostgreSQL run two simulated months of simulator traffic and clock
 *   advances at the same time: every payout exists once, no transaction is in two payouts,
 *   balances equal the ledger, every dispute reached a final state on schedule;
 * - a server killed with SIGKILL in the middle of a long payout catch-up: the next one finishes
 *   it, with nothing lost and nothing doubled (on SQLite and PostgreSQL).
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createApplicationPassword, findUserRow, toAuthUser } from "../../../src/auth/users.ts";
import type { Db } from "../../../src/db/connection.ts";
import { runSimulation } from "../../../src/simulator/run.ts";
import { expectMoneyInvariants, expectPayoutInvariants, onPostgres } from "../../support/invariants.ts";
import {
	ACCOUNT,
	createStore,
	type Running,
	type Store,
	startServer,
	until,
} from "../../support/server-process.ts";

const CLOCK = "/wp-json/wc/v3/payments/sandbox/clock";
const DAY = 86_400;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sandboxStore(): Promise<{ store: Store; db: Db }> {
	const store = await createStore();
	cleanups.push(() => store.remove());
	const db = store.open();
	cleanups.push(() => db.close());
	return { store, db };
}

async function track<T extends Running>(process: T): Promise<T> {
	cleanups.push(() => process.kill());
	return process;
}

async function applicationPassword(db: Db): Promise<string> {
	const row = await findUserRow(db.kysely, "crash-admin");
	if (!row) throw new Error("no administrator");
	return (await createApplicationPassword(db.kysely, toAuthUser(row), "clock test", 0)).password;
}

/** The demo store becomes a sandbox account, so its clock can be moved. */
async function makeSandbox(db: Db): Promise<void> {
	await db.kysely.updateTable("accounts").set({ test_mode: 1 }).where("id", "=", ACCOUNT).execute();
}

/** Each automatic payout is the only one of its currency on its day. */
async function expectPayoutsOnce(db: Db): Promise<void> {
	const twice = await sql<{ n: number }>`
		select count(*) as n from payouts where account_id = ${ACCOUNT} and automatic = 1 and method = 'standard'
		group by currency, created having count(*) > 1`.execute(db.kysely);
	expect(twice.rows).toEqual([]);
	const orphaned = await sql<{ n: number }>`
		select count(*) as n from balance_transactions t
		where t.account_id = ${ACCOUNT} and t.deposit_id is not null
			and not exists (select 1 from payouts p where p.account_id = t.account_id and p.id = t.deposit_id)`.execute(
		db.kysely,
	);
	expect(Number(orphaned.rows[0]?.n ?? 0)).toBe(0);
}

const advance = (url: string, auth: string, seconds: number) =>
	fetch(`${url}${CLOCK}`, {
		method: "POST",
		headers: { authorization: auth, "content-type": "application/json" },
		body: JSON.stringify({ advance: seconds }),
	});

describe.skipIf(!onPostgres())("two server processes on one PostgreSQL", () => {
	it("run two simulated months of traffic and clock advances: everything exactly once", async () => {
		const { store, db } = await sandboxStore();
		const first = await track(await startServer(store, 0));
		const second = await track(await startServer(store, 0));
		await makeSandbox(db);
		const password = await applicationPassword(db);
		const auth = `Basic ${Buffer.from(`crash-admin:${password}`).toString("base64")}`;
		for (let week = 0; week < 9; week++) {
			// Payments through both servers, then both move the clock at the same time.
			await Promise.all(
				[first, second].map((server, index) =>
					runSimulation({
						url: server.url,
						user: "crash-admin",
						password,
						payments: 25,
						overMs: 0,
						concurrency: 4,
						seed: week * 2 + index + 1,
					}),
				),
			);
			const answers = await Promise.all([
				advance(first.url, auth, 3 * DAY + 13 * 3600),
				advance(second.url, auth, 3 * DAY + 11 * 3600),
			]);
			expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
		}
		// Past every deadline and decision: nothing is left open.
		expect((await advance(first.url, auth, 20 * DAY)).status).toBe(200);
		const clock = await db.kysely
			.selectFrom("account_clocks")
			.selectAll()
			.where("account_id", "=", ACCOUNT)
			.executeTakeFirstOrThrow();
		const now = Math.floor(Date.now() / 1000) + Number(clock.offset_seconds);
		await expectPayoutsOnce(db);
		await expectMoneyInvariants(db.kysely, ACCOUNT, now);
		const payouts = await db.kysely
			.selectFrom("payouts")
			.select("status")
			.where("account_id", "=", ACCOUNT)
			.execute();
		expect(payouts.length).toBeGreaterThan(10);
		const disputes = await db.kysely
			.selectFrom("disputes")
			.select(["status", "due_by"])
			.where("account_id", "=", ACCOUNT)
			.execute();
		expect(disputes.length).toBeGreaterThan(0);
		for (const dispute of disputes)
			expect(["lost", "won", "warning_closed", "charge_refunded"]).toContain(dispute.status);
		const uncaptured = await db.kysely
			.selectFrom("charges")
			.select("id")
			.where("account_id", "=", ACCOUNT)
			.where("intent_status", "=", "requires_capture")
			.execute();
		expect(uncaptured).toEqual([]);
	}, 240_000);
});

describe("SIGKILL in the middle of a payout catch-up", () => {
	it("the next server finishes the run: every payout once, balances equal to the ledger", async () => {
		const { store, db } = await sandboxStore();
		// Each step of the first server pauses before it commits, so the kill lands mid-run.
		process.env.PROCESSOR_STEP_PAUSE_MS = "150";
		const first = await track(await startServer(store, 0)).finally(() => {
			delete process.env.PROCESSOR_STEP_PAUSE_MS;
		});
		await makeSandbox(db);
		const password = await applicationPassword(db);
		const simulated = await runSimulation({
			url: first.url,
			user: "crash-admin",
			password,
			payments: 120,
			overMs: 0,
			concurrency: 4,
			seed: 11,
		});
		expect(simulated.errors).toBe(0);
		// Sixty days pass at once (as for a server that was off); the runner catches up step by step.
		const clock = () =>
			db.kysely
				.selectFrom("account_clocks")
				.selectAll()
				.where("account_id", "=", ACCOUNT)
				.executeTakeFirstOrThrow();
		const before = await clock();
		await db.kysely
			.updateTable("account_clocks")
			.set({ offset_seconds: Number(before.offset_seconds) + 60 * DAY })
			.where("account_id", "=", ACCOUNT)
			.execute();
		const target = Number(before.processed_through) + 60 * DAY;
		await until(
			"the catch-up to start",
			async () => Number((await clock()).processed_through) > Number(before.processed_through) + DAY,
			60_000,
			5,
		);
		await first.kill();
		expect(Number((await clock()).processed_through)).toBeLessThan(target);
		const second = await track(await startServer(store, 0));
		await until(
			"the catch-up to finish",
			async () => Number((await clock()).processed_through) >= target,
			120_000,
			100,
		);
		await second.kill();
		await expectPayoutsOnce(db);
		await expectPayoutInvariants(db.kysely, ACCOUNT);
		await expectMoneyInvariants(db.kysely, ACCOUNT, target);
		const payouts = await db.kysely
			.selectFrom("payouts")
			.select("status")
			.where("account_id", "=", ACCOUNT)
			.execute();
		expect(payouts.length).toBeGreaterThan(0);
	}, 240_000);
});

describe("SIGKILL in the middle of an advance", () => {
	it("the next advance, on another server, runs everything due instead of answering 200 with nothing done", async () => {
		const { store, db } = await sandboxStore();
		// The first server's steps pause before they commit, so its advance is killed mid-run.
		process.env.PROCESSOR_STEP_PAUSE_MS = "150";
		const first = await track(await startServer(store, 0)).finally(() => {
			delete process.env.PROCESSOR_STEP_PAUSE_MS;
		});
		const second = await track(await startServer(store, 0));
		await makeSandbox(db);
		const password = await applicationPassword(db);
		const auth = `Basic ${Buffer.from(`crash-admin:${password}`).toString("base64")}`;
		const simulated = await runSimulation({
			url: first.url,
			user: "crash-admin",
			password,
			payments: 60,
			overMs: 0,
			concurrency: 4,
			seed: 12,
		});
		expect(simulated.errors).toBe(0);
		const clock = () =>
			db.kysely
				.selectFrom("account_clocks")
				.selectAll()
				.where("account_id", "=", ACCOUNT)
				.executeTakeFirstOrThrow();
		const before = await clock();
		const killed = advance(first.url, auth, 30 * DAY).catch(() => null);
		await until(
			"the advance to be under way",
			async () => Number((await clock()).processed_through) > Number(before.processed_through) + DAY,
			60_000,
			5,
		);
		await first.kill();
		await killed;
		// The dead request still holds the account's timed work.
		expect((await clock()).runner).toMatch(/^request:/);

		const started = Date.now();
		const answer = await advance(second.url, auth, 3600);
		expect(answer.status).toBe(200);
		const body = (await answer.json()) as { now: number; processed_through: number; steps: number };
		// Everything due through the advanced time ran: the 30 days the killed advance left, and the hour.
		expect(body.processed_through).toBeGreaterThanOrEqual(Number(before.processed_through) + 30 * DAY + 3600);
		expect(body.now - body.processed_through).toBeLessThan(60);
		// Taken over within a lease, not the five minutes a dead request's lease used to last.
		expect(Date.now() - started).toBeLessThan(30_000);
		await expectPayoutsOnce(db);
		await expectPayoutInvariants(db.kysely, ACCOUNT);
		await expectMoneyInvariants(db.kysely, ACCOUNT, body.now);
	}, 240_000);
});
