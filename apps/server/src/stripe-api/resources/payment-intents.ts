/**
 * PaymentIntents on Stripe's API. Confirming one takes the payment through the account's
 * processor (the same `takePayment` the intake route calls), so the admin lists, refunds and
 * disputes it like any other payment. Until it is confirmed an intent is only its details
 * (intent_details): no payment was tried yet.
 *
 * 3-D Secure: a card that asks for it answers `requires_action` with
 * `next_action.redirect_to_url`, the sandbox's authentication page; once the customer answered
 * there, the intent is finished the next time it is read or confirmed.
 */
import type { CreatePaymentIntentBody } from "@paydesk/contract/payment-intents";
import { normalizeCardNumber } from "@paydesk/domain/test-cards";
import type Stripe from "stripe";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import { newId } from "../../db/ids.ts";
import type { ChargesTable, IntentDetailsTable, PaymentIntentsTable } from "../../db/schema.ts";
import {
	type IntakeAnswer,
	IntakeInvalid,
	IntakeStateError,
	type Processor,
} from "../../processors/processor.ts";
import { invalidRequest, resourceMissing, StripeApiError, unexpectedState } from "../errors.ts";
import { createdConditions, listOf, pageOf, planPage } from "../lists.ts";
import { chargeObject, type IntentRecord, metadataOf, paymentIntentObject } from "../objects.ts";
import {
	boolean,
	currency,
	email,
	expand,
	integer,
	listParams,
	mergeMetadata,
	metadata,
	objectId,
	parseParams,
	retrieveParams,
	text,
	unsettable,
} from "../params.ts";
import { cardOfPaymentMethod, type PayingCard } from "../payment-method-cards.ts";
import type { V1Context, V1Router } from "../plugin.ts";

const address = z.strictObject({
	line1: unsettable(text(200)).optional(),
	line2: unsettable(text(200)).optional(),
	city: unsettable(text(100)).optional(),
	state: unsettable(text(100)).optional(),
	postal_code: unsettable(text(20)).optional(),
	country: unsettable(
		z.string().regex(/^[A-Za-z]{2}$/, { error: "must be a two-letter country code" }),
	).optional(),
});

export const billingDetailsParam = z.strictObject({
	name: unsettable(text(200)).optional(),
	email: unsettable(email).optional(),
	phone: unsettable(text(40)).optional(),
	address: address.optional(),
});

export const cardParam = z.strictObject({
	number: z.string().max(30),
	exp_month: integer(1, 12),
	exp_year: integer(0, 9999),
	cvc: z
		.string()
		.regex(/^\d{3,4}$/, { error: "must be 3 or 4 digits" })
		.optional(),
});

const paymentMethodData = z.strictObject({
	type: z.literal("card", { error: "must be card: the sandbox takes cards through Stripe's API" }),
	card: cardParam,
	billing_details: billingDetailsParam.optional(),
	metadata: metadata.optional(),
});

const CAPTURE_METHODS = ["automatic", "automatic_async", "manual"] as const;
const automaticPaymentMethods = z.strictObject({
	enabled: boolean,
	allow_redirects: z.enum(["always", "never"]).optional(),
});

const confirmation = {
	payment_method: objectId.optional(),
	payment_method_data: paymentMethodData.optional(),
	receipt_email: unsettable(email).optional(),
	return_url: z.string().url({ error: "must be a URL" }).max(2000).optional(),
	expand: expand.optional(),
};

const createParams = z.strictObject({
	amount: integer(1, 99_999_999),
	currency,
	capture_method: z.enum(CAPTURE_METHODS).optional(),
	confirm: boolean.optional(),
	automatic_payment_methods: automaticPaymentMethods.optional(),
	payment_method_types: z.array(z.literal("card", { error: "must be card" })).optional(),
	customer: objectId.optional(),
	description: unsettable(text(1000)).optional(),
	metadata: metadata.optional(),
	...confirmation,
});

const updateParams = z.strictObject({
	amount: integer(1, 99_999_999).optional(),
	currency: currency.optional(),
	customer: unsettable(objectId).optional(),
	description: unsettable(text(1000)).optional(),
	metadata: metadata.optional(),
	payment_method: objectId.optional(),
	receipt_email: unsettable(email).optional(),
	expand: expand.optional(),
});

const confirmParams = z.strictObject(confirmation);

const captureParams = z.strictObject({
	amount_to_capture: integer(1, 99_999_999).optional(),
	expand: expand.optional(),
});

const cancelParams = z.strictObject({
	cancellation_reason: z.enum(["duplicate", "fraudulent", "requested_by_customer", "abandoned"]).optional(),
	expand: expand.optional(),
});

const listIntentsParams = z.strictObject({ ...listParams, customer: objectId.optional() });

type Kysely = Db["kysely"];

/**
 * Intents by id, each with what is known of it: the intake's row, `/v1`'s details, and its charge
 * (a payment of the demo store has only its charge). Three reads for any number of intents.
 */
export async function loadRecords(
	db: Kysely,
	accountId: string,
	ids: readonly string[],
	livemode: boolean,
): Promise<Map<string, IntentRecord>> {
	const records = new Map<string, IntentRecord>();
	if (ids.length === 0) return records;
	const unique = [...new Set(ids)];
	const [intents, details, charges] = await Promise.all([
		db
			.selectFrom("payment_intents")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("id", "in", unique)
			.execute(),
		db
			.selectFrom("intent_details")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("intent_id", "in", unique)
			.execute(),
		db
			.selectFrom("charges")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("payment_intent_id", "in", unique)
			.execute(),
	]);
	const intentOf = new Map(intents.map((row) => [row.id, row]));
	const detailsOf = new Map(details.map((row) => [row.intent_id, row]));
	const chargeOf = new Map(charges.map((row) => [row.payment_intent_id, row]));
	for (const id of unique) {
		const record = {
			intent: intentOf.get(id),
			details: detailsOf.get(id),
			charge: chargeOf.get(id),
			livemode,
		};
		if (record.intent || record.details || record.charge) records.set(id, record);
	}
	return records;
}

async function loadRecord(
	db: Kysely,
	accountId: string,
	id: string,
	livemode: boolean,
): Promise<IntentRecord | null> {
	return (await loadRecords(db, accountId, [id], livemode)).get(id) ?? null;
}

async function requireRecord(context: V1Context, id: string): Promise<IntentRecord> {
	const record = await loadRecord(
		context.request.server.deps.db.kysely,
		context.accountId,
		id,
		context.livemode,
	);
	if (!record) throw resourceMissing("payment_intent", id);
	return record;
}

/** The intent as Stripe answers it, with the fields asked for in expand[] expanded. */
async function answerOf(
	context: V1Context,
	record: IntentRecord,
	fields: readonly string[] = [],
): Promise<Stripe.PaymentIntent> {
	const object = paymentIntentObject(record);
	for (const field of fields) {
		if (field === "latest_charge") {
			if (record.charge) object.latest_charge = await chargeAnswer(context, record.charge, record.details);
		} else if (field !== "customer" && field !== "payment_method") {
			throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
		}
	}
	return object;
}

async function chargeAnswer(
	context: V1Context,
	charge: ChargesTable,
	details: IntentDetailsTable | undefined,
): Promise<Stripe.Charge> {
	const db = context.request.server.deps.db.kysely;
	const order =
		charge.order_id === null
			? undefined
			: await db
					.selectFrom("orders")
					.select(["customer_country", "billing_address"])
					.where("account_id", "=", context.accountId)
					.where("id", "=", charge.order_id)
					.executeTakeFirst();
	return chargeObject(charge, { order, details, livemode: context.livemode });
}

/** The card a confirmation pays with: inline details, a named or stored payment method. */
async function payingCard(
	context: V1Context,
	details: Pick<IntentDetailsTable, "payment_method_id">,
	given: {
		payment_method?: string | undefined;
		payment_method_data?: z.output<typeof paymentMethodData> | undefined;
	},
): Promise<PayingCard> {
	if (given.payment_method && given.payment_method_data) {
		throw invalidRequest("Give payment_method or payment_method_data, not both.", {
			param: "payment_method_data",
		});
	}
	const inline = given.payment_method_data;
	if (inline) {
		return {
			number: normalizeCardNumber(inline.card.number),
			expMonth: inline.card.exp_month,
			expYear: inline.card.exp_year,
			paymentMethodId: null,
			billing: inline.billing_details ?? {},
			customerId: null,
		};
	}
	const id = given.payment_method ?? details.payment_method_id;
	if (!id) {
		throw invalidRequest("A payment method is needed to confirm this PaymentIntent: give payment_method.", {
			code: "payment_intent_unexpected_state",
			param: "payment_method",
		});
	}
	return cardOfPaymentMethod(context.request.server.deps.db.kysely, context.accountId, id, context.now);
}

/** The intake's body for a Stripe payment: the card, its billing details, one order line. */
function intakeBody(
	details: IntentDetailsTable,
	card: PayingCard,
	customerEmail: string | null,
): CreatePaymentIntentBody {
	const billing = card.billing;
	const addressOf = billing.address ?? {};
	return {
		amount: details.amount,
		currency: details.currency,
		capture_method: details.capture_method === "manual" ? "manual" : "automatic",
		payment_method: {
			type: "card",
			card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: "123" },
			billing_details: {
				name: billing.name ?? "",
				email: details.receipt_email ?? billing.email ?? customerEmail ?? "",
				...(billing.phone ? { phone: billing.phone } : {}),
				address: {
					line1: addressOf.line1 ?? "",
					...(addressOf.line2 ? { line2: addressOf.line2 } : {}),
					city: addressOf.city ?? "",
					state: addressOf.state ?? "",
					postal_code: addressOf.postal_code ?? "",
					country: (addressOf.country ?? "US").toUpperCase(),
				},
			},
		},
		order: { items: [{ name: details.description || "Payment", quantity: 1, total: details.amount }] },
		channel: "online",
		metadata: metadataOf(details.metadata),
		...(details.return_url ? { return_url: details.return_url } : {}),
	};
}

/** The processor's refusals as Stripe's errors. */
async function intake(work: () => Promise<IntakeAnswer>): Promise<IntakeAnswer> {
	try {
		return await work();
	} catch (error) {
		if (error instanceof IntakeInvalid) {
			const [param = "", message = ""] = Object.entries(error.params)[0] ?? [];
			const named = param
				.replace(/^payment_method\.card\./, "payment_method_data[card][")
				.replace(/\[(\w+)$/, "[$1]");
			throw invalidRequest(`Invalid ${named}: ${message}`, { param: named });
		}
		if (error instanceof IntakeStateError) {
			throw new StripeApiError(error.status === 404 ? 404 : 400, {
				type: "invalid_request_error",
				code: error.code === "payment_intent_unexpected_state" ? error.code : "account_invalid",
				message: error.message,
			});
		}
		throw error;
	}
}

/** Answers a confirmation: the intent, or Stripe's card error carrying it (a 402). */
async function confirmedAnswer(
	context: V1Context,
	id: string,
	answer: IntakeAnswer,
	fields: readonly string[],
) {
	const record = await requireRecord(context, id);
	const object = await answerOf(context, record, fields);
	if (answer.error) {
		throw new StripeApiError(402, {
			type: "card_error",
			code: answer.error.code,
			...(answer.error.decline_code ? { decline_code: answer.error.decline_code } : {}),
			message: answer.error.message,
			...(record.charge ? { charge: record.charge.id } : {}),
			payment_intent: object,
		});
	}
	return object;
}

async function customerEmailOf(
	db: Kysely,
	accountId: string,
	customerId: string | null,
): Promise<string | null> {
	if (!customerId) return null;
	const row = await db
		.selectFrom("stripe_customers")
		.select("email")
		.where("account_id", "=", accountId)
		.where("id", "=", customerId)
		.executeTakeFirst();
	return row?.email ?? null;
}

/** A customer of the account that is not deleted, or a 404 naming `customer`. */
export async function requireCustomer(
	db: Kysely,
	accountId: string,
	customerId: string | null | undefined,
): Promise<void> {
	if (!customerId) return;
	const row = await db
		.selectFrom("stripe_customers")
		.select("id")
		.where("account_id", "=", accountId)
		.where("id", "=", customerId)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	if (!row) throw resourceMissing("customer", customerId, "customer");
}

/** Takes the payment of an intent that has only its details so far. */
async function confirmDetails(
	context: V1Context,
	processor: Processor,
	details: IntentDetailsTable,
	given: z.output<typeof confirmParams>,
): Promise<Stripe.PaymentIntent> {
	const db = context.request.server.deps.db.kysely;
	if (details.status === "canceled") {
		throw unexpectedState(
			"payment_intent_unexpected_state",
			"This PaymentIntent was canceled: it cannot be confirmed. Create a new one.",
		);
	}
	const card = await payingCard(context, details, given);
	const updated: IntentDetailsTable = {
		...details,
		payment_method_id: card.paymentMethodId ?? details.payment_method_id,
		receipt_email: given.receipt_email === undefined ? details.receipt_email : given.receipt_email,
		return_url: given.return_url ?? details.return_url,
		status: "requires_confirmation",
	};
	await db
		.updateTable("intent_details")
		.set({
			payment_method_id: updated.payment_method_id,
			receipt_email: updated.receipt_email,
			return_url: updated.return_url,
			status: updated.status,
		})
		.where("account_id", "=", context.accountId)
		.where("intent_id", "=", details.intent_id)
		.execute();
	const answer = await takeDetailsPayment(context, processor, updated, card);
	return confirmedAnswer(context, answer.intent.id, answer, given.expand ?? []);
}

/**
 * Pays an intent's details with a card through the account's processor: the one path every
 * `/v1` payment takes (a PaymentIntent's confirmation, a legacy charge). A decline is in the
 * answer's error; a refusal of the request is thrown as Stripe's error.
 */
export async function takeDetailsPayment(
	context: V1Context,
	processor: Processor,
	details: IntentDetailsTable,
	card: PayingCard,
): Promise<IntakeAnswer> {
	const db = context.request.server.deps.db.kysely;
	const customerEmail = await customerEmailOf(db, context.accountId, details.customer_id);
	return intake(() =>
		processor.takePayment({
			accountId: context.accountId,
			intentId: details.intent_id,
			body: intakeBody(details, card, customerEmail),
			now: context.now,
			idempotency: context.request.idempotencyScope,
		}),
	);
}

/**
 * Captures an authorized intent through the processor. `amount` (named `param` in the request)
 * may only be the whole amount authorized: the sandbox captures all of it.
 */
export async function captureAuthorized(
	context: V1Context,
	intent: PaymentIntentsTable,
	amount: number | undefined,
	param: string,
): Promise<void> {
	if (amount !== undefined && amount > intent.amount) {
		throw invalidRequest(`${param} (${amount}) is more than the ${intent.amount} authorized.`, {
			code: "amount_too_large",
			param,
		});
	}
	if (amount !== undefined && amount < intent.amount) {
		throw invalidRequest(
			`The sandbox captures the whole authorized amount: leave ${param} out, or give the amount authorized, and refund the difference.`,
			{ param },
		);
	}
	const result = await context.request.server.processorFor(context.accountId).capture({
		accountId: context.accountId,
		orderId: intent.order_id,
		paymentIntentId: intent.id,
		user: { id: 0, username: context.key.name },
		now: context.now,
		idempotency: context.request.idempotencyScope,
	});
	if (!result.ok) throw unexpectedState("payment_intent_unexpected_state", result.message);
}

/** An intent that waited for 3-D Secure, finished when the customer answered on the page. */
async function finishAuthentication(context: V1Context, record: IntentRecord): Promise<IntentRecord> {
	const intent = record.intent;
	if (intent?.status !== "requires_action" || intent.authentication === null) return record;
	const processor = context.request.server.processorFor(context.accountId);
	try {
		await processor.confirmPayment({ accountId: context.accountId, intentId: intent.id, now: context.now });
	} catch (error) {
		if (!(error instanceof IntakeStateError)) throw error;
	}
	return (
		(await loadRecord(
			context.request.server.deps.db.kysely,
			context.accountId,
			intent.id,
			context.livemode,
		)) ?? record
	);
}

function draftStatus(paymentMethodId: string | null): string {
	return paymentMethodId ? "requires_confirmation" : "requires_payment_method";
}

export function registerPaymentIntents(router: V1Router): void {
	router.post("/payment_intents", async (context) => {
		const params = parseParams(createParams, context.params);
		const db = context.request.server.deps.db.kysely;
		await requireCustomer(db, context.accountId, params.customer);
		if (params.payment_method_data && params.payment_method) {
			throw invalidRequest("Give payment_method or payment_method_data, not both.", {
				param: "payment_method_data",
			});
		}
		const details: IntentDetailsTable = {
			account_id: context.accountId,
			intent_id: newId("pi"),
			status: draftStatus(params.payment_method ?? (params.payment_method_data ? "inline" : null)),
			amount: params.amount,
			currency: params.currency,
			capture_method: params.capture_method === "manual" ? "manual" : "automatic",
			payment_method_id: params.payment_method ?? null,
			customer_id: params.customer ?? null,
			description: params.description ?? null,
			receipt_email: params.receipt_email ?? null,
			return_url: params.return_url ?? null,
			metadata: JSON.stringify(params.metadata ?? {}),
			created: context.now,
			canceled_at: null,
			cancellation_reason: null,
		};
		if (params.payment_method && !params.confirm) {
			// The method must exist now, as Stripe checks it when the intent is made.
			await cardOfPaymentMethod(db, context.accountId, params.payment_method, context.now);
		}
		await db.insertInto("intent_details").values(details).execute();
		if (!params.confirm) {
			return answerOf(
				context,
				{ intent: undefined, details, charge: undefined, livemode: context.livemode },
				params.expand,
			);
		}
		return confirmDetails(context, context.request.server.processorFor(context.accountId), details, params);
	});

	router.get("/payment_intents/:id", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		const record = await finishAuthentication(context, await requireRecord(context, context.path.id ?? ""));
		return answerOf(context, record, params.expand);
	});

	router.post("/payment_intents/:id", async (context) => {
		const params = parseParams(updateParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const record = await requireRecord(context, context.path.id ?? "");
		const confirmed = record.intent !== undefined;
		for (const field of ["amount", "currency", "payment_method"] as const) {
			if (params[field] !== undefined && confirmed) {
				throw unexpectedState(
					"payment_intent_unexpected_state",
					`The ${field} of a PaymentIntent can change only before it is confirmed.`,
					{ param: field },
				);
			}
		}
		await requireCustomer(db, context.accountId, params.customer);
		if (params.payment_method)
			await cardOfPaymentMethod(db, context.accountId, params.payment_method, context.now);
		const base = record.details ?? detailsOfIntent(record.intent as PaymentIntentsTable);
		const next: IntentDetailsTable = {
			...base,
			amount: params.amount ?? base.amount,
			currency: params.currency ?? base.currency,
			customer_id: params.customer === undefined ? base.customer_id : params.customer,
			description: params.description === undefined ? base.description : params.description,
			receipt_email: params.receipt_email === undefined ? base.receipt_email : params.receipt_email,
			payment_method_id: params.payment_method ?? base.payment_method_id,
			metadata: params.metadata
				? JSON.stringify(mergeMetadata(metadataOf(base.metadata), params.metadata))
				: base.metadata,
		};
		if (!confirmed && base.status !== "canceled") next.status = draftStatus(next.payment_method_id);
		await upsertDetails(db, next);
		return answerOf(context, { ...record, details: next }, params.expand);
	});

	router.post("/payment_intents/:id/confirm", async (context) => {
		const params = parseParams(confirmParams, context.params);
		const record = await requireRecord(context, context.path.id ?? "");
		const processor = context.request.server.processorFor(context.accountId);
		if (!record.intent && record.details) return confirmDetails(context, processor, record.details, params);
		const intent = record.intent as PaymentIntentsTable;
		const status = paymentIntentObject(record).status;
		if (status !== "requires_action") {
			throw unexpectedState(
				"payment_intent_unexpected_state",
				`This PaymentIntent's status is ${status}: it cannot be confirmed again.`,
				{ payment_intent: paymentIntentObject(record) },
			);
		}
		const answer = await intake(() =>
			processor.confirmPayment({ accountId: context.accountId, intentId: intent.id, now: context.now }),
		);
		return confirmedAnswer(context, intent.id, answer, params.expand ?? []);
	});

	router.post("/payment_intents/:id/capture", async (context) => {
		const params = parseParams(captureParams, context.params);
		const record = await requireRecord(context, context.path.id ?? "");
		const intent = record.intent;
		const status = paymentIntentObject(record).status;
		if (!intent || status !== "requires_capture") {
			throw unexpectedState(
				"payment_intent_unexpected_state",
				`This PaymentIntent's status is ${status}: only one that requires_capture can be captured.`,
				{ payment_intent: paymentIntentObject(record) },
			);
		}
		await captureAuthorized(context, intent, params.amount_to_capture, "amount_to_capture");
		return answerOf(context, await requireRecord(context, intent.id), params.expand);
	});

	router.post("/payment_intents/:id/cancel", async (context) => {
		const params = parseParams(cancelParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const record = await requireRecord(context, context.path.id ?? "");
		const reason = params.cancellation_reason ?? null;
		if (record.intent) {
			const intent = record.intent;
			const status = paymentIntentObject(record).status;
			if (status !== "requires_capture") {
				throw unexpectedState(
					"payment_intent_unexpected_state",
					`This PaymentIntent's status is ${status}: it cannot be canceled.`,
					{ payment_intent: paymentIntentObject(record) },
				);
			}
			const result = await context.request.server.processorFor(context.accountId).cancel({
				accountId: context.accountId,
				orderId: intent.order_id,
				paymentIntentId: intent.id,
				user: { id: 0, username: context.key.name },
				now: context.now,
				idempotency: context.request.idempotencyScope,
			});
			if (!result.ok) throw unexpectedState("payment_intent_unexpected_state", result.message);
			await upsertDetails(db, {
				...(record.details ?? detailsOfIntent(intent)),
				status: "canceled",
				canceled_at: context.now,
				cancellation_reason: reason,
			});
		} else if (record.details) {
			if (record.details.status === "canceled") {
				throw unexpectedState("payment_intent_unexpected_state", "This PaymentIntent is already canceled.");
			}
			await upsertDetails(db, {
				...record.details,
				status: "canceled",
				canceled_at: context.now,
				cancellation_reason: reason,
			});
		}
		return answerOf(context, await requireRecord(context, context.path.id ?? ""), params.expand);
	});

	router.get("/payment_intents", async (context) => {
		const params = parseParams(listIntentsParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const accountId = context.accountId;
		const locate = async (id: string) => {
			const record = await loadRecord(db, accountId, id, context.livemode);
			return record ? paymentIntentObject(record).created : undefined;
		};
		// An intent is listed from the first of these that has it: its charge (every intent that
		// tried a payment, the demo store's included), the intake's row while it waits for 3-D
		// Secure (no charge yet), or `/v1`'s details before it is confirmed. Each is a keyset page
		// through its own index, merged here.
		const charged = await planPage(
			params,
			{ created: "charges.created", id: "charges.payment_intent_id" },
			"payment_intent",
			locate,
		);
		const waiting = await planPage(
			params,
			{ created: "payment_intents.created", id: "payment_intents.id" },
			"payment_intent",
			locate,
		);
		const drafted = await planPage(
			params,
			{ created: "intent_details.created", id: "intent_details.intent_id" },
			"payment_intent",
			locate,
		);
		const direction = charged.direction;
		let charges = db
			.selectFrom("charges")
			.select(["charges.payment_intent_id as id", "charges.created as created"])
			.where("charges.account_id", "=", accountId);
		let intents = db
			.selectFrom("payment_intents")
			.select(["payment_intents.id as id", "payment_intents.created as created"])
			.where("payment_intents.account_id", "=", accountId)
			.where("payment_intents.charge_id", "is", null);
		let drafts = db
			.selectFrom("intent_details")
			.select(["intent_details.intent_id as id", "intent_details.created as created"])
			.where("intent_details.account_id", "=", accountId)
			.where("intent_details.status", "in", ["requires_payment_method", "requires_confirmation", "canceled"])
			.where((eb) =>
				eb.not(
					eb.exists(
						eb
							.selectFrom("payment_intents as tried")
							.select("tried.id")
							.whereRef("tried.account_id", "=", "intent_details.account_id")
							.whereRef("tried.id", "=", "intent_details.intent_id"),
					),
				),
			);
		if (params.customer) {
			charges = charges
				.innerJoin("intent_details", (join) =>
					join
						.onRef("intent_details.account_id", "=", "charges.account_id")
						.onRef("intent_details.intent_id", "=", "charges.payment_intent_id"),
				)
				.where("intent_details.customer_id", "=", params.customer);
			intents = intents
				.innerJoin("intent_details", (join) =>
					join
						.onRef("intent_details.account_id", "=", "payment_intents.account_id")
						.onRef("intent_details.intent_id", "=", "payment_intents.id"),
				)
				.where("intent_details.customer_id", "=", params.customer);
			drafts = drafts.where("intent_details.customer_id", "=", params.customer);
		}
		for (const condition of createdConditions("charges.created", params.created))
			charges = charges.where(condition);
		for (const condition of createdConditions("payment_intents.created", params.created))
			intents = intents.where(condition);
		for (const condition of createdConditions("intent_details.created", params.created))
			drafts = drafts.where(condition);
		if (charged.cursor) charges = charges.where(charged.cursor);
		if (waiting.cursor) intents = intents.where(waiting.cursor);
		if (drafted.cursor) drafts = drafts.where(drafted.cursor);
		const [a, b, c] = await Promise.all([
			charges
				.orderBy("charges.created", direction)
				.orderBy("charges.payment_intent_id", direction)
				.limit(charged.take)
				.execute(),
			intents
				.orderBy("payment_intents.created", direction)
				.orderBy("payment_intents.id", direction)
				.limit(waiting.take)
				.execute(),
			drafts
				.orderBy("intent_details.created", direction)
				.orderBy("intent_details.intent_id", direction)
				.limit(drafted.take)
				.execute(),
		]);
		const sign = direction === "desc" ? -1 : 1;
		const seen = new Set<string>();
		const merged = [...a, ...b, ...c]
			.sort((x, y) =>
				x.created !== y.created
					? sign * (x.created - y.created)
					: sign * (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
			)
			.filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
		const page = pageOf(merged, charged);
		const records = await loadRecords(
			db,
			accountId,
			page.rows.map((row) => row.id),
			context.livemode,
		);
		const fields = (params.expand ?? []).map((field) => field.replace(/^data\./, ""));
		const data: Stripe.PaymentIntent[] = [];
		for (const row of page.rows) {
			const record = records.get(row.id);
			if (record) data.push(await answerOf(context, record, fields));
		}
		return listOf("/v1/payment_intents", data, page.hasMore);
	});
}

/** The details of an intent taken through the intake's own route, made when `/v1` first changes it. */
export function detailsOfIntent(intent: PaymentIntentsTable): IntentDetailsTable {
	return {
		account_id: intent.account_id,
		intent_id: intent.id,
		status: "confirmed",
		amount: intent.amount,
		currency: intent.currency,
		capture_method: intent.capture_method,
		payment_method_id: null,
		customer_id: null,
		description: null,
		receipt_email: null,
		return_url: intent.return_url,
		metadata: "{}",
		created: intent.created,
		canceled_at: null,
		cancellation_reason: null,
	};
}

export async function upsertDetails(db: Kysely, details: IntentDetailsTable): Promise<void> {
	const { account_id, intent_id, ...rest } = details;
	await db
		.insertInto("intent_details")
		.values(details)
		.onConflict((conflict) => conflict.columns(["account_id", "intent_id"]).doUpdateSet(rest))
		.execute();
}
