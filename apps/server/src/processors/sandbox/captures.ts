/**
 * Capturing and canceling an order's authorization (spec 2 §4 "Authorization", §8 capture and
 * cancel failures). Each is one database transaction that locks the charge row first (FOR
 * UPDATE on PostgreSQL; SQLite runs one writer at a time) and checks the state under the lock,
 * so a double click, a retry or concurrent requests capture at most once: the others find the
 * authorization already captured, or (with the same Idempotency-Key) get the first answer.
 *
 * Failures are answers, not exceptions: an authorization found past its 7-day window is marked
 * expired, and that must commit even though the capture is refused.
 */
import { captureDeadline, isAuthorizationExpired, minimumCaptureAmount } from "@paydesk/domain/capture";
import { type FeeRates, standardFeeRates } from "@paydesk/domain/fees";
import { paymentMethodLast4 } from "@paydesk/domain/payment-methods";
import { FUNDS_AVAILABLE_AFTER } from "@paydesk/domain/processor-schedule";
import { transactionSource } from "@paydesk/domain/transactions";
import type { Kysely } from "kysely";
import { z } from "zod";
import { recordAudit } from "../../audit/record.ts";
import type { Db } from "../../db/connection.ts";
import { forUpdate } from "../../db/dialect.ts";
import { newId } from "../../db/ids.ts";
import type { BalanceTransactionsTable, ChargesTable, Database, OrdersTable } from "../../db/schema.ts";
import { paymentMethodDetailsOf } from "../../ledger/charge-details.ts";
import { settlementType } from "../../ledger/entries.ts";
import { paymentChange, recordAccountEvents } from "../../ledger/events.ts";
import { rememberAnswer, replayedAnswer } from "../../ledger/idempotency.ts";
import { insertBalanceTransactions } from "../../ledger/rollups.ts";
import { amountData, capturedData, fraudDecisionData, writeTimelineEvent } from "../../ledger/timeline.ts";
import type { AuthorizationFailureCode, AuthorizationRequest, AuthorizationResult } from "../processor.ts";
import { recordSalesVolume, withholdLoanRepayment } from "./capture-effects.ts";

/** What a capture or a cancellation answers: the intent and its status after it. */
const captureAnswer = z.object({ id: z.string(), status: z.string() });

type Action = "capture" | "cancel";
type Failure = Extract<AuthorizationResult, { ok: false }>;
const fail = (code: AuthorizationFailureCode, message: string): Failure => ({ ok: false, code, message });

/** The checks of spec 2 §8 in order: order, refunds, intent match, state; null when all pass. */
async function checkAuthorization(
	trx: Kysely<Database>,
	request: AuthorizationRequest,
	order: OrdersTable | undefined,
	charge: ChargesTable | undefined,
	action: Action,
): Promise<Failure | null> {
	if (!order) return fail("missing_order", "The order could not be found.");
	const refund = await trx
		.selectFrom("refunds")
		.select("id")
		.where("account_id", "=", request.accountId)
		.where("order_id", "=", order.id)
		.where("status", "!=", "failed")
		.executeTakeFirst();
	if (order.status === "refunded" || refund) {
		return fail("refunded_order", "Payment cannot be processed for partially or fully refunded orders.");
	}
	if (order.payment_intent_id !== request.paymentIntentId || (charge && charge.order_id !== order.id)) {
		return fail(
			"intent_order_mismatch",
			"The payment cannot be processed due to a mismatch with order details.",
		);
	}
	if (charge?.intent_status !== "requires_capture") {
		return fail("uncapturable", "This payment cannot be processed in its current state.");
	}
	if (charge.status === "failed") {
		return action === "capture"
			? fail("capture_failed", "The payment capture failed to complete.")
			: fail("cancel_failed", "The payment cancellation failed to complete.");
	}
	return null;
}

/**
 * The authorization ran out: the hold is released and the timeline says it expired. False, and
 * nothing written, when the charge is no longer an authorization (a capture or a cancellation
 * committed since the caller read it).
 */
export async function expireAuthorization(
	trx: Kysely<Database>,
	charge: ChargesTable,
	order: OrdersTable | undefined,
): Promise<boolean> {
	if (!(await releaseHold(trx, charge, order))) return false;
	await writeTimelineEvent(trx, {
		accountId: charge.account_id,
		paymentIntentId: charge.payment_intent_id,
		type: "authorization_expired",
		datetime: captureDeadline(charge.created),
		data: amountData(charge),
	});
	return true;
}

/**
 * Releasing an authorization refunds its whole hold; the order (when it has one) is cancelled.
 * A compare-and-set on the state it leaves: only a charge still awaiting capture is released, in
 * the same statement, so a release that lost a race to a capture changes nothing (false).
 */
async function releaseHold(
	trx: Kysely<Database>,
	charge: ChargesTable,
	order: OrdersTable | undefined,
): Promise<boolean> {
	const released = await trx
		.updateTable("charges")
		.set({ intent_status: "canceled", refunded: 1, amount_refunded: charge.amount })
		.where("account_id", "=", charge.account_id)
		.where("id", "=", charge.id)
		.where("intent_status", "=", "requires_capture")
		.executeTakeFirst();
	if (Number(released.numUpdatedRows) !== 1) return false;
	if (!order) return true;
	await trx
		.updateTable("orders")
		.set({ status: "cancelled" })
		.where("account_id", "=", order.account_id)
		.where("id", "=", order.id)
		.execute();
	return true;
}

/** The balance transaction of a captured payment, denormalised from its charge and order. */
function captureTransaction(
	charge: ChargesTable,
	order: OrdersTable,
	id: string,
	now: number,
	availableAfter: number,
): BalanceTransactionsTable {
	const details = paymentMethodDetailsOf(charge);
	return {
		account_id: charge.account_id,
		id,
		type: settlementType(charge.payment_method_type),
		reporting_category: "charge",
		// Its source is its charge (processor/ledger-source.ts).
		source_id: null,
		charge_id: charge.id,
		payment_intent_id: charge.payment_intent_id,
		order_id: order.id,
		order_number: order.number,
		amount: charge.amount,
		fee: charge.fee,
		net: charge.amount - charge.fee,
		currency: charge.currency,
		customer_currency: charge.customer_currency,
		customer_amount: charge.customer_amount,
		exchange_rate: charge.exchange_rate,
		created: now,
		available_on: now + availableAfter,
		deposit_id: null,
		loan_id: null,
		channel: charge.channel,
		source: transactionSource(charge.payment_method_type, details.brand),
		source_identifier: paymentMethodLast4({
			type: charge.payment_method_type,
			[charge.payment_method_type]: details,
		}),
		source_device: charge.source_device,
		customer_name: charge.customer_name,
		customer_email: charge.customer_email,
		customer_country: charge.customer_country,
		risk_level: charge.risk_level,
		description: null,
	};
}

/** A payment held for review is decided by the merchant's capture (approve) or cancel (block). */
async function recordReviewDecision(
	trx: Kysely<Database>,
	charge: ChargesTable,
	request: AuthorizationRequest,
	action: Action,
): Promise<void> {
	if (charge.fraud_meta_box_type !== "review") return;
	const approve = action === "capture";
	await trx
		.updateTable("charges")
		.set({
			fraud_outcome: approve ? "allow" : "block",
			fraud_meta_box_type: approve ? "review_allowed" : "review_blocked",
		})
		.where("account_id", "=", charge.account_id)
		.where("id", "=", charge.id)
		.execute();
	await writeTimelineEvent(trx, {
		accountId: charge.account_id,
		paymentIntentId: charge.payment_intent_id,
		type: approve ? "fraud_outcome_manual_approve" : "fraud_outcome_manual_block",
		datetime: request.now,
		data: fraudDecisionData(charge, request.user),
	});
}

export interface CaptureOptions {
	/** The fee rates the charge's fee was computed with; the standard price when not given. */
	feeRates?: FeeRates;
	/** Seconds until the funds are available (the pending period by default). */
	availableAfter?: number;
	transactionId?: string;
}

/**
 * Captures an authorized charge inside the caller's transaction: its balance transaction (with
 * rollups), the charge's captured state, the "captured" timeline event and the order's status.
 */
export async function capture(
	trx: Kysely<Database>,
	charge: ChargesTable,
	order: OrdersTable,
	now: number,
	options: CaptureOptions = {},
): Promise<string> {
	const transaction = captureTransaction(
		charge,
		order,
		options.transactionId ?? newId("txn"),
		now,
		options.availableAfter ?? FUNDS_AVAILABLE_AFTER,
	);
	await trx
		.updateTable("charges")
		.set({
			captured: 1,
			paid: 1,
			amount_captured: charge.amount,
			intent_status: "succeeded",
			balance_transaction_id: transaction.id,
		})
		.where("account_id", "=", charge.account_id)
		.where("id", "=", charge.id)
		.execute();
	await insertBalanceTransactions(trx, [transaction]);
	const feeRates =
		options.feeRates ??
		standardFeeRates(
			charge.payment_method_type,
			charge.currency,
			charge.customer_currency !== charge.currency,
		);
	await writeTimelineEvent(trx, {
		accountId: charge.account_id,
		paymentIntentId: charge.payment_intent_id,
		type: "captured",
		datetime: now,
		data: capturedData(charge, feeRates, transaction.id),
	});
	if (order.status === "on-hold" || order.status === "pending") {
		await trx
			.updateTable("orders")
			.set({ status: "processing" })
			.where("account_id", "=", order.account_id)
			.where("id", "=", order.id)
			.execute();
	}
	const captured = {
		...charge,
		balance_transaction_id: transaction.id,
		captured: 1,
		amount_captured: charge.amount,
	};
	await withholdLoanRepayment(trx, captured, now);
	await recordSalesVolume(trx, captured, now);
	return transaction.id;
}

async function settleAuthorization(
	db: Db,
	request: AuthorizationRequest,
	action: Action,
): Promise<AuthorizationResult> {
	return db.kysely.transaction().execute(async (trx) => {
		const charge = await forUpdate(
			db.dialect,
			trx
				.selectFrom("charges")
				.selectAll()
				.where("account_id", "=", request.accountId)
				.where("payment_intent_id", "=", request.paymentIntentId),
		).executeTakeFirst();
		const scope = request.idempotency;
		if (scope) {
			const first = await replayedAnswer(trx, scope, captureAnswer);
			if (first) return { ok: true, answer: first, replayed: true };
		}
		const order = await trx
			.selectFrom("orders")
			.selectAll()
			.where("account_id", "=", request.accountId)
			.where("id", "=", request.orderId)
			.executeTakeFirst();
		const failure = await checkAuthorization(trx, request, order, charge, action);
		if (failure) return failure;
		// Both are defined once the checks pass.
		const held = charge as ChargesTable;
		const owner = order as OrdersTable;
		if (isAuthorizationExpired(held.created, request.now)) {
			await expireAuthorization(trx, held, owner);
			await recordAccountEvents(trx, held.account_id, request.now, [
				paymentChange("payment.canceled", held, "canceled"),
			]);
			return fail(
				"uncapturable",
				"The authorization expired 7 days after it was created and can no longer be processed.",
			);
		}
		if (action === "capture") {
			const minimum = minimumCaptureAmount(held.currency);
			if (held.amount < minimum) {
				return {
					...fail("amount_too_small", "The payment amount is too small to be captured."),
					minimum: { amount: minimum, currency: held.currency },
				};
			}
		}
		await recordReviewDecision(trx, held, request, action);
		if (action === "capture") await capture(trx, held, owner, request.now);
		else {
			await releaseHold(trx, held, owner);
			await writeTimelineEvent(trx, {
				accountId: held.account_id,
				paymentIntentId: held.payment_intent_id,
				type: "authorization_voided",
				datetime: request.now,
				data: amountData(held),
			});
		}
		const answer = { id: held.payment_intent_id, status: action === "capture" ? "succeeded" : "canceled" };
		if (scope) await rememberAnswer(trx, scope, answer, request.now);
		await recordAccountEvents(trx, held.account_id, request.now, [
			paymentChange(action === "capture" ? "payment.captured" : "payment.canceled", held, answer.status),
		]);
		if (request.actor) {
			await recordAudit(trx, {
				accountId: held.account_id,
				action: action === "capture" ? "payment.captured" : "payment.canceled",
				actor: request.actor,
				now: request.now,
				object: { type: "charge", id: held.id },
				paymentIntentId: held.payment_intent_id,
				details: {
					payment_intent_id: held.payment_intent_id,
					order_id: owner.id,
					amount: held.amount,
					currency: held.currency,
				},
			});
		}
		return { ok: true, answer, replayed: false };
	});
}

export function captureAuthorization(db: Db, request: AuthorizationRequest): Promise<AuthorizationResult> {
	return settleAuthorization(db, request, "capture");
}

export function cancelAuthorization(db: Db, request: AuthorizationRequest): Promise<AuthorizationResult> {
	return settleAuthorization(db, request, "cancel");
}
