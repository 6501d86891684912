/**
 * Payments Radar held for review on a store connected to its own Stripe account. The merchant
 * decides one from the admin as on the sandbox, approving with a capture and blocking with a
 * cancellation; at Stripe the decision is made as its Dashboard makes it:
 *
 * - **Approve**: the review is approved (`POST /v1/reviews/{id}/approve`), then the payment is
 *   captured when its intent awaits capture.
 * - **Block**: a payment awaiting capture is canceled, a captured one refunded as fraudulent;
 *   either closes its review at Stripe.
 *
 * The copy's fraud outcome is then the review's as Stripe answers it (approved: allowed; closed
 * otherwise: blocked), with the timeline's entry naming the merchant who decided, once.
 */
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { forUpdate } from "../../db/dialect.ts";
import type { ChargesTable, Database } from "../../db/schema.ts";
import { fraudDecisionData, writeTimelineEvent } from "../../ledger/timeline.ts";
import { fraudOutcomeOfReview } from "../../payments/stripe-account/import/records.ts";
import type { AuthorizationRequest, AuthorizationResult } from "../processor.ts";
import {
	callStripe,
	expandedTransaction,
	idempotencyKeyOf,
	type StripeProcessorDeps,
	writeAnswer,
} from "./stripe-calls.ts";

export type ReviewDecision = "approve" | "block";

const ALLOWED = { fraud_outcome: "allow", fraud_meta_box_type: "review_allowed" } as const;
const BLOCKED = { fraud_outcome: "block", fraud_meta_box_type: "review_blocked" } as const;

/** A payment the copy holds for review: its decision goes through its review at Stripe. */
export function isHeldForReview(charge: ChargesTable): boolean {
	if (charge.fraud_meta_box_type !== "review") return false;
	// Radar reviews payments captured at once too: those are decided while they stand.
	return charge.intent_status === "requires_capture" || (charge.captured === 1 && charge.refunded === 0);
}

const path = (id: string) => encodeURIComponent(id);

/** Whether Stripe's charge is an authorization still waiting for its capture. */
const awaitsCapture = (charge: Stripe.Charge) =>
	charge.status === "succeeded" && !charge.captured && !charge.refunded;

/**
 * Decides a payment held for review at Stripe, and writes Stripe's answer to the copy with the
 * decision. Each call to Stripe carries its own Idempotency-Key from the admin request's, so a
 * retry after a failure part-way finishes the decision without repeating a step.
 */
export async function decideReview(
	deps: StripeProcessorDeps,
	request: AuthorizationRequest,
	charge: ChargesTable,
	decision: ReviewDecision,
): Promise<AuthorizationResult> {
	const keyOf = (step: string) =>
		idempotencyKeyOf(
			deps.accountId,
			`review:${decision}:${step}`,
			request.idempotency,
			charge.payment_intent_id,
			request.now,
		);
	const before = await callStripe(deps, () =>
		deps.client.get<Stripe.Charge>(`/v1/charges/${path(charge.id)}`),
	);
	const reviewId = typeof before.review === "string" ? before.review : (before.review?.id ?? null);
	const review = async () =>
		reviewId ? callStripe(deps, () => deps.client.get<Stripe.Review>(`/v1/reviews/${path(reviewId)}`)) : null;
	const intentAction = async (action: "capture" | "cancel", params: Record<string, string>) =>
		callStripe(deps, () =>
			deps.client.post<Stripe.PaymentIntent>(
				`/v1/payment_intents/${path(charge.payment_intent_id)}/${action}`,
				params,
				{ idempotencyKey: keyOf(action) },
			),
		);

	let decided: Stripe.Review | null;
	let intent: Stripe.PaymentIntent | null = null;
	let refund: Stripe.Refund | null = null;
	if (decision === "approve") {
		decided = await review();
		// Approved first: a capture alone leaves the review open at Stripe.
		if (reviewId && decided?.open) {
			decided = await callStripe(deps, () =>
				deps.client.post<Stripe.Review>(
					`/v1/reviews/${path(reviewId)}/approve`,
					{},
					{
						idempotencyKey: keyOf("approve"),
					},
				),
			);
		}
		if (awaitsCapture(before)) intent = await intentAction("capture", {});
	} else {
		if (awaitsCapture(before)) {
			intent = await intentAction("cancel", { cancellation_reason: "fraudulent" });
		} else if (before.captured && !before.refunded) {
			refund = await callStripe(deps, () =>
				deps.client.post<Stripe.Refund>(
					"/v1/refunds",
					{ charge: charge.id, reason: "fraudulent", expand: ["balance_transaction"] },
					{ idempotencyKey: keyOf("refund") },
				),
			);
		}
		// Canceling or refunding closed the review: it is read as Stripe closed it.
		decided = await review();
	}
	const after = await callStripe(deps, () =>
		deps.client.get<Stripe.Charge>(`/v1/charges/${path(charge.id)}`, { expand: ["balance_transaction"] }),
	);
	// A payment Stripe has no review of keeps the merchant's decision.
	const outcome = decided ? fraudOutcomeOfReview(decided) : decision === "approve" ? ALLOWED : BLOCKED;
	const stillHeld = async (trx: Kysely<Database>) => {
		const row = await forUpdate(
			deps.dialect,
			trx
				.selectFrom("charges")
				.select("fraud_meta_box_type")
				.where("account_id", "=", deps.accountId)
				.where("id", "=", charge.id),
		).executeTakeFirst();
		return row?.fraud_meta_box_type === "review";
	};
	const audited = refund
		? "refund.created"
		: decision === "approve"
			? "payment.captured"
			: "payment.canceled";
	await writeAnswer(
		deps,
		{ charges: [after], ...(refund ? { refunds: [refund] } : {}) },
		[...expandedTransaction(after.balance_transaction), ...expandedTransaction(refund?.balance_transaction)],
		request.now,
		request.actor
			? {
					from: stillHeld,
					record: {
						accountId: deps.accountId,
						action: audited,
						actor: request.actor,
						now: request.now,
						object: { type: "charge", id: charge.id },
						paymentIntentId: charge.payment_intent_id,
						details: {
							amount: charge.amount,
							currency: charge.currency,
							order_id: request.orderId,
							review: decision === "approve" ? "approved" : "blocked",
							...(reviewId ? { review_id: reviewId } : {}),
							...(refund ? { refund_id: refund.id } : {}),
						},
					},
				}
			: null,
		{
			check: stillHeld,
			async write(trx, fresh) {
				await trx
					.updateTable("charges")
					.set(outcome)
					.where("account_id", "=", deps.accountId)
					.where("id", "=", charge.id)
					.execute();
				if (!fresh || outcome.fraud_outcome === "review") return;
				await writeTimelineEvent(trx, {
					accountId: deps.accountId,
					paymentIntentId: charge.payment_intent_id,
					type:
						outcome.fraud_outcome === "allow" ? "fraud_outcome_manual_approve" : "fraud_outcome_manual_block",
					datetime: request.now,
					data: fraudDecisionData(charge, request.user),
				});
			},
		},
	);
	const status =
		intent?.status ?? (after.captured ? "succeeded" : after.refunded ? "canceled" : "requires_capture");
	return { ok: true, answer: { id: charge.payment_intent_id, status }, replayed: false };
}
