/**
 * The sandbox processor takes a payment (DESIGN §3a): the plan (intake-plan.ts) is written in one
 * database transaction with the full effect of a real processor — the order and its status, the
 * charge, the balance transaction with its fee and availability (and rollups), the timeline
 * events and the payment intent. A retry with the same Idempotency-Key finds the first answer
 * inside that transaction, declines included, so money never moves twice.
 *
 * A card that asks for 3-D Secure leaves only the intent and its order: the prepared payment
 * waits in payment_intents.pending (never the card number or CVC) until confirmPayment.
 */
import type { Kysely } from "kysely";
import type { Db } from "../../db/connection.ts";
import { forUpdate } from "../../db/dialect.ts";
import { newId, nextSequence } from "../../db/ids.ts";
import type { ChargesTable, Database, OrdersTable } from "../../db/schema.ts";
import { paymentChange, recordAccountEvents } from "../../ledger/events.ts";
import { rememberAnswer, replayedAnswer } from "../../ledger/idempotency.ts";
import { storedOrderDetails } from "../../ledger/order-details.ts";
import { notify } from "../../notifications/notify.ts";
import {
	type ConfirmRequest,
	type IntakeAnswer,
	IntakeInvalid,
	type IntakeRequest,
	IntakeStateError,
} from "../processor.ts";
import { hashSecret, newClientSecret } from "./intake-authentication.ts";
import { type CardPaymentBody, preparePayment, withMethodDetails } from "./intake-context.ts";
import type { Decision, PaymentPlan } from "./intake-plan.ts";
import {
	answerOf,
	type Ids,
	intentStatusOf,
	type PendingPayment,
	saveIntent,
	writePayment,
} from "./intake-records.ts";
import { intakeAnswer, intentAnswerOf, pendingPaymentOf } from "./intent-documents.ts";
import { orderByNumber } from "./order-by-number.ts";

/** An intake request with its payment method's details (withMethodDetails). */
type CardIntakeRequest = IntakeRequest & { body: CardPaymentBody };

function pendingOf(request: CardIntakeRequest, plan: PaymentPlan, ipCountry: string | null): PendingPayment {
	const { body } = request;
	const billing = body.payment_method.billing_details;
	return {
		plan,
		amount: body.amount,
		currency: body.currency,
		captureMethod: body.capture_method,
		billing: {
			name: billing.name,
			email: billing.email,
			phone: billing.phone ?? null,
			address: billing.address,
		},
		channel: body.channel,
		customerIp: body.customer_ip ?? null,
		ipCountry,
	};
}

/** The order the payment is for: an existing one by number, or a new one with the next number. */
async function orderFor(
	trx: Kysely<Database>,
	request: CardIntakeRequest,
	intentId: string,
): Promise<OrdersTable> {
	const { body, accountId } = request;
	if (body.order.number !== undefined) {
		const existing = await orderByNumber(trx, accountId, body.order.number);
		if (!existing)
			throw new IntakeInvalid({ "order.number": `order.number: there is no order ${body.order.number}.` });
		if (existing.payment_intent_id) {
			const paid = await trx
				.selectFrom("charges")
				.select("intent_status")
				.where("account_id", "=", accountId)
				.where("payment_intent_id", "=", existing.payment_intent_id)
				.executeTakeFirst();
			if (paid && ["succeeded", "requires_capture"].includes(paid.intent_status)) {
				throw new IntakeInvalid({
					"order.number": `order.number: order ${body.order.number} is already paid.`,
				});
			}
		}
		return existing;
	}
	const id = await nextSequence(trx, accountId, "orders");
	const billing = body.payment_method.billing_details;
	const subtotal = body.order.items.reduce((sum, item) => sum + item.total, 0);
	const order: OrdersTable = {
		account_id: accountId,
		id,
		number: String(id),
		status: "pending",
		currency: body.currency,
		total: body.amount,
		subtotal,
		tax: 0,
		shipping_total: Math.max(0, body.amount - subtotal),
		created: request.now,
		customer_name: billing.name,
		customer_email: billing.email,
		customer_country: billing.address.country,
		...storedOrderDetails(
			{ customer_country: billing.address.country },
			{
				address_1: billing.address.line1,
				city: billing.address.city,
				postcode: billing.address.postal_code,
				country: billing.address.country,
			},
			body.order.items,
		),
		subscriptions: "[]",
		payment_intent_id: intentId,
		charge_id: null,
		shipping_address: JSON.stringify(body.order.shipping_address ?? {}),
	};
	await trx.insertInto("orders").values(order).execute();
	return order;
}

/** The failure a customer sees when 3-D Secure was not completed. */
const AUTHENTICATION_FAILED: Decision = {
	kind: "decline",
	decline: {
		code: "payment_intent_authentication_failure",
		declineCode: "authentication_required",
		message: "The payment could not be authenticated. Try again or use another card.",
	},
	outcomeType: "issuer_declined",
	reason: "authentication_required",
};

/** Takes a payment: the whole effect in one transaction, or the first answer to a retried key. */
/** The page where the customer answers 3-D Secure, for an intent and its client secret. */
export type AuthenticationUrl = (intentId: string, clientSecret: string) => string;

export async function takePayment(
	db: Db,
	given: IntakeRequest,
	authenticationUrl: AuthenticationUrl,
): Promise<IntakeAnswer> {
	const request: CardIntakeRequest = { ...given, body: withMethodDetails(given.body) };
	const { plan, ipCountry } = await preparePayment(db, request.accountId, request.body, request.now);
	const accountId = request.accountId;
	return db.kysely.transaction().execute(async (trx) => {
		if (request.idempotency) {
			const first = await replayedAnswer(trx, request.idempotency, intakeAnswer);
			if (first) return first;
		}
		const ids: Ids = {
			intentId: request.intentId ?? newId("pi"),
			chargeId: newId(plan.methodType === "card" || plan.methodType === "link" ? "ch" : "py"),
		};
		const order = await orderFor(trx, request, ids.intentId);
		const payment = pendingOf(request, plan, ipCountry);
		const clientSecret = newClientSecret(ids.intentId);
		const waitsForAuthentication =
			plan.threeDSecure && plan.decision.kind !== "decline" && plan.decision.kind !== "block";
		let answer: IntakeAnswer;
		let written: ChargesTable | null = null;
		if (waitsForAuthentication) {
			await trx
				.updateTable("orders")
				.set({ status: "pending", payment_intent_id: ids.intentId })
				.where("account_id", "=", accountId)
				.where("id", "=", order.id)
				.execute();
			const intent = answerOf(
				{ id: ids.intentId, status: "requires_action", created: request.now, order },
				payment,
				null,
				null,
				null,
				authenticationUrl(ids.intentId, clientSecret),
			);
			await saveIntent(trx, accountId, intent, {
				clientSecretHash: hashSecret(clientSecret),
				pending: { ...payment, plan: { ...plan } },
				returnUrl: request.body.return_url ?? null,
			});
			answer = { intent, error: null };
		} else {
			const { charge, error } = await writePayment(
				trx,
				accountId,
				request.now,
				order,
				ids,
				payment,
				plan.decision,
			);
			written = charge;
			const intent = answerOf(
				{ id: ids.intentId, status: intentStatusOf(plan.decision), created: request.now, order },
				payment,
				charge,
				plan.decision,
				error,
				null,
			);
			await saveIntent(trx, accountId, intent, {
				clientSecretHash: hashSecret(clientSecret),
				pending: null,
				returnUrl: null,
			});
			answer = { intent, error };
		}
		if (request.idempotency) await rememberAnswer(trx, request.idempotency, answer, request.now);
		if (written) await announcePayment(trx, written, plan.decision, request.now);
		return answer;
	});
}

/**
 * What a new payment tells the store, as its transaction's last writes: a notification when a
 * fraud rule holds it for review, and its account event.
 */
async function announcePayment(
	trx: Kysely<Database>,
	charge: ChargesTable,
	decision: Decision,
	now: number,
): Promise<void> {
	if (decision.kind === "review") {
		await notify(trx, {
			accountId: charge.account_id,
			userId: null,
			type: "payment_review",
			objectId: charge.payment_intent_id,
			created: now,
			facts: { amount: charge.amount, currency: charge.currency },
		});
	}
	await recordAccountEvents(trx, charge.account_id, now, [
		paymentChange("payment.created", charge, charge.intent_status),
	]);
}

/**
 * Finishes a payment that waited for 3-D Secure. Confirming a finished intent again answers it
 * as it is, so a double click or a retry cannot take the payment twice.
 */
export async function confirmPayment(db: Db, request: ConfirmRequest): Promise<IntakeAnswer> {
	return db.kysely.transaction().execute(async (trx) => {
		const row = await forUpdate(
			db.dialect,
			trx
				.selectFrom("payment_intents")
				.selectAll()
				.where("account_id", "=", request.accountId)
				.where("id", "=", request.intentId),
		).executeTakeFirst();
		if (!row)
			throw new IntakeStateError("wcpay_intent_not_found", "The payment intent could not be found.", 404);
		const stored = intentAnswerOf(row);
		if (!stored)
			throw new IntakeStateError("wcpay_intent_not_found", "The payment intent could not be found.", 404);
		if (row.status !== "requires_action" || !row.pending)
			return { intent: stored, error: stored.last_payment_error };
		const result =
			request.authentication ??
			(row.authentication === "succeeded"
				? "complete"
				: row.authentication === "failed"
					? "fail"
					: undefined);
		if (!result) {
			throw new IntakeStateError(
				"payment_intent_unexpected_state",
				"The customer has not completed 3-D Secure authentication yet.",
				409,
			);
		}
		const payment = pendingPaymentOf(row);
		const order = await trx
			.selectFrom("orders")
			.selectAll()
			.where("account_id", "=", request.accountId)
			.where("id", "=", row.order_id)
			.executeTakeFirst();
		if (!payment || !order)
			throw new IntakeStateError("wcpay_intent_not_found", "The payment intent could not be found.", 404);
		const decision = result === "complete" ? payment.plan.decision : AUTHENTICATION_FAILED;
		const chargeId = newId(payment.plan.methodType === "card" ? "ch" : "py");
		const { charge, error } = await writePayment(
			trx,
			request.accountId,
			request.now,
			order,
			{ intentId: row.id, chargeId },
			payment,
			decision,
		);
		const intent = answerOf(
			{ id: row.id, status: intentStatusOf(decision), created: row.created, order },
			payment,
			charge,
			decision,
			error,
			null,
		);
		await trx
			.updateTable("payment_intents")
			.set({
				status: intent.status,
				charge_id: charge.id,
				pending: null,
				authentication: result === "complete" ? "succeeded" : "failed",
				answer: JSON.stringify(intent),
			})
			.where("account_id", "=", request.accountId)
			.where("id", "=", row.id)
			.execute();
		await announcePayment(trx, charge, decision, request.now);
		return { intent, error };
	});
}
