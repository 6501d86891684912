/**
 * The legacy Charges API: `POST /v1/charges` with a `source`, for stores written before
 * PaymentIntents. Each charge is a PaymentIntent behind it, paid through the same processor path
 * as a confirmation (payment-intents.ts), so the admin shows, refunds and disputes it like any
 * other payment; `capture=false` only authorizes it, and `POST /v1/charges/:id/capture`
 * captures it as a PaymentIntent's capture does (the whole amount).
 *
 * A source is a test token (`tok_visa`) or a payment method (`pm_card_visa`, a saved `pm_…`).
 * A card that asks for 3-D Secure is declined, as the Charges API cannot authenticate.
 */
import { namedTestCard } from "@paydesk/domain/stripe-test-methods";
import { testCardOf } from "@paydesk/domain/test-cards";
import { z } from "zod";
import { newId } from "../../db/ids.ts";
import type { ChargesTable, IntentDetailsTable } from "../../db/schema.ts";
import { invalidRequest, resourceMissing, StripeApiError, unexpectedState } from "../errors.ts";
import { metadataOf } from "../objects.ts";
import {
	boolean,
	currency,
	email,
	expand,
	integer,
	mergeMetadata,
	metadata,
	objectId,
	parseParams,
	text,
	unsettable,
} from "../params.ts";
import { cardOfPaymentMethod, namedExpiry, type PayingCard } from "../payment-method-cards.ts";
import type { V1Context, V1Router } from "../plugin.ts";
import { chargeAnswer } from "./charges-refunds.ts";
import {
	captureAuthorized,
	detailsOfIntent,
	requireCustomer,
	takeDetailsPayment,
	upsertDetails,
} from "./payment-intents.ts";

const createParams = z.strictObject({
	amount: integer(1, 99_999_999),
	currency,
	source: objectId.optional(),
	customer: objectId.optional(),
	capture: boolean.optional(),
	description: text(1000).optional(),
	metadata: metadata.optional(),
	receipt_email: email.optional(),
	expand: expand.optional(),
});

const captureParams = z.strictObject({
	amount: integer(1, 99_999_999).optional(),
	receipt_email: email.optional(),
	expand: expand.optional(),
});

const updateParams = z.strictObject({
	description: unsettable(text(1000)).optional(),
	metadata: metadata.optional(),
	receipt_email: unsettable(email).optional(),
	expand: expand.optional(),
});

/** The card a source stands for: a test token or a payment method. */
async function cardOfSource(context: V1Context, source: string): Promise<PayingCard> {
	if (source.startsWith("tok_")) {
		const card = namedTestCard(source);
		if (!card) throw resourceMissing("token", source, "source");
		// A token is used up by the charge: the charge names no payment method to reuse.
		return {
			number: card.number,
			...namedExpiry(context.now),
			paymentMethodId: null,
			billing: {},
			customerId: null,
		};
	}
	return cardOfPaymentMethod(
		context.request.server.deps.db.kysely,
		context.accountId,
		source,
		context.now,
		"source",
	);
}

async function findCharge(context: V1Context, id: string): Promise<ChargesTable> {
	const row = await context.request.server.deps.db.kysely
		.selectFrom("charges")
		.selectAll()
		.where("account_id", "=", context.accountId)
		.where("id", "=", id)
		.executeTakeFirst();
	if (!row) throw resourceMissing("charge", id);
	return row;
}

/** What `/v1` keeps of a charge's intent, made from the intent or the charge when it has none yet. */
async function detailsOfCharge(context: V1Context, charge: ChargesTable): Promise<IntentDetailsTable> {
	const db = context.request.server.deps.db.kysely;
	const [details, intent] = await Promise.all([
		db
			.selectFrom("intent_details")
			.selectAll()
			.where("account_id", "=", context.accountId)
			.where("intent_id", "=", charge.payment_intent_id)
			.executeTakeFirst(),
		db
			.selectFrom("payment_intents")
			.selectAll()
			.where("account_id", "=", context.accountId)
			.where("id", "=", charge.payment_intent_id)
			.executeTakeFirst(),
	]);
	if (details) return details;
	if (intent) return detailsOfIntent(intent);
	return {
		account_id: context.accountId,
		intent_id: charge.payment_intent_id,
		status: "confirmed",
		amount: charge.amount,
		currency: charge.currency,
		capture_method: charge.captured === 1 ? "automatic" : "manual",
		payment_method_id: null,
		customer_id: null,
		description: null,
		receipt_email: null,
		return_url: null,
		metadata: "{}",
		created: charge.created,
		canceled_at: null,
		cancellation_reason: null,
	};
}

export function registerLegacyCharges(router: V1Router): void {
	router.post("/charges", async (context) => {
		const params = parseParams(createParams, context.params);
		const db = context.request.server.deps.db.kysely;
		await requireCustomer(db, context.accountId, params.customer);
		if (!params.source) {
			if (params.customer) {
				throw invalidRequest(
					"This customer has no default source to charge: give source (a tok_… token or a pm_… payment method).",
					{ code: "missing", param: "source" },
				);
			}
			throw invalidRequest("A charge needs a source or a customer.", {
				code: "parameter_missing",
				param: "source",
			});
		}
		const card = await cardOfSource(context, params.source);
		if (card.customerId !== null && card.customerId !== params.customer) {
			throw invalidRequest(
				`The payment method ${params.source} is attached to a customer: pass that customer as customer to charge it.`,
				{ param: "customer" },
			);
		}
		if (testCardOf(card.number)?.threeDSecure) {
			throw new StripeApiError(402, {
				type: "card_error",
				code: "card_declined",
				decline_code: "authentication_required",
				message:
					"Your card was declined: it asks for 3-D Secure, which a charge cannot do. Use a PaymentIntent.",
				param: "source",
			});
		}
		const details: IntentDetailsTable = {
			account_id: context.accountId,
			intent_id: newId("pi"),
			status: "requires_confirmation",
			amount: params.amount,
			currency: params.currency,
			capture_method: params.capture === false ? "manual" : "automatic",
			payment_method_id: card.paymentMethodId,
			customer_id: params.customer ?? null,
			description: params.description ?? null,
			receipt_email: params.receipt_email ?? null,
			return_url: null,
			metadata: JSON.stringify(mergeMetadata({}, params.metadata ?? {})),
			created: context.now,
			canceled_at: null,
			cancellation_reason: null,
		};
		await db.insertInto("intent_details").values(details).execute();
		const processor = context.request.server.processorFor(context.accountId);
		// The details stand for the charge's intent only once the processor took it: a refusal, or a
		// retry answered with the first request's payment, leaves no intent of its own behind.
		const discard = () =>
			db
				.deleteFrom("intent_details")
				.where("account_id", "=", context.accountId)
				.where("intent_id", "=", details.intent_id)
				.execute();
		const answer = await takeDetailsPayment(context, processor, details, card).catch(
			async (error: unknown) => {
				const taken = await db
					.selectFrom("payment_intents")
					.select("id")
					.where("account_id", "=", context.accountId)
					.where("id", "=", details.intent_id)
					.executeTakeFirst();
				if (!taken) await discard();
				throw error;
			},
		);
		if (answer.intent.id !== details.intent_id) await discard();
		const charge = await db
			.selectFrom("charges")
			.selectAll()
			.where("account_id", "=", context.accountId)
			.where("payment_intent_id", "=", answer.intent.id)
			.executeTakeFirst();
		if (answer.error) {
			throw new StripeApiError(402, {
				type: "card_error",
				code: answer.error.code,
				...(answer.error.decline_code ? { decline_code: answer.error.decline_code } : {}),
				message: answer.error.message,
				...(charge ? { charge: charge.id } : {}),
			});
		}
		if (!charge) throw new Error(`The payment ${answer.intent.id} answered no charge.`);
		return chargeAnswer(context, charge, params.expand);
	});

	router.post("/charges/:id/capture", async (context) => {
		const params = parseParams(captureParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const charge = await findCharge(context, context.path.id ?? "");
		if (charge.captured === 1) {
			throw unexpectedState("charge_already_captured", `Charge ${charge.id} is already captured.`);
		}
		if (charge.status === "failed") {
			throw invalidRequest(`Charge ${charge.id} failed: there is nothing to capture.`);
		}
		if (charge.intent_status !== "requires_capture") {
			throw unexpectedState(
				"charge_expired_for_capture",
				`Charge ${charge.id} can no longer be captured: its authorization was canceled.`,
			);
		}
		const intent = await db
			.selectFrom("payment_intents")
			.selectAll()
			.where("account_id", "=", context.accountId)
			.where("id", "=", charge.payment_intent_id)
			.executeTakeFirst();
		if (!intent) throw unexpectedState("charge_not_capturable", `Charge ${charge.id} has no authorization.`);
		await captureAuthorized(context, intent, params.amount, "amount");
		if (params.receipt_email !== undefined) {
			await upsertDetails(db, {
				...(await detailsOfCharge(context, charge)),
				receipt_email: params.receipt_email,
			});
		}
		return chargeAnswer(context, await findCharge(context, charge.id), params.expand);
	});

	router.post("/charges/:id", async (context) => {
		const params = parseParams(updateParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const charge = await findCharge(context, context.path.id ?? "");
		const details = await detailsOfCharge(context, charge);
		await upsertDetails(db, {
			...details,
			description: params.description === undefined ? details.description : params.description,
			receipt_email: params.receipt_email === undefined ? details.receipt_email : params.receipt_email,
			metadata: params.metadata
				? JSON.stringify(mergeMetadata(metadataOf(details.metadata), params.metadata))
				: details.metadata,
		});
		return chargeAnswer(context, charge, params.expand);
	});
}
