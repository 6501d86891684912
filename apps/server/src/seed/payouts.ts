/**
 * Automatic daily payouts, computed while transactions stream by in time order: each currency's
 * balance transactions that become available on a day are paid out together the next night;
 * the payout amount is the sum of their net. A few payouts are instant, failed or canceled,
 * and some negative sums are withdrawals. Days whose payout is not created yet stay in the
 * balance (available or pending), so the store always has money on its way.
 */
import type { BalanceTransactionsTable, PayoutsTable } from "../db/schema.ts";
import { DAY, dayOf, dayStart, HOUR } from "./calendar.ts";
import { bankAccountLabel, PAYOUT_FAILURES } from "./catalog-payments.ts";
import type { SettlementCurrency } from "./catalog-people.ts";
import type { Random } from "./random.ts";

export const INSTANT_FEE_PERCENTAGE = 1.5;

export interface DepositRef {
	id: string;
	arrivalDate: number;
}

/** Special payouts, each applied to the first payout of its currency on or after its day. */
export interface PayoutPlan {
	instant: { currency: SettlementCurrency; day: number }[];
	failed: number[];
	canceled: number[];
}

interface Group {
	id: string;
	currency: SettlementCurrency;
	day: number;
	withdrawal: boolean;
	method: "standard" | "instant";
	forced: "failed" | "canceled" | null;
	created: number;
	date: number;
	sum: number;
}

export class PayoutPlanner {
	private readonly groups = new Map<string, Group>();
	/** A day whose payout would have been negative: its transactions join the next payout. */
	private readonly carried = new Map<SettlementCurrency, Group>();

	constructor(
		private readonly random: Random,
		private readonly accountId: string,
		private readonly now: number,
		private readonly plan: PayoutPlan,
	) {}

	/**
	 * Puts a balance transaction in the payout of the day it becomes available (or in a separate
	 * withdrawal), setting its deposit_id; null while that payout does not exist yet.
	 */
	assign(transaction: BalanceTransactionsTable, withdrawal = false): DepositRef | null {
		const day = dayOf(transaction.available_on);
		const created = dayStart(day + 1) + 60;
		if (created > this.now) return null;
		const currency = transaction.currency as SettlementCurrency;
		const key = `${currency}:${day}:${withdrawal ? "w" : "d"}`;
		let group = this.groups.get(key);
		if (!group) {
			group = this.open(currency, day, created, withdrawal);
			this.groups.set(key, group);
		}
		group.sum += transaction.net;
		transaction.deposit_id = group.id;
		return { id: group.id, arrivalDate: group.date };
	}

	private open(currency: SettlementCurrency, day: number, created: number, withdrawal: boolean): Group {
		const carried = withdrawal ? undefined : this.carried.get(currency);
		if (carried) {
			this.carried.delete(currency);
			return { ...carried, day, created, date: dayStart(day + 3) };
		}
		let method: Group["method"] = "standard";
		let forced: Group["forced"] = null;
		if (!withdrawal) {
			const instant = this.plan.instant.findIndex((p) => p.currency === currency && p.day <= day);
			if (instant >= 0) {
				this.plan.instant.splice(instant, 1);
				method = "instant";
			} else if (currency === "usd" && (this.plan.failed[0] ?? Infinity) <= day) {
				this.plan.failed.shift();
				forced = "failed";
			} else if (currency === "usd" && (this.plan.canceled[0] ?? Infinity) <= day) {
				this.plan.canceled.shift();
				forced = "canceled";
			}
		}
		const date = method === "instant" ? created + HOUR / 2 : dayStart(day + 3);
		return {
			id: this.random.id("po", created),
			currency,
			day,
			withdrawal,
			method,
			forced,
			created,
			date,
			sum: 0,
		};
	}

	/**
	 * The payouts whose transactions are all known once the given day has been generated. A day
	 * whose payout failed or was canceled is paid out again with the next day's, as the processor
	 * does when a payout fails: the failed payout holds no transactions (its money came back to
	 * the balance), and they belong to the payout that did pay them out.
	 */
	close(generatedThroughDay: number): PayoutsTable[] {
		const rows: PayoutsTable[] = [];
		for (const [key, group] of this.groups) {
			if (group.day > generatedThroughDay + 2) continue;
			this.groups.delete(key);
			if (!group.withdrawal && group.sum <= 0) this.carry(group, rows);
			else if (this.statusOf(group) === group.forced) {
				rows.push(this.row({ ...group, id: this.random.id("po", group.created) }));
				this.carry({ ...group, forced: null }, rows);
			} else rows.push(this.row(group));
		}
		return rows;
	}

	/** Carries a day's transactions into the currency's next payout (an earlier carry is paid out). */
	private carry(group: Group, rows: PayoutsTable[]): void {
		const earlier = this.carried.get(group.currency);
		if (earlier) rows.push(this.row(earlier));
		this.carried.set(group.currency, group);
	}

	/**
	 * Payouts still open at the end of the history (a negative balance is then withdrawn); none of
	 * them fails, as no later payout would take its transactions.
	 */
	finish(): PayoutsTable[] {
		const rows = [...this.groups.values(), ...this.carried.values()].map((group) =>
			this.row({ ...group, forced: null }),
		);
		this.groups.clear();
		this.carried.clear();
		return rows;
	}

	/** Where the payout is by now: pending, in transit, or arrived (paid, or its forced end). */
	private statusOf(group: Group): string {
		const withdrawal = group.withdrawal || group.sum <= 0;
		if (group.created > this.now - DAY) return "pending";
		if (group.date > this.now) return "in_transit";
		return group.forced && !withdrawal ? group.forced : "paid";
	}

	private row(group: Group): PayoutsTable {
		const withdrawal = group.withdrawal || group.sum <= 0;
		const instant = group.method === "instant" && !withdrawal;
		const status = this.statusOf(group);
		const failure = status === "failed" ? this.random.pick(PAYOUT_FAILURES) : null;
		const hasReference = status === "paid" || status === "failed" ? this.random.chance(0.92) : false;
		const fee = instant ? Math.round(group.sum * (INSTANT_FEE_PERCENTAGE / 100)) : 0;
		return {
			account_id: this.accountId,
			id: group.id,
			type: withdrawal ? "withdrawal" : "deposit",
			method: instant ? "instant" : "standard",
			automatic: withdrawal || instant ? 0 : 1,
			status,
			date: group.date,
			created: group.created,
			// What reaches the bank: an instant payout's fee is kept from the funds it pays out.
			amount: group.sum - fee,
			fee,
			fee_percentage: instant ? INSTANT_FEE_PERCENTAGE : 0,
			currency: group.currency,
			bank_account: bankAccountLabel(group.currency),
			bank_reference_key: hasReference ? `WCPAY${this.random.base62(7).toUpperCase()}` : null,
			failure_code: failure ? failure[0] : null,
			failure_message: failure ? failure[1] : null,
			balance_transaction_id: null,
		};
	}
}
