/**
 * The payout history of the bench ledger (ledger-generator.ts), for the payouts benchmark:
 * payoutRows() gives one empty payout per currency and day (about 3,300 over three years), too
 * few for page 200 of the list and with amounts that match no transactions. Here each balance
 * transaction, as the ledger streams by oldest first, is put in the payout that took it:
 * - an automatic payout per currency each night, of what became available the day before;
 * - instant payouts in business hours (a store that cashes out several times a day), each of
 *   what became available since the previous payout, less the instant fee;
 * - a withdrawal per currency and day for the dispute debits, which the bank account covers
 *   instead of the daily payout; a payout whose sum is negative becomes a withdrawal too.
 * So every payout's amount + fee is the Σ net of the transactions whose deposit_id names it.
 * Which payouts exist, and when, is a pure function of (currency, day), so the history is the
 * same on every run and engine, and the generator keeps only one small record per payout.
 */
import {
	INSTANT_PAYOUT_ARRIVAL_MINUTES,
	instantBalanceOf,
	payoutFailureMessages,
} from "@paydesk/domain/payouts";
import { englishTranslator } from "@paydesk/domain/translator";
import type { BalanceTransactionsTable, PayoutsTable } from "@paydesk/server/db/schema";
import { BENCH_ACCOUNT, BENCH_NOW } from "./ledger-generator.ts";

const DAY = 86_400;
const HOUR = 3_600;
/** Instant payouts are asked for between 13:00 and 23:00 UTC: the store's day in New York. */
const BUSINESS_HOURS = { from: 13 * HOUR, length: 10 * HOUR } as const;
/** Instant payouts per day: 2 to 5 in the main currency, 0 to 2 in the others. */
const INSTANT_PER_DAY: Readonly<Record<string, { least: number; spread: number }>> = {
	usd: { least: 2, spread: 4 },
	eur: { least: 0, spread: 3 },
	gbp: { least: 0, spread: 3 },
};
const CURRENCY_KEYS: Readonly<Record<string, number>> = { usd: 1, eur: 2, gbp: 3 };
/** Shares of the automatic payouts, settled long ago, that the bank failed or that were canceled. */
const FAILED_SHARE = 0.003;
const CANCELED_SHARE = 0.001;
/** Share of completed payouts whose bank gave a reference (the list shows N/A for the rest). */
const REFERENCE_SHARE = 0.92;
const FAILURES = Object.entries(payoutFailureMessages(englishTranslator));

/**
 * A uniform number in [0, 1) for a key such as (currency, day, salt): a keyed hash rather than a
 * random stream, so a payout's draw does not depend on how many rows came before it.
 */
function draw(...keys: readonly number[]): number {
	let hash = 0x9e3779b9;
	for (const key of keys) {
		hash = Math.imul(hash ^ key, 0x85ebca6b);
		hash ^= hash >>> 13;
		hash = Math.imul(hash, 0xc2b2ae35);
		hash ^= hash >>> 16;
	}
	return (hash >>> 0) / 4_294_967_296;
}

type Kind = "automatic" | "instant" | "withdrawal";

interface Group {
	id: string;
	kind: Kind;
	currency: string;
	day: number;
	created: number;
	date: number;
	/** Σ net of the transactions in the payout. */
	sum: number;
}

export interface PayoutCounts {
	automatic: number;
	instant: number;
	withdrawals: number;
	transactionsPaidOut: number;
}

export class PayoutHistory {
	private readonly groups = new Map<string, Group>();
	private readonly cutsByDay = new Map<string, number[]>();
	private paidOut = 0;

	constructor(
		private readonly accountId = BENCH_ACCOUNT,
		private readonly now = BENCH_NOW,
	) {}

	/**
	 * Sets the deposit_id of each row to the payout that took it, or null while no payout has
	 * (the pending and not yet paid-out balance). Rows must come oldest first, as ledgerBatches
	 * gives them, so that available_on only grows.
	 */
	assign(rows: readonly BalanceTransactionsTable[]): void {
		for (const row of rows) {
			const group = this.groupOf(row);
			row.deposit_id = group?.id ?? null;
			if (!group) continue;
			group.sum += row.net;
			this.paidOut++;
		}
	}

	/** Every payout of the rows assigned so far, with its final type, amount and status. */
	rows(): PayoutsTable[] {
		return [...this.groups.values()].map((group) => this.row(group));
	}

	counts(): PayoutCounts {
		const counts: PayoutCounts = {
			automatic: 0,
			instant: 0,
			withdrawals: 0,
			transactionsPaidOut: this.paidOut,
		};
		for (const row of this.rows()) {
			if (row.type === "withdrawal") counts.withdrawals++;
			else if (row.method === "instant") counts.instant++;
			else counts.automatic++;
		}
		return counts;
	}

	private groupOf(row: BalanceTransactionsTable): Group | null {
		const day = Math.floor(row.available_on / DAY);
		const nightly = (day + 1) * DAY + 60;
		if (row.type === "dispute") return this.open("withdrawal", row.currency, day, nightly, 0);
		const cuts = this.instantCuts(row.currency, day);
		const index = cuts.findIndex((cut) => row.available_on <= cut);
		const cut = cuts[index];
		if (cut !== undefined) return this.open("instant", row.currency, day, cut, index + 1);
		return this.open("automatic", row.currency, day, nightly, 0);
	}

	/** The times of a currency's instant payouts on a day, each paying what was available by then. */
	private instantCuts(currency: string, day: number): number[] {
		const key = `${currency}:${day}`;
		let cuts = this.cutsByDay.get(key);
		if (!cuts) {
			const currencyKey = CURRENCY_KEYS[currency] ?? 0;
			const perDay = INSTANT_PER_DAY[currency] ?? { least: 0, spread: 1 };
			const count = perDay.least + Math.floor(draw(currencyKey, day, 0) * perDay.spread);
			const times = new Set<number>();
			for (let i = 1; i <= count; i++) {
				times.add(
					day * DAY + BUSINESS_HOURS.from + Math.floor(draw(currencyKey, day, i) * BUSINESS_HOURS.length),
				);
			}
			cuts = [...times].sort((a, b) => a - b);
			this.cutsByDay.set(key, cuts);
		}
		return cuts;
	}

	/** The payout of a kind for a currency and day, created at `created`; null until then. */
	private open(kind: Kind, currency: string, day: number, created: number, instantNo: number): Group | null {
		if (created > this.now) return null;
		const suffix = kind === "instant" ? `_i${instantNo}` : kind === "withdrawal" ? "_w" : "";
		const id = `po_${currency}_${day}${suffix}`;
		let group = this.groups.get(id);
		if (!group) {
			// Scheduled payouts arrive two days after they leave; instant ones within 30 minutes.
			const date = kind === "instant" ? created + INSTANT_PAYOUT_ARRIVAL_MINUTES * 60 : (day + 3) * DAY;
			group = { id, kind, currency, day, created, date, sum: 0 };
			this.groups.set(id, group);
		}
		return group;
	}

	private row(group: Group): PayoutsTable {
		// The bank is debited for a payout whose transactions sum to nothing or less.
		const withdrawal = group.kind === "withdrawal" || group.sum <= 0;
		const instant = group.kind === "instant" && !withdrawal;
		const fee = instant ? instantBalanceOf(group.sum, group.currency).fee : 0;
		const currencyKey = CURRENCY_KEYS[group.currency] ?? 0;
		const salt = group.kind === "automatic" ? 0 : group.kind === "withdrawal" ? 1 : 2 + group.created;
		const roll = draw(currencyKey, group.day, salt, 101);
		let status = "paid";
		if (group.date > this.now) {
			status = group.kind === "automatic" && group.created > this.now - DAY ? "pending" : "in_transit";
		} else if (group.kind === "automatic" && !withdrawal && roll < FAILED_SHARE) status = "failed";
		else if (group.kind === "automatic" && !withdrawal && roll < FAILED_SHARE + CANCELED_SHARE)
			status = "canceled";
		const failure =
			status === "failed"
				? FAILURES[Math.floor(draw(currencyKey, group.day, 102) * FAILURES.length)]
				: undefined;
		const referenced =
			(status === "paid" || status === "failed") && draw(currencyKey, group.day, salt, 103) < REFERENCE_SHARE;
		const reference = Math.floor(draw(currencyKey, group.day, salt, 104) * 36 ** 7)
			.toString(36)
			.toUpperCase()
			.padStart(7, "0");
		return {
			account_id: this.accountId,
			id: group.id,
			type: withdrawal ? "withdrawal" : "deposit",
			method: instant ? "instant" : "standard",
			automatic: group.kind === "automatic" && !withdrawal ? 1 : 0,
			status,
			date: group.date,
			created: group.created,
			// What reaches the bank: the balance gave amount + fee, the instant fee is kept.
			amount: group.sum - fee,
			fee,
			fee_percentage: instant ? instantBalanceOf(group.sum, group.currency).fee_percentage : 0,
			currency: group.currency,
			bank_account: `STRIPE TEST BANK •••• 6789 (${group.currency.toUpperCase()})`,
			bank_reference_key: referenced ? `WCPAY${reference}` : null,
			failure_code: failure?.[0] ?? null,
			failure_message: failure?.[1] ?? null,
			balance_transaction_id: null,
		};
	}
}
