/**
 * What a capture moves besides its own ledger row:
 * - an active loan in the payment's currency withholds its rate from the payment, as a
 *   financing_paydown entry with its loan_paydowns row and timeline event, until it is repaid;
 * - the account's lifetime volume grows by the payment (option wcpay_lifetime_tpv, and the
 *   progressive-onboarding volume and first sale of an account that onboarded progressively),
 *   so the onboarding thresholds move with real sales.
 */
import { type Kysely, sql } from "kysely";
import { LIFETIME_TPV_OPTION } from "../../accounts/account.ts";
import { progressiveOnboardingOf } from "../../accounts/documents.ts";
import { newId } from "../../db/ids.ts";
import type { ChargesTable, Database } from "../../db/schema.ts";
import { chargeEntry } from "../../ledger/entries.ts";
import { insertBalanceTransactions } from "../../ledger/rollups.ts";
import { writeTimelineEvent } from "../../ledger/timeline.ts";
import { customerShare } from "../../ledger/timeline-data.ts";

type Trx = Kysely<Database>;

/** Withholds the active loan's rate from a captured payment; answers the amount withheld. */
export async function withholdLoanRepayment(trx: Trx, charge: ChargesTable, now: number): Promise<number> {
	const loan = await trx
		.selectFrom("loans")
		.selectAll()
		.where("account_id", "=", charge.account_id)
		.where("status", "=", "active")
		.where("currency", "=", charge.currency)
		.where("repayments_begin_at", "<=", now)
		.orderBy("paid_out_at")
		.limit(1)
		.executeTakeFirst();
	if (!loan) return 0;
	const owed = loan.amount + loan.fee_amount - loan.paid_amount;
	const withheld = Math.min(owed, Math.round(charge.amount * loan.withhold_rate));
	if (withheld <= 0) return 0;
	const entry = await chargeEntry(trx, charge, {
		type: "financing_paydown",
		reportingCategory: "financing",
		sourceId: loan.id,
		amount: -withheld,
		fee: 0,
		created: now,
		loanId: loan.id,
	});
	await insertBalanceTransactions(trx, [{ ...entry, description: "Loan repayment" }]);
	await trx
		.insertInto("loan_paydowns")
		.values({
			account_id: charge.account_id,
			id: newId("flxpd"),
			loan_id: loan.id,
			amount: withheld,
			created: now,
			balance_transaction_id: entry.id,
		})
		.execute();
	const repaid = loan.paid_amount + withheld >= loan.amount + loan.fee_amount;
	await trx
		.updateTable("loans")
		.set((eb) => ({
			paid_amount: eb("paid_amount", "+", withheld),
			first_paydown_at: loan.first_paydown_at ?? now,
			...(repaid ? { status: "paid_off", fully_paid_at: now } : {}),
		}))
		.where("account_id", "=", charge.account_id)
		.where("id", "=", loan.id)
		.execute();
	await writeTimelineEvent(trx, {
		accountId: charge.account_id,
		paymentIntentId: charge.payment_intent_id,
		type: "financing_paydown",
		datetime: now,
		data: {
			amount: -customerShare(charge, withheld),
			currency: charge.customer_currency,
			loan_id: loan.stripe_loan_id || loan.id,
			balance_transaction_id: entry.id,
		},
	});
	return withheld;
}

/** Adds a captured payment to the account's lifetime volume (in the account's currency). */
export async function recordSalesVolume(trx: Trx, charge: ChargesTable, now: number): Promise<void> {
	const read = () =>
		trx.selectFrom("accounts").selectAll().where("id", "=", charge.account_id).executeTakeFirst();
	let account = await read();
	if (!account || account.default_currency.toLowerCase() !== charge.currency) return;
	await trx
		.insertInto("options")
		.values({ account_id: charge.account_id, name: LIFETIME_TPV_OPTION, value: String(charge.amount) })
		.onConflict((conflict) =>
			conflict.columns(["account_id", "name"]).doUpdateSet({
				value: sql`cast(cast(options.value as bigint) + ${charge.amount} as text)`,
			}),
		)
		.execute();
	if (!progressiveOnboardingOf(account).isEnabled) return;
	// Lock the account row (a no-op update works on both engines) and read it again, so two
	// captures at once both count.
	await trx
		.updateTable("accounts")
		.set({ id: charge.account_id })
		.where("id", "=", charge.account_id)
		.execute();
	account = (await read()) ?? account;
	const locked = progressiveOnboardingOf(account);
	await trx
		.updateTable("accounts")
		.set({
			progressive_onboarding: JSON.stringify({
				...locked,
				tpv: locked.tpv + charge.amount,
				firstTransactionDate: locked.firstTransactionDate ?? new Date(now * 1000).toISOString(),
			}),
		})
		.where("id", "=", charge.account_id)
		.execute();
}
