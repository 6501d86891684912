/**
 * A disputed card payment: the charge, then on the dispute's day the dispute row, the dispute
 * debit (amount and a 15.00 fee) and, when won, the reversal that credits both back.
 * Inquiries (warning_*, charge_refunded) move no money.
 */
import { DISPUTE_FEE } from "../processors/sandbox/timed-disputes.ts";
import { HOUR } from "./calendar.ts";
import { capture, capturedState, openCharge, writeCharge } from "./charges.ts";
import { type DisputePlan, isInquiry } from "./dispute-plan.ts";
import { emitRefund } from "./refunds.ts";
import type { ChargeContext } from "./rows.ts";
import type { SeedRun } from "./run.ts";
import { authorizedData, disputeData } from "./timeline.ts";

const CLOSED_EVENT: Record<string, string> = {
	won: "dispute_won",
	lost: "dispute_lost",
	warning_closed: "dispute_warning_closed",
	charge_refunded: "dispute_charge_refunded",
};

function evidenceOf(plan: DisputePlan, charge: ChargeContext): string {
	if (plan.evidenceAt === null && !plan.draft) return "{}";
	const shipped = new Date((charge.created + 20 * HOUR) * 1000).toISOString().slice(0, 10);
	const evidence: Record<string, string> = {
		product_description: "Hand-made goods from our online store, shipped with tracking.",
		customer_name: charge.customer.name,
		customer_email_address: charge.customer.email,
		shipping_carrier: "UPS",
		shipping_tracking_number: `1Z${charge.chargeId.slice(-16).toUpperCase()}`,
		shipping_date: shipped,
	};
	if (plan.evidenceAt !== null) {
		evidence.billing_address = charge.customer.billingDetailsJson;
		evidence.uncategorized_text =
			"The order was delivered to the billing address; the customer confirmed receipt by e-mail.";
	}
	return JSON.stringify(evidence);
}

function metadataOf(plan: DisputePlan): string {
	const metadata: Record<string, string> = {};
	if (plan.evidenceAt !== null || plan.draft) metadata.__product_type = "physical_product";
	if (plan.evidenceAt !== null) metadata.__evidence_submitted_at = String(plan.evidenceAt);
	if (plan.closedByMerchant) metadata.__closed_by_merchant = "1";
	if (plan.closedAt !== null && (plan.status === "lost" || plan.status === "won")) {
		metadata.__dispute_closed_at = String(plan.closedAt);
	}
	return JSON.stringify(metadata);
}

export function disputedCharge(run: SeedRun, plan: DisputePlan): void {
	const random = run.random;
	const market = run.customers.marketIn(random, plan.currency);
	const open = openCharge(run, plan.chargeAt, {
		market,
		methodType: "card",
		riskLevel: random.chance(0.7) ? 0 : 1,
	});
	const { charge } = open;
	run.timeline(charge, "authorized", charge.created, authorizedData(charge));
	const transactionId = capture(run, charge, charge.created);
	const state = capturedState(transactionId);
	state.disputed = true;
	if (plan.status === "charge_refunded") {
		state.refunded = true;
		state.amountRefunded = charge.amount;
	}
	writeCharge(run, open, state, plan.status === "charge_refunded" ? "refunded" : "completed");
	run.later(plan.created, () => openDispute(run, plan, charge));
}

function openDispute(run: SeedRun, plan: DisputePlan, charge: ChargeContext): void {
	const random = run.random;
	const id = random.id("du", plan.created);
	const inquiry = isInquiry(plan.status);
	let transactionId: string | null = null;
	if (inquiry) {
		run.timeline(
			charge,
			"dispute_needs_response",
			plan.created,
			disputeData(charge, plan.reason, 0, 0, null),
		);
	} else {
		const { row, deposit } = run.transaction(
			charge,
			{
				id: random.id("txn", plan.created),
				type: "dispute",
				sourceId: id,
				currency: charge.currency,
				amount: -charge.amount,
				fee: DISPUTE_FEE,
				created: plan.created,
				customerAmount: -charge.customerAmount,
			},
			plan.withdrawal,
		);
		transactionId = row.id;
		run.timeline(
			charge,
			"dispute_needs_response",
			plan.created,
			disputeData(charge, plan.reason, -charge.amount, DISPUTE_FEE, deposit),
		);
	}
	run.sink.push("disputes", {
		account_id: run.accountId,
		id,
		charge_id: charge.chargeId,
		payment_intent_id: charge.intentId,
		order_id: charge.orderId,
		amount: charge.amount,
		currency: charge.currency,
		status: plan.status,
		reason: plan.reason,
		created: plan.created,
		due_by: plan.dueBy,
		has_evidence: plan.evidenceAt === null ? 0 : 1,
		evidence: evidenceOf(plan, charge),
		metadata: metadataOf(plan),
		issuer_evidence: null,
		customer_name: charge.customer.name,
		customer_email: charge.customer.email,
		customer_country: charge.customer.country,
		source: charge.method.label,
		balance_transaction_id: transactionId,
	});
	const evidenceAt = plan.evidenceAt;
	if (evidenceAt !== null) {
		run.later(evidenceAt, () =>
			run.timeline(charge, "dispute_in_review", evidenceAt, disputeData(charge, plan.reason, 0, 0, null)),
		);
	}
	const refundAt = plan.refundAt;
	if (refundAt !== null) {
		run.later(refundAt, () =>
			emitRefund(run, charge, {
				at: refundAt,
				amount: charge.amount,
				refundedBefore: 0,
				reason: "requested_by_customer",
			}),
		);
	}
	const closedAt = plan.closedAt;
	const closedEvent = CLOSED_EVENT[plan.status];
	if (closedAt !== null && closedEvent)
		run.later(closedAt, () => closeDispute(run, plan, charge, id, closedAt, closedEvent));
}

function closeDispute(
	run: SeedRun,
	plan: DisputePlan,
	charge: ChargeContext,
	id: string,
	at: number,
	event: string,
): void {
	if (plan.status !== "won") {
		run.timeline(charge, event, at, disputeData(charge, plan.reason, 0, 0, null));
		return;
	}
	const { deposit } = run.transaction(charge, {
		id: run.random.id("txn", at),
		type: "dispute_reversal",
		sourceId: id,
		currency: charge.currency,
		amount: charge.amount,
		fee: -DISPUTE_FEE,
		created: at,
		customerAmount: charge.customerAmount,
	});
	run.timeline(charge, event, at, disputeData(charge, plan.reason, charge.amount, -DISPUTE_FEE, deposit));
}
