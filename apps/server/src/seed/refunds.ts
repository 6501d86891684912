/** Refunds: the refunds row, its negative balance transaction, and a failure when the card is gone. */
import { type ChargeContext, customerShare } from "./rows.ts";
import type { SeedRun } from "./run.ts";
import { refundData, refundFailedData } from "./timeline.ts";

export interface RefundSpec {
	at: number;
	/** Store-currency amount refunded. */
	amount: number;
	/** Already refunded before this refund (store currency). */
	refundedBefore: number;
	reason: string | null;
	/** When set, the bank returns the refund: a refund_failure transaction puts the money back. */
	failure?: { reason: string; at: number };
}

export function emitRefund(run: SeedRun, charge: ChargeContext, spec: RefundSpec): string {
	const random = run.random;
	const refundId = random.id("re", spec.at);
	const customerAmount = customerShare(charge, spec.amount);
	const { row, deposit } = run.transaction(charge, {
		id: random.id("txn", spec.at),
		type: charge.method.btType === "payment" ? "payment_refund" : "refund",
		sourceId: refundId,
		currency: charge.currency,
		amount: -spec.amount,
		fee: 0,
		created: spec.at,
		customerAmount: -customerAmount,
	});
	run.sink.push("refunds", {
		account_id: run.accountId,
		id: refundId,
		charge_id: charge.chargeId,
		payment_intent_id: charge.intentId,
		order_id: charge.orderId,
		amount: spec.amount,
		currency: charge.currency,
		reason: spec.reason,
		status: spec.failure ? "failed" : "succeeded",
		failure_reason: spec.failure ? spec.failure.reason : null,
		created: spec.at,
		balance_transaction_id: row.id,
	});
	const total = spec.refundedBefore + spec.amount;
	const customerRefunded = customerShare(charge, total);
	run.timeline(
		charge,
		total >= charge.amount ? "full_refund" : "partial_refund",
		spec.at,
		refundData(charge, spec.amount, customerAmount, customerRefunded, spec.reason, deposit),
	);
	const failure = spec.failure;
	if (failure) {
		run.later(failure.at, () => {
			run.transaction(charge, {
				id: random.id("txn", failure.at),
				type: "refund_failure",
				sourceId: refundId,
				currency: charge.currency,
				amount: spec.amount,
				fee: 0,
				created: failure.at,
				customerAmount,
			});
			run.timeline(
				charge,
				"refund_failed",
				failure.at,
				refundFailedData(charge, customerAmount, failure.reason),
			);
		});
	}
	return refundId;
}
