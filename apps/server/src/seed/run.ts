/**
 * The state one seeding run shares between the generators: the clock, the randomness, the
 * row sink, the payout planner and the agenda of things that happen on later days.
 */
import type { JsonObject } from "../db/derived-json.ts";
import type { BalanceTransactionsTable } from "../db/schema.ts";
import { dayOf } from "./calendar.ts";
import type { CustomerPool } from "./customers.ts";
import type { DepositRef, PayoutPlanner } from "./payouts.ts";
import type { Random } from "./random.ts";
import { type ChargeContext, type TransactionFields, timelineRow, transactionRow } from "./rows.ts";
import type { RowSink } from "./sink.ts";

export type TransactionHook = (row: BalanceTransactionsTable, charge: ChargeContext | null) => void;

export interface EmittedTransaction {
	row: BalanceTransactionsTable;
	deposit: DepositRef | null;
}

export class SeedRun {
	private readonly agenda = new Map<number, (() => void)[]>();
	private lastOrderId = 0;
	private readonly hooks: TransactionHook[] = [];

	constructor(
		readonly accountId: string,
		/** UTC epoch seconds of "now": nothing is generated after it. */
		readonly now: number,
		readonly random: Random,
		readonly sink: RowSink,
		readonly payouts: PayoutPlanner,
		readonly customers: CustomerPool,
	) {}

	nextOrderId(): number {
		this.lastOrderId++;
		return this.lastOrderId;
	}

	get orderCount(): number {
		return this.lastOrderId;
	}

	/** Runs the action while generating the day of `at` (after that day's charges). */
	later(at: number, action: () => void): void {
		if (at > this.now) throw new Error("SeedRun.later: the event is after now");
		const day = dayOf(at);
		let list = this.agenda.get(day);
		if (!list) {
			list = [];
			this.agenda.set(day, list);
		}
		list.push(action);
	}

	/** Runs what was planned for the day, including what those actions plan for the same day. */
	runAgenda(day: number): void {
		const list = this.agenda.get(day);
		if (!list) return;
		for (let i = 0; i < list.length; i++) list[i]?.();
		this.agenda.delete(day);
	}

	onTransaction(hook: TransactionHook): void {
		this.hooks.push(hook);
	}

	/** Writes a balance transaction: loan withholding, then its payout (deposit_id), then the row. */
	transaction(
		charge: ChargeContext | null,
		fields: TransactionFields,
		withdrawal = false,
	): EmittedTransaction {
		const row = transactionRow(this.accountId, charge, fields);
		for (const hook of this.hooks) hook(row, charge);
		const deposit = this.payouts.assign(row, withdrawal);
		this.sink.push("balance_transactions", row);
		return { row, deposit };
	}

	timeline(charge: ChargeContext, type: string, at: number, data: JsonObject): void {
		const row = timelineRow(this.accountId, charge, type, at, data);
		if (row) this.sink.push("timeline_events", row);
	}
}
