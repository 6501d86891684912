/**
 * The processor of an account connected to the merchant's own Stripe account: its money actions
 * go to Stripe, and the local copy (payments/stripe-account/import/) is written from Stripe's
 * answer, in one database transaction, so the screens show the change at once and the webhook
 * that follows finds nothing left to change.
 *
 * - **Never twice.** Each call carries an Idempotency-Key derived from the admin request's own
 *   (its key and the action), so a retry, a double click or a concurrent request is one action
 *   on Stripe's side too. A request without a key gets one from what it asks and a 10-second
 *   window, as the sandbox treats a keyless double submit.
 * - **Checked first.** What the spec refuses (an amount over what is left, a payment not
 *   captured …) is refused from the local copy in the spec's words before Stripe is called.
 * - **When Stripe fails.** Unreachable (after the client's retries): a 503 "Stripe could not be
 *   reached; nothing was changed." A refused key puts the connection in the error state. Any
 *   other refusal is Stripe's own message.
 * - **What Stripe keeps to itself.** Its payments come through Stripe.js (a `pm_…`), its timed
 *   work runs at Stripe, and its payout schedule is set in its Dashboard.
 * - **Evidence files and reviews.** Evidence names the merchant's files, uploaded to Stripe once
 *   (evidence-files.ts); a payment Radar held for review is approved or blocked through its
 *   review (review-decisions.ts).
 */
import { randomUUID } from "node:crypto";
import type { PaymentIntentResult } from "@paydesk/contract/payment-intents";
import { refundableAmount, refundRefusal } from "@paydesk/domain/refunds";
import type Stripe from "stripe";
import { RestError } from "../../http/rest-error.ts";
import { latestDisputeStatus } from "../../ledger/charges.ts";
import { riskLevelOf } from "../../payments/stripe-account/import/records.ts";
import {
	type AuthorizationRequest,
	type AuthorizationResult,
	type DisputeActionRequest,
	DisputeError,
	type IntakeAnswer,
	IntakeInvalid,
	type IntakeRequest,
	PayoutError,
	type Processor,
	type RefundRequest,
	type RefundResult,
} from "../processor.ts";
import { StripeError } from "./client.ts";
import { disputeWithLocalFiles, evidenceForStripe } from "./evidence-files.ts";
import { decideReview, isHeldForReview } from "./review-decisions.ts";
import {
	callStripe,
	expandedTransaction,
	idempotencyKeyOf,
	localCharge,
	lockedStatus,
	type StripeProcessorDeps,
	writeAnswer,
} from "./stripe-calls.ts";

const managedAtStripe = (what: string) =>
	new RestError(
		"wcpay_managed_at_stripe",
		`${what} is managed in your Stripe Dashboard for an account connected to Stripe.`,
		409,
	);

async function refund(deps: StripeProcessorDeps, request: RefundRequest): Promise<RefundResult> {
	const charge = await localCharge(deps.db, deps.accountId, { id: request.chargeId });
	if (!charge)
		return { ok: false, failure: { code: "charge_missing", message: "The charge was not found." } };
	if (request.orderId !== undefined && charge.order_id !== null && charge.order_id !== request.orderId) {
		return {
			ok: false,
			failure: { code: "order_mismatch", message: "The charge does not belong to this order." },
		};
	}
	const dispute = await latestDisputeStatus(deps.db, charge);
	const rules = {
		status: charge.status,
		captured: charge.captured === 1,
		refunded: charge.refunded === 1,
		amount_captured: charge.amount_captured,
		amount_refunded: charge.amount_refunded,
		dispute,
	};
	const amount = request.amount ?? refundableAmount(rules);
	// With no amount asked and nothing refundable, any positive amount makes the refusal say why.
	const refusal = refundRefusal(rules, request.amount ?? Math.max(amount, 1), charge.currency);
	if (refusal) return { ok: false, failure: { ...refusal, code: "refused", currency: charge.currency } };
	const key = idempotencyKeyOf(
		deps.accountId,
		"refund",
		request.idempotency,
		`${charge.id}|${amount}|${request.reason ?? ""}`,
		request.now,
	);
	const made = await callStripe(deps, () =>
		deps.client.post<Stripe.Refund>(
			"/v1/refunds",
			{
				charge: charge.id,
				amount,
				...(request.reason ? { reason: request.reason } : {}),
				expand: ["balance_transaction"],
			},
			{ idempotencyKey: key },
		),
	);
	const after = await callStripe(deps, () =>
		deps.client.get<Stripe.Charge>(`/v1/charges/${encodeURIComponent(charge.id)}`, {
			expand: ["balance_transaction"],
		}),
	);
	const held = await deps.db
		.selectFrom("refunds")
		.select("id")
		.where("account_id", "=", deps.accountId)
		.where("id", "=", made.id)
		.executeTakeFirst();
	await writeAnswer(
		deps,
		{ charges: [after], refunds: [made] },
		expandedTransaction(made.balance_transaction),
		request.now,
		request.actor
			? {
					added: made.id,
					record: {
						accountId: deps.accountId,
						action: "refund.created",
						actor: request.actor,
						now: request.now,
						object: { type: "charge", id: charge.id },
						paymentIntentId: charge.payment_intent_id,
						details: {
							refund_id: made.id,
							payment_intent_id: charge.payment_intent_id,
							amount: made.amount,
							currency: made.currency,
							reason: request.reason,
						},
					},
				}
			: null,
	);
	const row = await deps.db
		.selectFrom("refunds")
		.selectAll()
		.where("account_id", "=", deps.accountId)
		.where("id", "=", made.id)
		.executeTakeFirstOrThrow();
	return { ok: true, refund: row, replayed: held !== undefined };
}

async function settle(
	deps: StripeProcessorDeps,
	request: AuthorizationRequest,
	action: "capture" | "cancel",
): Promise<AuthorizationResult> {
	const charge = await localCharge(deps.db, deps.accountId, { intent: request.paymentIntentId });
	if (!charge || (charge.order_id !== null && charge.order_id !== request.orderId)) {
		return {
			ok: false,
			code: "intent_order_mismatch",
			message: "The payment cannot be processed due to a mismatch with order details.",
		};
	}
	// Approving or blocking a payment held for review is a decision of its review at Stripe.
	if (isHeldForReview(charge)) {
		return decideReview(deps, request, charge, action === "capture" ? "approve" : "block");
	}
	if (charge.intent_status !== "requires_capture") {
		return {
			ok: false,
			code: "uncapturable",
			message: "This payment cannot be processed in its current state.",
		};
	}
	const key = idempotencyKeyOf(
		deps.accountId,
		action,
		request.idempotency,
		charge.payment_intent_id,
		request.now,
	);
	const intent = await callStripe(deps, () =>
		deps.client.post<Stripe.PaymentIntent>(
			`/v1/payment_intents/${encodeURIComponent(charge.payment_intent_id)}/${action}`,
			{},
			{ idempotencyKey: key },
		),
	);
	// The charge as it is now, with the balance transaction a capture made.
	const after = await callStripe(deps, () =>
		deps.client.get<Stripe.Charge>(`/v1/charges/${encodeURIComponent(charge.id)}`, {
			expand: ["balance_transaction"],
		}),
	);
	await writeAnswer(
		deps,
		{ charges: [after] },
		expandedTransaction(after.balance_transaction),
		request.now,
		request.actor
			? {
					from: async (trx) => (await lockedStatus(trx, deps, "charges", charge.id)) === "requires_capture",
					record: {
						accountId: deps.accountId,
						action: action === "capture" ? "payment.captured" : "payment.canceled",
						actor: request.actor,
						now: request.now,
						object: { type: "charge", id: charge.id },
						paymentIntentId: charge.payment_intent_id,
						details: { amount: charge.amount, currency: charge.currency, order_id: request.orderId },
					},
				}
			: null,
	);
	return { ok: true, answer: { id: intent.id, status: intent.status }, replayed: false };
}

async function disputeOf(deps: StripeProcessorDeps, disputeId: string) {
	const row = await deps.db
		.selectFrom("disputes")
		.select(["id", "status"])
		.where("account_id", "=", deps.accountId)
		.where("id", "=", disputeId)
		.executeTakeFirst();
	if (!row) throw new DisputeError("not_found", "The dispute was not found.");
	return row;
}

/**
 * Writes a dispute Stripe answered, with the balance transactions it made (a debit when lost); its
 * evidence names the merchant's own files, not Stripe's copies of them.
 */
async function writeDispute(
	deps: StripeProcessorDeps,
	answered: Stripe.Dispute,
	request: DisputeActionRequest,
	action: "dispute.accepted" | "dispute.evidence_submitted" | null,
): Promise<void> {
	const dispute = await disputeWithLocalFiles(deps, answered);
	await writeAnswer(
		deps,
		{ disputes: [dispute] },
		dispute.balance_transactions,
		request.now,
		request.actor && action
			? {
					from: async (trx) => {
						const status = await lockedStatus(trx, deps, "disputes", dispute.id);
						return status !== undefined && status !== dispute.status;
					},
					record: {
						accountId: deps.accountId,
						action,
						actor: request.actor,
						now: request.now,
						object: { type: "dispute", id: dispute.id },
						paymentIntentId: typeof dispute.payment_intent === "string" ? dispute.payment_intent : null,
						details: { amount: dispute.amount, currency: dispute.currency, reason: dispute.reason },
					},
				}
			: null,
	);
}

const INTENT_STATUS: Readonly<Record<string, PaymentIntentResult["status"]>> = {
	succeeded: "succeeded",
	requires_capture: "requires_capture",
	requires_action: "requires_action",
	canceled: "canceled",
	requires_payment_method: "requires_payment_method",
	requires_confirmation: "requires_payment_method",
	processing: "succeeded",
};

/** Stripe's intent, with its charge, as Paydesk's intake answers it. */
function intakeAnswerOf(intent: Stripe.PaymentIntent, charge: Stripe.Charge | null): IntakeAnswer {
	const orderNumber = intent.metadata?.order_id;
	const card = charge?.payment_method_details?.card;
	const error = intent.last_payment_error;
	const redirect = intent.next_action?.redirect_to_url?.url ?? null;
	return {
		intent: {
			id: intent.id,
			object: "payment_intent",
			status: INTENT_STATUS[intent.status] ?? "requires_payment_method",
			amount: intent.amount,
			currency: intent.currency,
			capture_method: intent.capture_method === "manual" ? "manual" : "automatic",
			created: intent.created,
			order: { id: Number(orderNumber) || 0, number: orderNumber ?? "" },
			charge: charge
				? {
						id: charge.id,
						status: charge.status,
						outcome: {
							type: charge.outcome?.type ?? "authorized",
							risk_level: riskLevelOf(charge.outcome),
							rule: null,
							reason: charge.outcome?.reason ?? null,
						},
						payment_method_details: {
							type: charge.payment_method_details?.type ?? "card",
							...(card
								? {
										card: {
											brand: card.brand ?? "",
											last4: card.last4 ?? "",
											exp_month: card.exp_month ?? 0,
											exp_year: card.exp_year ?? 0,
											country: card.country ?? "",
											funding: card.funding ?? "",
											fingerprint: card.fingerprint ?? "",
											checks: {
												cvc_check: card.checks?.cvc_check ?? null,
												address_line1_check: card.checks?.address_line1_check ?? null,
												address_postal_code_check: card.checks?.address_postal_code_check ?? null,
											},
										},
									}
								: {}),
						},
					}
				: null,
			last_payment_error: error
				? {
						code: error.code ?? "card_declined",
						decline_code: error.decline_code ?? null,
						message: error.message ?? "",
					}
				: null,
			next_action: redirect ? { type: "redirect_to_url", redirect_url: redirect } : null,
		},
		error: error
			? {
					code: error.code ?? "card_declined",
					decline_code: error.decline_code ?? null,
					message: error.message ?? "",
				}
			: null,
	};
}

/**
 * A payment of the store's checkout, forwarded to Stripe: the PaymentMethod Stripe.js made in the
 * customer's browser (card details never pass through Paydesk for a connected account), confirmed
 * at once; the order number rides in the metadata, as Stripe integrations record it. A decline is
 * Stripe's intent with its error; the charge is in the copy either way.
 */
async function takePayment(deps: StripeProcessorDeps, request: IntakeRequest): Promise<IntakeAnswer> {
	const { body } = request;
	if (!body.payment_method_id) {
		throw new IntakeInvalid({
			payment_method:
				"payment_method: an account connected to its own Stripe account takes no card details; send payment_method_id, the PaymentMethod (pm_…) Stripe.js made in the customer's browser.",
		});
	}
	// A keyless request is a payment of its own: two identical payments can both be meant.
	const key = request.idempotency
		? idempotencyKeyOf(deps.accountId, "payment", request.idempotency, "", request.now)
		: `paydesk-${randomUUID()}`;
	const params = {
		amount: body.amount,
		currency: body.currency,
		payment_method: body.payment_method_id,
		confirm: true,
		capture_method: body.capture_method,
		metadata: { ...body.metadata, ...(body.order.number ? { order_id: body.order.number } : {}) },
		...(body.return_url ? { return_url: body.return_url } : { payment_method_types: ["card"] }),
	};
	let intent: Stripe.PaymentIntent;
	try {
		intent = await deps.client.post<Stripe.PaymentIntent>("/v1/payment_intents", params, {
			idempotencyKey: key,
		});
	} catch (error) {
		// A decline is an answer: Stripe's error carries the failed intent.
		const declined =
			error instanceof StripeError && error.status === 402
				? (error.raw?.payment_intent as Stripe.PaymentIntent | undefined)
				: undefined;
		if (!declined) return callStripe(deps, () => Promise.reject(error));
		intent = declined;
	}
	const chargeId = typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge?.id;
	let charge: Stripe.Charge | null = null;
	if (chargeId) {
		charge = await callStripe(deps, () =>
			deps.client.get<Stripe.Charge>(`/v1/charges/${encodeURIComponent(chargeId)}`, {
				expand: ["balance_transaction"],
			}),
		);
		await writeAnswer(
			deps,
			{ charges: [charge] },
			expandedTransaction(charge.balance_transaction),
			request.now,
		);
	}
	return intakeAnswerOf(intent, charge);
}

export function stripeProcessor(deps: StripeProcessorDeps): Processor {
	return {
		takePayment: (request) => takePayment(deps, request),
		confirmPayment: async () => {
			throw managedAtStripe("Confirming a payment");
		},
		capture: (request) => settle(deps, request, "capture"),
		cancel: (request) => settle(deps, request, "cancel"),
		refund: (request) => refund(deps, request),
		async instantPayout(request) {
			const balance = await callStripe(deps, () => deps.client.get<Stripe.Balance>("/v1/balance"));
			const available =
				balance.instant_available?.find((row) => row.currency === request.currency)?.amount ?? 0;
			if (available <= 0) {
				throw new PayoutError("instant_unavailable", "There is no balance available for an instant payout.");
			}
			const key = idempotencyKeyOf(
				deps.accountId,
				"instant_payout",
				request.idempotency,
				`${request.currency}|${available}`,
				request.now,
			);
			const payout = await callStripe(deps, () =>
				deps.client.post<Stripe.Payout>(
					"/v1/payouts",
					{
						amount: available,
						currency: request.currency,
						method: "instant",
						expand: ["balance_transaction"],
					},
					{ idempotencyKey: key },
				),
			);
			const held = await deps.db
				.selectFrom("payouts")
				.select("id")
				.where("account_id", "=", deps.accountId)
				.where("id", "=", payout.id)
				.executeTakeFirst();
			await writeAnswer(
				deps,
				{ payouts: [payout] },
				[],
				request.now,
				request.actor
					? {
							added: payout.id,
							record: {
								accountId: deps.accountId,
								action: "payout.instant_created",
								actor: request.actor,
								now: request.now,
								object: { type: "payout", id: payout.id },
								details: { amount: payout.amount, currency: payout.currency },
							},
						}
					: null,
			);
			const row = await deps.db
				.selectFrom("payouts")
				.selectAll()
				.where("account_id", "=", deps.accountId)
				.where("id", "=", payout.id)
				.executeTakeFirstOrThrow();
			return { payout: row, replayed: held !== undefined };
		},
		async saveEvidence(request) {
			await disputeOf(deps, request.disputeId);
			const key = idempotencyKeyOf(
				deps.accountId,
				`evidence:${request.disputeId}:${request.submit}`,
				request.idempotency,
				JSON.stringify(request.evidence),
				request.now,
			);
			// Stripe is sent its own ids of the merchant's files, uploading those it does not have.
			const evidence = await callStripe(deps, () => evidenceForStripe(deps, request.evidence, request.now));
			const dispute = await callStripe(deps, () =>
				deps.client.post<Stripe.Dispute>(
					`/v1/disputes/${encodeURIComponent(request.disputeId)}`,
					{ evidence, metadata: { ...request.metadata }, submit: request.submit },
					{ idempotencyKey: key },
				),
			);
			await writeDispute(deps, dispute, request, request.submit ? "dispute.evidence_submitted" : null);
			return { disputeId: dispute.id, replayed: false };
		},
		async acceptDispute(request) {
			const held = await disputeOf(deps, request.disputeId);
			const key = idempotencyKeyOf(
				deps.accountId,
				`close:${request.disputeId}`,
				request.idempotency,
				"",
				request.now,
			);
			const dispute = await callStripe(deps, () =>
				deps.client.post<Stripe.Dispute>(
					`/v1/disputes/${encodeURIComponent(request.disputeId)}/close`,
					{},
					{ idempotencyKey: key },
				),
			);
			const repeated = held.status === "lost";
			await writeDispute(deps, dispute, request, repeated ? null : "dispute.accepted");
			return { disputeId: dispute.id, replayed: repeated };
		},
		setPayoutSchedule: async () => {
			throw managedAtStripe("The payout schedule");
		},
		// Stripe runs an account's timed work itself; its results come as events.
		runDueWork: async (_accountId, until) => ({ steps: 0, ran: true, processedThrough: until }),
	};
}
