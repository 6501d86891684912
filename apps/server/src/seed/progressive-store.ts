/**
 * A young store in progressive onboarding (account-states.ts): created a few days ago, its
 * business details submitted, selling before its bank details are verified. Its sales are made
 * by the demo generator's own charge flow (orders, charges, captures, the odd refund, timeline),
 * in US dollars, and none is paid out yet: payouts wait for verified bank details.
 */
import { poTaskState } from "@paydesk/domain/progressive-onboarding";
import { storedSettingsOf } from "../accounts/documents.ts";
import type { Db } from "../db/connection.ts";
import { setSequenceAtLeast } from "../db/ids.ts";
import type { BalanceTransactionsTable } from "../db/schema.ts";
import { rebuildRollups } from "../ledger/rollups.ts";
import { accountRow } from "./account.ts";
import type { ProgressivePlan } from "./account-states.ts";
import { DAY, dayOf, dayStart, secondOfDay } from "./calendar.ts";
import { regularCharge } from "./charges.ts";
import { CustomerPool } from "./customers.ts";
import { inboxNoteRows } from "./extras.ts";
import { PayoutPlanner } from "./payouts.ts";
import { Random } from "./random.ts";
import { ReaderFleet } from "./readers.ts";
import { SeedRun } from "./run.ts";
import { RowSink } from "./sink.ts";

/** Customers of markets that settle in the store's dollars: a new US merchant sells at home. */
class DomesticCustomers extends CustomerPool {
	override market(random: Random) {
		return this.marketIn(random, "usd");
	}
}

export interface ProgressiveSeed {
	accountId: string;
	seed: number;
	now: number;
	plan: ProgressivePlan;
}

/** Writes the store; answers how many balance transactions and charges it has. */
export async function seedProgressiveStore(
	db: Db,
	options: ProgressiveSeed,
): Promise<{ transactions: number; charges: number }> {
	const { accountId, now, plan } = options;
	const random = new Random(options.seed).fork(80);
	const created = now - plan.createdDaysAgo * DAY;
	const sink = new RowSink(db, 20_000);
	const customers = new DomesticCustomers(random.fork(2), 300, new Date(now * 1000).getUTCFullYear());
	// A planner whose "now" is before the store existed creates no payout: nothing is paid out yet.
	const payouts = new PayoutPlanner(random.fork(5), accountId, created - DAY, {
		instant: [],
		failed: [],
		canceled: [],
	});
	const run = new SeedRun(accountId, now, random.fork(9), sink, payouts, customers);
	const sales: { volume: number; first: number | null } = { volume: 0, first: null };
	run.onTransaction((row: BalanceTransactionsTable) => {
		if (row.type !== "charge" && row.type !== "payment") return;
		sales.volume += row.amount;
		sales.first = Math.min(sales.first ?? row.created, row.created);
	});

	if (plan.firstPaymentDaysAgo !== null) {
		// In-person sales need card readers, which the store buys years from now: none is in service.
		const readers = new ReaderFleet(random.fork(6), now + 3650 * DAY);
		for (let day = dayOf(now - plan.firstPaymentDaysAgo * DAY); day <= dayOf(now); day++) {
			const start = dayStart(day);
			const times = Array.from({ length: plan.chargesPerDay }, () => start + secondOfDay(run.random))
				.filter((at) => at <= now && at >= created)
				.sort((a, b) => a - b);
			for (const at of times) regularCharge(run, at, readers);
			run.runAgenda(day);
		}
	}

	const account = accountRow(accountId, created, true);
	const task = poTaskState({ tpv: sales.volume, firstTransactionDate: sales.first, created }, now);
	sink.push("accounts", {
		...account,
		// Past the threshold payments pause until the bank details are verified (spec 1 §4.5).
		status: task.paymentsPaused ? "restricted" : "restricted_soon",
		payments_enabled: task.paymentsPaused ? 0 : 1,
		deposits_status: "pending_verification",
		completed_waiting_period: 0,
		external_accounts: "[]",
		current_deadline: task.deadline,
		progressive_onboarding: JSON.stringify({
			isEnabled: true,
			isComplete: false,
			tpv: sales.volume,
			firstTransactionDate: sales.first === null ? null : new Date(sales.first * 1000).toISOString(),
		}),
		settings: JSON.stringify({ ...storedSettingsOf(account.settings), enabled_payment_method_ids: ["card"] }),
	});
	const notes = inboxNoteRows(random.fork(8), accountId, now).slice(0, 3);
	for (const note of notes) sink.push("inbox_notes", note);
	await sink.flush();
	await sink.close();
	// Bulk-loaded like the full demo store: the ledger's rollups are built once at the end.
	await rebuildRollups(db.kysely, accountId);
	await setSequenceAtLeast(db.kysely, accountId, "orders", run.orderCount);
	await setSequenceAtLeast(db.kysely, accountId, "inbox_notes", notes.length);
	return { transactions: sink.count("balance_transactions"), charges: sink.count("charges") };
}
