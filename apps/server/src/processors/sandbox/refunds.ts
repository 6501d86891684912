/**
 * Refunds (spec 2 "Summary card actions", the order screen's partial refund). One database
 * transaction locks the charge row (FOR UPDATE on PostgreSQL; SQLite runs one writer at a
 * time), re-reads what was refunded under the lock and refunds at most what is left, writing
 * together: the refund, the charge's refunded amount, a negative balance transaction (with its
 * rollups) denormalised like the charge's own, the timeline event, and the order's status.
 *
 * Never twice: concurrent or repeated requests serialise on the lock and find the amount
 * already refunded; a retry with the same Idempotency-Key gets the first refund back. A client
 * without keys is protected too: a request without a key that repeats a refund of the same charge
 * and amount within DOUBLE_SUBMIT_WINDOW seconds is taken as the retry of a request whose answer
 * was lost (or a double click), and answered with the first refund. A refund of the rest repeated
 * once nothing is left is answered the same way. A second refund of the same amount on purpose
 * waits the window out, or sends its own key.
 */
import { type RefundReason, refundableAmount, refundRefusal } from "@paydesk/domain/refunds";
import type { Kysely } from "kysely";
import { z } from "zod";
import { recordAudit } from "../../audit/record.ts";
import type { Db } from "../../db/connection.ts";
import { forUpdate } from "../../db/dialect.ts";
import { newId } from "../../db/ids.ts";
import type { BalanceTransactionsTable, ChargesTable, Database, RefundsTable } from "../../db/schema.ts";
import { latestDisputeStatus } from "../../ledger/charges.ts";
import { chargeEntry, settlementType } from "../../ledger/entries.ts";
import { paymentChange, recordAccountEvents } from "../../ledger/events.ts";
import { rememberAnswer, replayedAnswer } from "../../ledger/idempotency.ts";
import { insertBalanceTransactions } from "../../ledger/rollups.ts";
import { refundData, writeTimelineEvent } from "../../ledger/timeline.ts";
import type { RefundRequest, RefundResult } from "../processor.ts";

export const DOUBLE_SUBMIT_WINDOW = 10;

/** The refund a refund's Idempotency-Key remembers, as its row. */
const storedRefund: z.ZodType<RefundsTable, RefundsTable> = z.object({
	account_id: z.string(),
	id: z.string(),
	charge_id: z.string(),
	payment_intent_id: z.string(),
	order_id: z.number().nullable(),
	amount: z.number(),
	currency: z.string(),
	reason: z.string().nullable(),
	status: z.string(),
	failure_reason: z.string().nullable(),
	created: z.number(),
	balance_transaction_id: z.string().nullable(),
});

/**
 * The first refund of a repeated keyless request: the same charge and amount moments ago; for a
 * refund of the rest (no amount), the latest one when nothing is left to refund.
 */
async function doubleSubmitted(
	trx: Kysely<Database>,
	charge: ChargesTable,
	amount: number | undefined,
	now: number,
): Promise<RefundsTable | undefined> {
	if (amount === undefined && charge.amount_refunded < charge.amount_captured) return undefined;
	let query = trx
		.selectFrom("refunds")
		.selectAll()
		.where("account_id", "=", charge.account_id)
		.where("charge_id", "=", charge.id)
		.where("status", "=", "succeeded")
		.where("created", ">=", now - DOUBLE_SUBMIT_WINDOW);
	if (amount !== undefined) query = query.where("amount", "=", amount);
	return query.orderBy("created", "desc").limit(1).executeTakeFirst();
}

/**
 * The refund's balance transaction: negative amount and net, no fee, and the customer, order
 * and source fields copied from the charge's own transaction so the list can filter on them.
 */
async function refundTransaction(
	trx: Kysely<Database>,
	charge: ChargesTable,
	refund: RefundsTable,
): Promise<BalanceTransactionsTable> {
	const own = charge.balance_transaction_id
		? await trx
				.selectFrom("balance_transactions")
				.select("type")
				.where("account_id", "=", charge.account_id)
				.where("id", "=", charge.balance_transaction_id)
				.executeTakeFirst()
		: undefined;
	const paidBy = own?.type ?? settlementType(charge.payment_method_type);
	return chargeEntry(trx, charge, {
		type: paidBy === "payment" ? "payment_refund" : "refund",
		reportingCategory: "refund",
		sourceId: refund.id,
		amount: -refund.amount,
		fee: 0,
		created: refund.created,
	});
}

async function writeRefund(
	trx: Kysely<Database>,
	charge: ChargesTable,
	amount: number,
	reason: RefundReason | null,
	now: number,
) {
	const refund: RefundsTable = {
		account_id: charge.account_id,
		id: newId("re"),
		charge_id: charge.id,
		payment_intent_id: charge.payment_intent_id,
		order_id: charge.order_id,
		amount,
		currency: charge.currency,
		reason,
		status: "succeeded",
		failure_reason: null,
		created: now,
		balance_transaction_id: null,
	};
	const transaction = await refundTransaction(trx, charge, refund);
	refund.balance_transaction_id = transaction.id;
	const totalRefunded = charge.amount_refunded + amount;
	const full = totalRefunded >= charge.amount_captured;
	await trx.insertInto("refunds").values(refund).execute();
	await insertBalanceTransactions(trx, [transaction]);
	await trx
		.updateTable("charges")
		.set({ amount_refunded: totalRefunded, refunded: full ? 1 : 0 })
		.where("account_id", "=", charge.account_id)
		.where("id", "=", charge.id)
		.execute();
	await writeTimelineEvent(trx, {
		accountId: charge.account_id,
		paymentIntentId: charge.payment_intent_id,
		type: full ? "full_refund" : "partial_refund",
		datetime: now,
		data: refundData(charge, amount, totalRefunded, reason, transaction.id),
	});
	if (full && charge.order_id !== null) {
		await trx
			.updateTable("orders")
			.set({ status: "refunded" })
			.where("account_id", "=", charge.account_id)
			.where("id", "=", charge.order_id)
			.execute();
	}
	return refund;
}

export async function refundCharge(db: Db, request: RefundRequest): Promise<RefundResult> {
	return db.kysely.transaction().execute(async (trx): Promise<RefundResult> => {
		const charge = await forUpdate(
			db.dialect,
			trx
				.selectFrom("charges")
				.selectAll()
				.where("account_id", "=", request.accountId)
				.where("id", "=", request.chargeId),
		).executeTakeFirst();
		if (!charge)
			return { ok: false, failure: { code: "charge_missing", message: "The payment could not be found." } };
		const scope = request.idempotency;
		if (scope) {
			const first = await replayedAnswer(trx, scope, storedRefund);
			if (first) return { ok: true, refund: first, replayed: true };
		} else {
			const first = await doubleSubmitted(trx, charge, request.amount, request.now);
			if (first) return { ok: true, refund: first, replayed: true };
		}
		if (request.orderId !== undefined && request.orderId !== charge.order_id) {
			return {
				ok: false,
				failure: { code: "order_mismatch", message: "The payment does not belong to this order." },
			};
		}
		const rules = {
			status: charge.status,
			captured: charge.captured === 1,
			refunded: charge.refunded === 1,
			amount_captured: charge.amount_captured,
			amount_refunded: charge.amount_refunded,
			dispute: await latestDisputeStatus(trx, charge),
		};
		const amount = request.amount ?? refundableAmount(rules);
		// With no amount asked and nothing refundable, any positive amount makes the refusal say why.
		const refusal = refundRefusal(rules, request.amount ?? Math.max(amount, 1), charge.currency);
		if (refusal) return { ok: false, failure: { ...refusal, code: "refused", currency: charge.currency } };
		const refund = await writeRefund(trx, charge, amount, request.reason, request.now);
		if (scope) await rememberAnswer(trx, scope, refund, request.now);
		const refunded = charge.amount_refunded + amount >= charge.amount_captured;
		await recordAccountEvents(trx, charge.account_id, request.now, [
			paymentChange("payment.refunded", charge, refunded ? "refunded" : "partially_refunded"),
		]);
		if (request.actor) {
			await recordAudit(trx, {
				accountId: charge.account_id,
				action: "refund.created",
				actor: request.actor,
				now: request.now,
				object: { type: "charge", id: charge.id },
				paymentIntentId: charge.payment_intent_id,
				details: {
					refund_id: refund.id,
					payment_intent_id: charge.payment_intent_id,
					amount: amount,
					currency: charge.currency,
					reason: request.reason,
				},
			});
		}
		return { ok: true, refund, replayed: false };
	});
}
