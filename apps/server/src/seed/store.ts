/**
 * The deterministic demo-store generator: the same seed and "now" give byte-identical rows.
 * History is generated day by day in time order, rows are written in batches, and payouts
 * are closed as soon as their day's transactions are known, so memory stays flat at any size.
 */

import type { Db } from "../db/connection.ts";
import { setSequenceAtLeast } from "../db/ids.ts";
import { withSearchIndexSuspended } from "../db/search-index.ts";
import { analyzeAll } from "../db/statistics.ts";
import { rebuildRollups } from "../ledger/rollups.ts";
import { accountRow } from "./account.ts";
import { type AccountStateName, finishSeededStore, PROGRESSIVE_PLANS } from "./account-states.ts";
import { BackgroundWriter } from "./background-writer.ts";
import { DAY, dayStart, HOUR, secondOfDay } from "./calendar.ts";
import { regularCharge } from "./charges.ts";
import { CustomerPool } from "./customers.ts";
import { withIndexesDeferred } from "./deferred-indexes.ts";
import { planDisputes } from "./dispute-plan.ts";
import { FeeInvoices, inboxNoteRows } from "./extras.ts";
import { LoanBook } from "./loans.ts";
import { PayoutPlanner } from "./payouts.ts";
import { type HistoryPlan, planHistory, planLoans, planPayouts } from "./plan.ts";
import { seedProgressiveStore } from "./progressive-store.ts";
import { Random } from "./random.ts";
import { ReaderFleet } from "./readers.ts";
import { SeedRun } from "./run.ts";
import { type PlannedCharge, planScenarios } from "./scenario-plan.ts";
import { scenarioCharge } from "./scenarios.ts";
import { RowSink } from "./sink.ts";
import { withParallelSort, withSqliteBulkLoad } from "./sqlite-load.ts";

export { clearStoreData } from "./clear.ts";

export interface SeedOptions {
	accountId: string;
	/** About how many balance transactions (the transactions list) to generate. */
	transactions: number;
	seed: number;
	now: Date;
	/** The account situation (account-states.ts); connected by default. */
	state?: AccountStateName;
	onProgress?: (done: number, total: number) => void;
}

export interface SeedSummary {
	accountId: string;
	transactions: number;
	charges: number;
	payouts: number;
	disputes: number;
	ms: number;
}

/**
 * Rows buffered before a write. Small enough that most rows die young: 40,000 kept the buffered
 * rows alive long enough for the garbage collector to move them to its old generation first.
 */
const BATCH_ROWS = 10_000;

/** Seeds one store; the account's data must be empty (see clearStoreData). */
export async function seedStore(db: Db, options: SeedOptions): Promise<SeedSummary> {
	const started = performance.now();
	const summary = await withSqliteBulkLoad(db, async () => {
		// The customer search terms are filled on the way out, from the ledger's rebuilt indexes.
		const loaded = await withSearchIndexSuspended(db, options.accountId, () =>
			withIndexesDeferred(db, options.accountId, () => loadStore(db, options)),
		);
		// Planner statistics of the bulk-loaded tables, before the first query is planned on them.
		await analyzeAll(db);
		return loaded;
	});
	return { ...summary, ms: Math.round(performance.now() - started) };
}

async function loadStore(db: Db, options: SeedOptions): Promise<SeedSummary> {
	const started = performance.now();
	const now = Math.floor(options.now.getTime() / 1000);
	const state = options.state ?? "connected";
	const progressive = PROGRESSIVE_PLANS[state];
	if (progressive) {
		const written = await seedProgressiveStore(db, { ...options, now, plan: progressive });
		await finishSeededStore(db, options.accountId, state, now);
		return {
			accountId: options.accountId,
			...written,
			payouts: 0,
			disputes: 0,
			ms: performance.now() - started,
		};
	}
	const random = new Random(options.seed);
	const history = planHistory(random.fork(1), now, Math.max(0, options.transactions));
	const connected = state !== "unconnected";
	const sink = new RowSink(db, BATCH_ROWS, connected ? BackgroundWriter.start(db) : null);
	const report = (): void => options.onProgress?.(sink.count("balance_transactions"), options.transactions);
	let counters: HistoryCounters | null = null;
	try {
		sink.push("accounts", accountRow(options.accountId, history.accountCreated, connected));
		if (connected) counters = await writeHistory(sink, options, random, history, now, report);
		await sink.flush();
	} finally {
		await sink.close();
	}
	if (!counters) {
		return {
			accountId: options.accountId,
			transactions: 0,
			charges: 0,
			payouts: 0,
			disputes: 0,
			ms: performance.now() - started,
		};
	}
	// The ledger was bulk-loaded without its rollups; the transaction summaries read them.
	await withParallelSort(db, () => rebuildRollups(db.kysely, options.accountId));
	await setSequenceAtLeast(db.kysely, options.accountId, "orders", counters.orders);
	await setSequenceAtLeast(db.kysely, options.accountId, "inbox_notes", counters.notes);
	await finishSeededStore(db, options.accountId, state, now);
	report();
	return {
		accountId: options.accountId,
		transactions: sink.count("balance_transactions"),
		charges: sink.count("charges"),
		payouts: sink.count("payouts"),
		disputes: sink.count("disputes"),
		ms: Math.round(performance.now() - started),
	};
}

/** What the sequences must start above once the history is in. */
interface HistoryCounters {
	orders: number;
	notes: number;
}

/** The store's history, day by day up to now, pushed into the sink. */
async function writeHistory(
	sink: RowSink,
	options: SeedOptions,
	random: Random,
	history: HistoryPlan,
	now: number,
	report: () => void,
): Promise<HistoryCounters> {
	const currentYear = new Date(now * 1000).getUTCFullYear();
	const customers = new CustomerPool(
		random.fork(2),
		Math.min(60000, Math.max(300, history.regularCharges / 4)),
		currentYear,
	);
	const disputes = planDisputes(random.fork(3), now, history.historyStart, history.disputes);
	const planned = planScenarios(random.fork(4), now, history.historyStart, history.regularCharges, disputes);
	const payouts = new PayoutPlanner(random.fork(5), options.accountId, now, planPayouts(history));
	const readers = new ReaderFleet(random.fork(6), now);
	const loans = new LoanBook(random.fork(7), planLoans(history, now));
	const notes = inboxNoteRows(random.fork(8), options.accountId, now);
	const run = new SeedRun(options.accountId, now, random.fork(9), sink, payouts, customers);
	const invoices = new FeeInvoices();
	run.onTransaction(loans.withhold);
	run.onTransaction(invoices.collect);

	let next = 0;
	for (let day = history.firstDay; day <= history.today; day++) {
		const start = dayStart(day);
		if (new Date(start * 1000).getUTCDate() === 1) {
			readers.bill(run, start + 3 * HOUR);
			invoices.issue(run, start);
		}
		loans.startOfDay(run, day);
		next = generateDay(run, history, day, planned, next, readers);
		run.runAgenda(day);
		for (const payout of payouts.close(day)) sink.push("payouts", payout);
		if (sink.full) {
			// Written while the next days are generated.
			await sink.handOver();
			report();
		}
	}

	for (const payout of payouts.finish()) sink.push("payouts", payout);
	for (const loan of loans.rows(options.accountId)) sink.push("loans", loan);
	for (const reader of readers.rows(options.accountId)) sink.push("card_readers", reader);
	for (const note of notes) sink.push("inbox_notes", note);
	return { orders: run.orderCount, notes: notes.length };
}

/** The day's ordinary and planned charges, in time order; returns the next planned index. */
function generateDay(
	run: SeedRun,
	history: HistoryPlan,
	day: number,
	planned: PlannedCharge[],
	next: number,
	readers: ReaderFleet,
): number {
	const start = dayStart(day);
	const count = history.volume[day - history.firstDay] ?? 0;
	const times = new Int32Array(count);
	const isToday = day === history.today;
	const elapsed = Math.max(1, run.now - start);
	for (let i = 0; i < count; i++) {
		times[i] = isToday ? Math.floor(run.random.next() * elapsed) : secondOfDay(run.random);
	}
	times.sort();
	const end = start + DAY;
	let index = next;
	for (let i = 0; i < count; i++) {
		const at = start + (times[i] ?? 0);
		for (let p = planned[index]; p && p.at <= at && p.at < end; p = planned[index]) {
			scenarioCharge(run, p);
			index++;
		}
		regularCharge(run, at, readers);
	}
	for (let p = planned[index]; p && p.at < end; p = planned[index]) {
		scenarioCharge(run, p);
		index++;
	}
	return index;
}
