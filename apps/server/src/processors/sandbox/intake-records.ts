/**
 * What a decided payment writes: the charge and its state, the ledger row through a
 * capture, the timeline event, the order's status, the intent's row and the answer the API gives.
 * Used by takePayment and by confirmPayment after 3-D Secure, inside their transaction.
 */
import type { PaymentIntentResult, PostalAddressInput } from "@paydesk/contract/payment-intents";
import { CARD_FAILURE_REASONS } from "@paydesk/domain/timeline/failure";
import type { Kysely } from "kysely";
import type { JsonObject } from "../../db/derived-json.ts";
import type { ChargesTable, Database, OrdersTable } from "../../db/schema.ts";
import { type ChargeFacts, storedChargeDetails } from "../../ledger/charge-details.ts";
import { writeTimelineEvent } from "../../ledger/timeline.ts";
import type { IntakeError } from "../processor.ts";
import { capture } from "./captures.ts";
import type { Decision, PaymentPlan } from "./intake-plan.ts";

/** Everything about the payment the writes need, kept while it waits for 3-D Secure. */
export interface PendingPayment {
	plan: PaymentPlan;
	amount: number;
	currency: string;
	captureMethod: "automatic" | "manual";
	billing: { name: string; email: string; phone: string | null; address: PostalAddressInput };
	channel: string;
	customerIp: string | null;
	ipCountry: string | null;
}

const ORDER_STATUS: Record<Decision["kind"], string> = {
	decline: "failed",
	block: "failed",
	review: "on-hold",
	authorize: "on-hold",
	capture: "processing",
};

export function intentStatusOf(decision: Decision): PaymentIntentResult["status"] {
	switch (decision.kind) {
		case "decline":
			return "requires_payment_method";
		case "block":
			return "canceled";
		case "review":
		case "authorize":
			return "requires_capture";
		case "capture":
			return "succeeded";
	}
}

export interface Ids {
	intentId: string;
	chargeId: string;
}

/** The charge, the ledger, the timeline and the order's status of a decided payment. */
export async function writePayment(
	trx: Kysely<Database>,
	accountId: string,
	now: number,
	order: OrdersTable,
	ids: Ids,
	payment: PendingPayment,
	decision: Decision,
): Promise<{ charge: ChargesTable; error: IntakeError | null }> {
	const { plan } = payment;
	const failed = decision.kind === "decline" || decision.kind === "block";
	const verdict = decision.kind === "block" || decision.kind === "review" ? decision.verdict : null;
	const decline = decision.kind === "decline" ? decision.decline : null;
	const customer: ChargeFacts = {
		payment_method_type: plan.methodType,
		customer_name: payment.billing.name,
		customer_email: payment.billing.email,
		customer_country: payment.billing.address.country,
	};
	const charge: ChargesTable = {
		account_id: accountId,
		id: ids.chargeId,
		payment_intent_id: ids.intentId,
		order_id: order.id,
		amount: plan.settlement.amount,
		amount_captured: 0,
		amount_refunded: 0,
		currency: plan.settlement.currency,
		status: failed ? "failed" : "succeeded",
		intent_status: intentStatusOf(decision),
		paid: failed ? 0 : 1,
		captured: 0,
		refunded: 0,
		disputed: 0,
		created: now,
		outcome_type:
			decision.kind === "decline"
				? decision.outcomeType
				: decision.kind === "block"
					? "blocked"
					: decision.kind === "review"
						? "manual_review"
						: "authorized",
		outcome_reason: decision.kind === "decline" ? decision.reason : verdict ? "rule" : null,
		risk_level: plan.riskLevel,
		failure_code: decline ? decline.code : decision.kind === "block" ? "card_declined" : null,
		failure_message: decline ? decline.message : decision.kind === "block" ? "Your card was declined." : null,
		...customer,
		...storedChargeDetails(customer, order, plan.details as JsonObject, {
			address: { ...payment.billing.address, line2: payment.billing.address.line2 ?? null },
			email: payment.billing.email,
			name: payment.billing.name,
			phone: payment.billing.phone,
		}),
		channel: payment.channel,
		source_device: null,
		customer_currency: payment.currency,
		customer_amount: payment.amount,
		exchange_rate: plan.settlement.exchangeRate,
		fee: failed ? 0 : plan.fee,
		balance_transaction_id: null,
		fraud_outcome: verdict ? verdict.outcome : null,
		fraud_meta_box_type: verdict ? verdict.outcome : null,
		reader_id: null,
		customer_ip: payment.customerIp,
		ip_country: payment.ipCountry,
		sandbox_dispute: failed ? null : plan.dispute,
	};
	await trx.insertInto("charges").values(charge).execute();
	const event = (type: string, data: Record<string, unknown>) =>
		writeTimelineEvent(trx, {
			accountId,
			paymentIntentId: ids.intentId,
			type,
			datetime: now,
			data: { amount: payment.amount, currency: payment.currency, ...data },
		});
	if (decline) {
		// The timeline explains the reasons the spec names (spec 3 §8); the issuer's own code otherwise.
		const reason = decline.declineCode in CARD_FAILURE_REASONS ? decline.declineCode : decline.code;
		await event("failed", { failure_reason: reason });
	} else if (verdict) {
		await event(verdict.outcome === "block" ? "fraud_outcome_block" : "fraud_outcome_review", {
			ruleset_results: verdict.results,
		});
	} else {
		await event("authorized", {});
	}
	const owner = { ...order, status: ORDER_STATUS[decision.kind] };
	await trx
		.updateTable("orders")
		.set({ status: owner.status, payment_intent_id: ids.intentId, charge_id: ids.chargeId })
		.where("account_id", "=", accountId)
		.where("id", "=", order.id)
		.execute();
	if (decision.kind === "capture") {
		// capture() moves the order on from on-hold/pending itself; it is already processing.
		charge.balance_transaction_id = await capture(trx, charge, { ...owner, status: "processing" }, now, {
			feeRates: plan.feeRates,
			availableAfter: plan.availableAfter,
		});
		charge.captured = 1;
		charge.amount_captured = charge.amount;
	}
	const error = decline
		? { code: decline.code, decline_code: decline.declineCode, message: decline.message }
		: null;
	return { charge, error };
}

export function answerOf(
	intent: { id: string; status: PaymentIntentResult["status"]; created: number; order: OrdersTable },
	payment: PendingPayment,
	charge: ChargesTable | null,
	decision: Decision | null,
	error: IntakeError | null,
	redirectUrl: string | null,
): PaymentIntentResult {
	const verdict =
		decision && (decision.kind === "block" || decision.kind === "review") ? decision.verdict : null;
	const card = payment.plan.card;
	return {
		id: intent.id,
		object: "payment_intent",
		status: intent.status,
		amount: payment.amount,
		currency: payment.currency,
		capture_method: payment.captureMethod,
		created: intent.created,
		order: { id: intent.order.id, number: intent.order.number },
		charge: charge
			? {
					id: charge.id,
					status: charge.status,
					outcome: {
						type: charge.outcome_type ?? "authorized",
						risk_level: charge.risk_level,
						rule: verdict?.rule ?? null,
						reason: charge.outcome_reason,
					},
					payment_method_details: card ? { type: "card", card } : { type: payment.plan.methodType },
				}
			: null,
		last_payment_error: error,
		next_action: redirectUrl ? { type: "redirect_to_url", redirect_url: redirectUrl } : null,
	};
}

export async function saveIntent(
	trx: Kysely<Database>,
	accountId: string,
	answer: PaymentIntentResult,
	extra: { clientSecretHash: string; pending: PendingPayment | null; returnUrl: string | null },
): Promise<void> {
	await trx
		.insertInto("payment_intents")
		.values({
			account_id: accountId,
			id: answer.id,
			status: answer.status,
			amount: answer.amount,
			currency: answer.currency,
			capture_method: answer.capture_method,
			created: answer.created,
			order_id: answer.order.id,
			charge_id: answer.charge?.id ?? null,
			client_secret_hash: extra.clientSecretHash,
			authentication: null,
			return_url: extra.returnUrl,
			pending: extra.pending ? JSON.stringify(extra.pending) : null,
			answer: JSON.stringify(answer),
		})
		.execute();
}
