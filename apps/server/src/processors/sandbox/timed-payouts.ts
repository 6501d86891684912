/**
 * Payouts over time (spec 2 §3, §4; spec 3 payout notices):
 * - scheduled payouts on the account's schedule: one payout per currency of the available
 *   balance, when it reaches the currency's minimum scheduled payout, gathering the available
 *   balance transactions no payout holds yet (each goes in exactly one payout);
 * - a payout goes pending → in_transit → paid on its arrival date; an instant payout is paid
 *   within minutes;
 * - a payout to the failing test bank account fails with its failure code: its money returns
 *   to the balance, its transactions are free for the next payout, and the bank account is
 *   marked errored, which raises the failed-payout notices and pauses payouts.
 */
import { minimumScheduledPayout } from "@paydesk/domain/payout-notices";
import { payoutFailureMessages } from "@paydesk/domain/payouts";
import {
	FAILING_BANK_ACCOUNT_CODE,
	FAILING_BANK_ACCOUNT_LAST4,
	nextScheduledPayout,
	PAYOUT_ARRIVAL_AFTER,
	PAYOUT_IN_TRANSIT_AFTER,
	type PayoutSchedule,
} from "@paydesk/domain/processor-schedule";
import { englishTranslator } from "@paydesk/domain/translator";
import type { Kysely } from "kysely";
import { depositsScheduleOf, type ExternalAccountRow, externalAccountsOf } from "../../accounts/documents.ts";
import { newId } from "../../db/ids.ts";
import type { AccountsTable, Database, PayoutsTable } from "../../db/schema.ts";
import { accountBalances } from "../../ledger/balances.ts";
import { type NewAccountEvent, payoutChange } from "../../ledger/events.ts";
import { notify } from "../../notifications/notify.ts";
import { bankAccountLabel } from "./payouts.ts";

type Trx = Kysely<Database>;

/** The bank account a currency pays out to: its own, else the first. */
function bankFor(account: AccountsTable, currency: string): ExternalAccountRow | undefined {
	const banks = externalAccountsOf(account);
	return banks.find((bank) => bank.currency?.toLowerCase() === currency) ?? banks[0];
}

/** Scheduled payouts run while payouts are enabled and no bank account is errored. */
export function payoutsRunning(account: AccountsTable): boolean {
	return (
		account.deposits_blocked === 0 &&
		account.deposits_status === "enabled" &&
		account.status !== "restricted" &&
		!externalAccountsOf(account).some((bank) => bank.status === "errored")
	);
}

export function payoutSchedule(account: AccountsTable): PayoutSchedule {
	return depositsScheduleOf(account);
}

/** When the next scheduled payout is made after `after`, or null. */
export function nextPayoutRun(account: AccountsTable, after: number): number | null {
	return payoutsRunning(account) ? nextScheduledPayout(payoutSchedule(account), after) : null;
}

/** The next change of a payout on its way: pending → in transit, in transit → paid. */
export async function nextPayoutChange(trx: Trx, accountId: string): Promise<number | null> {
	const pending = await trx
		.selectFrom("payouts")
		.select((eb) => eb.fn.min<number>("created").as("first"))
		.where("account_id", "=", accountId)
		.where("status", "=", "pending")
		.executeTakeFirst();
	const moving = await trx
		.selectFrom("payouts")
		.select((eb) => eb.fn.min<number>("date").as("first"))
		.where("account_id", "=", accountId)
		.where("status", "=", "in_transit")
		.executeTakeFirst();
	const times = [
		pending?.first == null ? null : Number(pending.first) + PAYOUT_IN_TRANSIT_AFTER,
		moving?.first == null ? null : Number(moving.first),
	].filter((value): value is number => value !== null);
	return times.length === 0 ? null : Math.min(...times);
}

/** Makes the scheduled payouts of `at`: one per currency with enough available funds. */
export async function makeScheduledPayouts(
	trx: Trx,
	account: AccountsTable,
	at: number,
	events: NewAccountEvent[],
): Promise<PayoutsTable[]> {
	if (!payoutsRunning(account)) return [];
	const made: PayoutsTable[] = [];
	for (const balance of await accountBalances(trx, account.id, at)) {
		if (balance.available < minimumScheduledPayout(balance.currency)) continue;
		const payout: PayoutsTable = {
			account_id: account.id,
			id: newId("po"),
			type: "deposit",
			method: "standard",
			automatic: 1,
			status: "pending",
			date: at + PAYOUT_ARRIVAL_AFTER,
			created: at,
			amount: balance.available,
			fee: 0,
			fee_percentage: 0,
			currency: balance.currency,
			bank_account: bankAccountLabel(account, balance.currency),
			bank_reference_key: null,
			failure_code: null,
			failure_message: null,
			balance_transaction_id: null,
		};
		await trx.insertInto("payouts").values(payout).execute();
		await trx
			.updateTable("balance_transactions")
			.set({ deposit_id: payout.id })
			.where("account_id", "=", account.id)
			.where("deposit_id", "is", null)
			.where("currency", "=", balance.currency)
			.where("available_on", "<=", at)
			.execute();
		made.push(payout);
		events.push(payoutChange("payout.created", payout.id, payout.status));
	}
	return made;
}

/**
 * Moves payouts on: pending ones go in transit, arrived ones are paid or fail (a failure is
 * notified to the store). Each move is a compare-and-set on the status it leaves, so a payout
 * that changed since it was read (canceled meanwhile) is left as it is.
 */
export async function advancePayouts(
	trx: Trx,
	account: AccountsTable,
	now: number,
	events: NewAccountEvent[],
): Promise<void> {
	const moving = await trx
		.updateTable("payouts")
		.set({ status: "in_transit" })
		.where("account_id", "=", account.id)
		.where("status", "=", "pending")
		.where("created", "<=", now - PAYOUT_IN_TRANSIT_AFTER)
		.returning("id")
		.execute();
	for (const { id } of moving) events.push(payoutChange("payout.updated", id, "in_transit"));
	const arrived = await trx
		.selectFrom("payouts")
		.selectAll()
		.where("account_id", "=", account.id)
		.where("status", "=", "in_transit")
		.where("date", "<=", now)
		.orderBy("date")
		.execute();
	let erroredCurrencies: string[] = [];
	for (const payout of arrived) {
		const bank = bankFor(account, payout.currency);
		if (payout.method !== "instant" && bank?.last4 === FAILING_BANK_ACCOUNT_LAST4) {
			const failed = await trx
				.updateTable("payouts")
				.set({
					status: "failed",
					failure_code: FAILING_BANK_ACCOUNT_CODE,
					// The processor's own message, in English as a bank would send it.
					failure_message: payoutFailureMessages(englishTranslator)[FAILING_BANK_ACCOUNT_CODE] ?? null,
				})
				.where("account_id", "=", account.id)
				.where("id", "=", payout.id)
				.where("status", "=", "in_transit")
				.executeTakeFirst();
			// Moved on since it was read (canceled, or decided by another run): left as it is.
			if (Number(failed.numUpdatedRows) !== 1) continue;
			// The money returns to the balance; its transactions wait for the next payout.
			await trx
				.updateTable("balance_transactions")
				.set({ deposit_id: null })
				.where("account_id", "=", account.id)
				.where("deposit_id", "=", payout.id)
				.execute();
			erroredCurrencies = [...erroredCurrencies, payout.currency];
			events.push(payoutChange("payout.updated", payout.id, "failed"));
			await notify(trx, {
				accountId: account.id,
				userId: null,
				type: "payout_failed",
				objectId: payout.id,
				created: payout.date,
				facts: { amount: payout.amount, currency: payout.currency },
			});
			continue;
		}
		const paid = await trx
			.updateTable("payouts")
			.set({ status: "paid" })
			.where("account_id", "=", account.id)
			.where("id", "=", payout.id)
			.where("status", "=", "in_transit")
			.executeTakeFirst();
		if (Number(paid.numUpdatedRows) === 1) events.push(payoutChange("payout.updated", payout.id, "paid"));
	}
	if (erroredCurrencies.length > 0) {
		const banks = externalAccountsOf(account).map((bank) =>
			bank.last4 === FAILING_BANK_ACCOUNT_LAST4 ? { ...bank, status: "errored" } : bank,
		);
		account.external_accounts = JSON.stringify(banks);
		await trx
			.updateTable("accounts")
			.set({ external_accounts: account.external_accounts })
			.where("id", "=", account.id)
			.execute();
	}
}
