/**
 * Instant payouts (spec 2 §4, spec 3 §9): the processor's only money movement of this area, so it
 * follows DESIGN §4 to the letter — one database transaction that locks the account row,
 * re-reads the balance under the lock and pays out at most what is there. A double click, a
 * retry or two concurrent requests therefore yield one payout: the second finds the instant
 * balance at 0, or (with the same Idempotency-Key) gets the first payout back.
 */
import { INSTANT_PAYOUT_ARRIVAL_MINUTES } from "@paydesk/domain/payouts";
import { z } from "zod";
import { externalAccountsOf } from "../../accounts/documents.ts";
import { recordAudit } from "../../audit/record.ts";
import type { Db } from "../../db/connection.ts";
import { forUpdate } from "../../db/dialect.ts";
import { newId } from "../../db/ids.ts";
import type { AccountsTable, PayoutsTable } from "../../db/schema.ts";
import { accountBalances, instantBalanceFor } from "../../ledger/balances.ts";
import { payoutChange, recordAccountEvents } from "../../ledger/events.ts";
import { rememberAnswer, replayedAnswer } from "../../ledger/idempotency.ts";
import { type InstantPayoutRequest, PayoutError } from "../processor.ts";

/** The payout an instant payout's Idempotency-Key remembers (idempotency_keys.response), as its row. */
const storedPayout: z.ZodType<PayoutsTable, PayoutsTable> = z
	.object({
		account_id: z.string(),
		id: z.string(),
		type: z.string(),
		method: z.string(),
		automatic: z.number(),
		status: z.string(),
		date: z.number(),
		created: z.number(),
		amount: z.number(),
		fee: z.number(),
		fee_percentage: z.number(),
		currency: z.string(),
		bank_account: z.string(),
		bank_reference_key: z.string().nullable(),
		failure_code: z.string().nullable(),
		failure_message: z.string().nullable(),
		balance_transaction_id: z.string().nullable(),
	})
	.describe("an instant payout");

/** "STRIPE TEST BANK •••• 6789 (USD)", as payouts name the account they went to. */
export function bankAccountLabel(row: Pick<AccountsTable, "external_accounts">, currency: string): string {
	const accounts = externalAccountsOf(row);
	const account = accounts.find((a) => a.currency?.toLowerCase() === currency) ?? accounts[0];
	if (!account) return "";
	return `${account.bank_name ?? "Bank account"} •••• ${account.last4 ?? "0000"} (${currency.toUpperCase()})`;
}

/** Pays out the whole instant balance of a currency; answers the payout (or the replayed one). */
export async function createInstantPayout(
	db: Db,
	request: InstantPayoutRequest,
): Promise<{ payout: PayoutsTable; replayed: boolean }> {
	return db.kysely.transaction().execute(async (trx) => {
		// The lock every money movement of the account takes first (SQLite: the single writer).
		const account = await forUpdate(
			db.dialect,
			trx.selectFrom("accounts").selectAll().where("id", "=", request.accountId),
		).executeTakeFirst();
		if (!account) throw new PayoutError("account_missing", "No payments account is connected.");

		if (request.idempotency) {
			const first = await replayedAnswer(trx, request.idempotency, storedPayout);
			if (first) return { payout: first, replayed: true };
		}

		const [balance] = await accountBalances(trx, request.accountId, request.now, request.currency);
		const instant = instantBalanceFor(account, balance ?? { currency: request.currency, available: 0 });
		if (instant.amount <= 0) {
			throw new PayoutError(
				"instant_unavailable",
				`There are no funds available for an instant payout in ${request.currency.toUpperCase()}.`,
			);
		}

		// The balance gives amount + fee: the bank receives the net, the fee is kept.
		const payout: PayoutsTable = {
			account_id: request.accountId,
			id: newId("po"),
			type: "deposit",
			method: "instant",
			automatic: 0,
			status: "in_transit",
			date: request.now + INSTANT_PAYOUT_ARRIVAL_MINUTES * 60,
			created: request.now,
			amount: instant.net,
			fee: instant.fee,
			fee_percentage: instant.fee_percentage,
			currency: request.currency,
			bank_account: bankAccountLabel(account, request.currency),
			bank_reference_key: null,
			failure_code: null,
			failure_message: null,
			balance_transaction_id: null,
		};
		await trx.insertInto("payouts").values(payout).execute();
		if (request.idempotency) await rememberAnswer(trx, request.idempotency, payout, request.now);
		await recordAccountEvents(trx, request.accountId, request.now, [
			payoutChange("payout.created", payout.id, payout.status),
		]);
		if (request.actor) {
			await recordAudit(trx, {
				accountId: request.accountId,
				action: "payout.instant_created",
				actor: request.actor,
				now: request.now,
				object: { type: "payout", id: payout.id },
				details: { amount: payout.amount, fee: payout.fee, currency: payout.currency },
			});
		}
		return { payout, replayed: false };
	});
}
