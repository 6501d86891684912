/**
 * PaymentMethods on Stripe's API: cards saved for later payments. Only the sandbox's test cards
 * are taken: any other valid number is declined as Stripe's test mode declines a real card, and
 * a number that fails the Luhn check is Stripe's incorrect_number. A card is kept as the hash of
 * its test number (payment-method-cards.ts) with what it shows (brand, last 4, expiry, country,
 * funding): never the number or the CVC. Stripe's named test methods (`pm_card_visa`) read as
 * cards of their test card; attaching one saves a new method of that card, as Stripe does.
 */
import { createHash } from "node:crypto";
import { namedTestCard, TEST_METHOD_PREFIX } from "@paydesk/domain/stripe-test-methods";
import {
	isExpiryPast,
	LIVE_CARD_DECLINE,
	last4Of,
	normalizeCardNumber,
	passesLuhn,
	type TestCard,
	testCardOf,
} from "@paydesk/domain/test-cards";
import type Stripe from "stripe";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import { newId } from "../../db/ids.ts";
import type { PaymentMethodsTable } from "../../db/schema.ts";
import {
	invalidRequest,
	parameterMissing,
	resourceMissing,
	StripeApiError,
	unexpectedState,
} from "../errors.ts";
import { listOf, pageOf, planPage } from "../lists.ts";
import { metadataOf } from "../objects.ts";
import {
	expand,
	integer,
	listParams,
	mergeMetadata,
	metadata,
	objectId,
	parseParams,
	retrieveParams,
} from "../params.ts";
import { cardHash, findPaymentMethod, namedExpiry, testCardOfHash } from "../payment-method-cards.ts";
import type { V1Context, V1Router } from "../plugin.ts";
import { billingDetailsParam, requireCustomer } from "./payment-intents.ts";

type Kysely = Db["kysely"];

const cardInput = z.strictObject({
	number: z.string().max(30).optional(),
	exp_month: integer(0, 99).optional(),
	exp_year: integer(0, 9999).optional(),
	cvc: z.string().max(10).optional(),
	token: objectId.optional(),
});

const createParams = z.strictObject({
	type: z.literal("card", { error: "must be card: the sandbox saves cards only" }),
	card: cardInput.optional(),
	billing_details: billingDetailsParam.optional(),
	metadata: metadata.optional(),
	expand: expand.optional(),
});

const updateParams = z.strictObject({
	card: z
		.strictObject({ exp_month: integer(0, 99).optional(), exp_year: integer(0, 9999).optional() })
		.optional(),
	billing_details: billingDetailsParam.optional(),
	metadata: metadata.optional(),
	expand: expand.optional(),
});

const attachParams = z.strictObject({ customer: objectId, expand: expand.optional() });
const detachParams = z.strictObject({ expand: expand.optional() });

/** The list's parameters: Stripe's payment method lists take no `created` filter. */
const pageParams = {
	limit: listParams.limit,
	starting_after: listParams.starting_after,
	ending_before: listParams.ending_before,
	expand: listParams.expand,
	type: z
		.string()
		.regex(/^[a-z_]{1,40}$/, { error: "must be a payment method type" })
		.optional(),
};
const listParamsOfAccount = z.strictObject({ ...pageParams, customer: objectId });
const listParamsOfCustomer = z.strictObject(pageParams);

type BillingInput = z.output<typeof billingDetailsParam>;

interface StoredBilling {
	address: {
		city: string | null;
		country: string | null;
		line1: string | null;
		line2: string | null;
		postal_code: string | null;
		state: string | null;
	};
	email: string | null;
	name: string | null;
	phone: string | null;
}

const EMPTY_BILLING: StoredBilling = {
	address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
	email: null,
	name: null,
	phone: null,
};

/** Given billing details over stored ones: a field given replaces its value, "" clears it. */
function billingOf(stored: StoredBilling, given: BillingInput | undefined): StoredBilling {
	if (!given) return stored;
	const address = { ...stored.address };
	for (const [key, value] of Object.entries(given.address ?? {})) {
		if (value !== undefined) address[key as keyof StoredBilling["address"]] = value;
	}
	if (address.country) address.country = address.country.toUpperCase();
	return {
		address,
		email: given.email === undefined ? stored.email : given.email,
		name: given.name === undefined ? stored.name : given.name,
		phone: given.phone === undefined ? stored.phone : given.phone,
	};
}

function storedBilling(json: string): StoredBilling {
	try {
		const parsed = JSON.parse(json) as Partial<StoredBilling>;
		return { ...EMPTY_BILLING, ...parsed, address: { ...EMPTY_BILLING.address, ...(parsed.address ?? {}) } };
	} catch {
		return EMPTY_BILLING;
	}
}

/** A card error (402), as Stripe answers a card it will not save. */
function cardError(code: string, message: string, param: string, declineCode?: string): StripeApiError {
	return new StripeApiError(402, {
		type: "card_error",
		code,
		message,
		param,
		...(declineCode ? { decline_code: declineCode } : {}),
	});
}

/** The same card always has the same fingerprint within an account, and another one elsewhere. */
function fingerprintOf(accountId: string, testCardHash: string): string {
	return createHash("sha256").update(`${accountId}:${testCardHash}`).digest("base64url").slice(0, 16);
}

interface CardShown {
	card: TestCard;
	expMonth: number;
	expYear: number;
}

function cardObject(accountId: string, shown: CardShown): Stripe.PaymentMethod.Card {
	const { card } = shown;
	return {
		brand: card.brand,
		checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
		country: card.country,
		display_brand: card.brand === "amex" ? "american_express" : card.brand,
		exp_month: shown.expMonth,
		exp_year: shown.expYear,
		fingerprint: fingerprintOf(accountId, cardHash(card.number)),
		funding: card.funding,
		generated_from: null,
		last4: last4Of(card.number),
		networks: { available: [card.brand], preferred: null },
		regulated_status: "unregulated",
		three_d_secure_usage: { supported: true },
		wallet: null,
	};
}

export function paymentMethodObject(row: PaymentMethodsTable, livemode: boolean): Stripe.PaymentMethod {
	const card = testCardOfHash(row.test_card);
	return {
		id: row.id,
		object: "payment_method",
		allow_redisplay: "unspecified",
		billing_details: { ...storedBilling(row.billing_details), tax_id: null },
		...(card
			? { card: cardObject(row.account_id, { card, expMonth: row.exp_month, expYear: row.exp_year }) }
			: {}),
		created: row.created,
		customer: row.customer_id,
		customer_account: null,
		livemode,
		metadata: metadataOf(row.metadata),
		type: "card",
	};
}

/** One of Stripe's named test methods (`pm_card_visa`), as a card of its test card. */
function namedMethodObject(context: V1Context, id: string, card: TestCard): Stripe.PaymentMethod {
	const expiry = namedExpiry(context.now);
	return {
		id,
		object: "payment_method",
		allow_redisplay: "unspecified",
		billing_details: { ...EMPTY_BILLING, tax_id: null },
		card: cardObject(context.accountId, { card, ...expiry }),
		created: context.now,
		customer: null,
		customer_account: null,
		livemode: context.livemode,
		metadata: {},
		type: "card",
	};
}

const namedMethod = (id: string): TestCard | null =>
	id.startsWith(TEST_METHOD_PREFIX) ? namedTestCard(id) : null;

/** The test card of the card details given, or Stripe's card error for them. */
function cardOfInput(input: z.output<typeof cardInput> | undefined, now: number): CardShown {
	if (!input) throw parameterMissing("card");
	if (input.token !== undefined) {
		if (input.number !== undefined || input.exp_month !== undefined || input.exp_year !== undefined) {
			throw invalidRequest("Give card[token] or the card's details, not both.", { param: "card[token]" });
		}
		const card = input.token.startsWith("tok_") ? namedTestCard(input.token) : null;
		if (!card) throw resourceMissing("token", input.token, "card[token]");
		return { card, ...namedExpiry(now) };
	}
	if (input.number === undefined) throw parameterMissing("card[number]");
	if (input.exp_month === undefined) throw parameterMissing("card[exp_month]");
	if (input.exp_year === undefined) throw parameterMissing("card[exp_year]");
	const digits = normalizeCardNumber(input.number);
	if (!passesLuhn(digits))
		throw cardError("incorrect_number", "Your card number is incorrect.", "card[number]");
	const expMonth = input.exp_month;
	// Stripe takes a two-digit year as this century's.
	const expYear = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
	const today = new Date(now * 1000);
	if (expMonth < 1 || expMonth > 12) {
		throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "card[exp_month]");
	}
	if (expYear < today.getUTCFullYear() || expYear > today.getUTCFullYear() + 50) {
		throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", "card[exp_year]");
	}
	if (isExpiryPast(expMonth, expYear, today)) {
		throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "card[exp_month]");
	}
	if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc)) {
		throw cardError("invalid_cvc", "Your card's security code is invalid.", "card[cvc]");
	}
	const card = testCardOf(digits);
	if (!card) {
		throw cardError(
			LIVE_CARD_DECLINE.code,
			LIVE_CARD_DECLINE.message,
			"card[number]",
			LIVE_CARD_DECLINE.declineCode,
		);
	}
	return { card, expMonth, expYear };
}

function rowOf(
	context: V1Context,
	shown: CardShown,
	billing: StoredBilling,
	metadataGiven: Record<string, string>,
	customerId: string | null,
): PaymentMethodsTable {
	return {
		account_id: context.accountId,
		id: newId("pm"),
		type: "card",
		test_card: cardHash(shown.card.number),
		brand: shown.card.brand,
		last4: last4Of(shown.card.number),
		exp_month: shown.expMonth,
		exp_year: shown.expYear,
		country: shown.card.country,
		funding: shown.card.funding,
		billing_details: JSON.stringify(billing),
		customer_id: customerId,
		metadata: JSON.stringify(metadataGiven),
		created: context.now,
	};
}

async function requireStored(context: V1Context, id: string, param = "id"): Promise<PaymentMethodsTable> {
	const row = await findPaymentMethod(context.request.server.deps.db.kysely, context.accountId, id);
	if (!row) throw resourceMissing("PaymentMethod", id, param);
	return row;
}

/** A payment method as Stripe answers it; `customer` may be expanded. */
async function answerOf(
	context: V1Context,
	object: Stripe.PaymentMethod,
	fields: readonly string[] = [],
): Promise<Stripe.PaymentMethod> {
	for (const field of fields) {
		if (field !== "customer") {
			throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
		}
		if (typeof object.customer === "string") {
			// Imported here, not at the top: customers.ts imports this module.
			const { findCustomerObject } = await import("./customers.ts");
			const customer = await findCustomerObject(context, object.customer);
			if (customer && !customer.deleted) object.customer = customer;
		}
	}
	return object;
}

/**
 * Attaches a payment method to a customer (who must exist): a stored one once and to one
 * customer only; a named test method saves a new method of its card. Nothing is written when
 * it is refused.
 */
export async function attachPaymentMethod(
	context: V1Context,
	id: string,
	customerId: string,
	param = "id",
	db: Kysely = context.request.server.deps.db.kysely,
): Promise<PaymentMethodsTable> {
	const named = namedMethod(id);
	if (named) {
		const row = rowOf(context, { card: named, ...namedExpiry(context.now) }, EMPTY_BILLING, {}, customerId);
		await db.insertInto("payment_methods").values(row).execute();
		return row;
	}
	const row = await findPaymentMethod(db, context.accountId, id);
	if (!row) throw resourceMissing("PaymentMethod", id, param);
	if (row.customer_id === customerId) return row;
	const attached = await db
		.updateTable("payment_methods")
		.set({ customer_id: customerId })
		.where("account_id", "=", context.accountId)
		.where("id", "=", id)
		.where("customer_id", "is", null)
		.executeTakeFirst();
	if (Number(attached.numUpdatedRows) === 0) {
		throw unexpectedState(
			"payment_method_unexpected_state",
			`PaymentMethod ${id} is attached to another customer: detach it from that customer first.`,
			{ param },
		);
	}
	return { ...row, customer_id: customerId };
}

/** Checks that a payment method can be attached to a customer, before anything is written. */
export async function checkAttachable(context: V1Context, id: string, param: string): Promise<void> {
	if (namedMethod(id)) return;
	const row = await findPaymentMethod(context.request.server.deps.db.kysely, context.accountId, id);
	if (!row) throw resourceMissing("PaymentMethod", id, param);
	if (row.customer_id !== null) {
		throw unexpectedState(
			"payment_method_unexpected_state",
			`PaymentMethod ${id} is attached to another customer: detach it from that customer first.`,
			{ param },
		);
	}
}

/** A page of a customer's payment methods, newest first. */
async function customerMethods(
	context: V1Context,
	customerId: string,
	params: z.output<typeof listParamsOfCustomer>,
	url: string,
) {
	const db = context.request.server.deps.db.kysely;
	const plan = await planPage(params, { created: "created", id: "id" }, "PaymentMethod", async (id) => {
		const row = await findPaymentMethod(db, context.accountId, id);
		return row?.customer_id === customerId ? row.created : undefined;
	});
	if (params.type !== undefined && params.type !== "card") return listOf(url, [], false);
	let query = db
		.selectFrom("payment_methods")
		.selectAll()
		.where("account_id", "=", context.accountId)
		.where("customer_id", "=", customerId);
	if (plan.cursor) query = query.where(plan.cursor);
	const rows = await query
		.orderBy("created", plan.direction)
		.orderBy("id", plan.direction)
		.limit(plan.take)
		.execute();
	const page = pageOf(rows, plan);
	const fields = (params.expand ?? []).map((field) => field.replace(/^data\./, ""));
	const data: Stripe.PaymentMethod[] = [];
	for (const row of page.rows)
		data.push(await answerOf(context, paymentMethodObject(row, context.livemode), fields));
	return listOf(url, data, page.hasMore);
}

export function registerPaymentMethods(router: V1Router): void {
	router.post(
		"/payment_methods",
		async (context) => {
			const params = parseParams(createParams, context.params);
			const shown = cardOfInput(params.card, context.now);
			const row = rowOf(
				context,
				shown,
				billingOf(EMPTY_BILLING, params.billing_details),
				mergeMetadata({}, params.metadata ?? {}),
				null,
			);
			await context.request.server.deps.db.kysely.insertInto("payment_methods").values(row).execute();
			return answerOf(context, paymentMethodObject(row, context.livemode), params.expand);
		},
		{ publishable: true },
	);

	router.get("/payment_methods/:id", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		const id = context.path.id ?? "";
		const named = namedMethod(id);
		if (named) return answerOf(context, namedMethodObject(context, id, named), params.expand);
		const row = await requireStored(context, id);
		return answerOf(context, paymentMethodObject(row, context.livemode), params.expand);
	});

	router.post("/payment_methods/:id", async (context) => {
		const params = parseParams(updateParams, context.params);
		const id = context.path.id ?? "";
		const row = await requireStored(context, id);
		const expMonth = params.card?.exp_month ?? row.exp_month;
		const expYearGiven = params.card?.exp_year;
		const expYear =
			expYearGiven === undefined ? row.exp_year : expYearGiven < 100 ? 2000 + expYearGiven : expYearGiven;
		if (expMonth < 1 || expMonth > 12) {
			throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "card[exp_month]");
		}
		if (isExpiryPast(expMonth, expYear, new Date(context.now * 1000))) {
			throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", "card[exp_year]");
		}
		const next: PaymentMethodsTable = {
			...row,
			exp_month: expMonth,
			exp_year: expYear,
			billing_details: JSON.stringify(billingOf(storedBilling(row.billing_details), params.billing_details)),
			metadata: params.metadata
				? JSON.stringify(mergeMetadata(metadataOf(row.metadata), params.metadata))
				: row.metadata,
		};
		await context.request.server.deps.db.kysely
			.updateTable("payment_methods")
			.set({
				exp_month: next.exp_month,
				exp_year: next.exp_year,
				billing_details: next.billing_details,
				metadata: next.metadata,
			})
			.where("account_id", "=", context.accountId)
			.where("id", "=", id)
			.execute();
		return answerOf(context, paymentMethodObject(next, context.livemode), params.expand);
	});

	router.post("/payment_methods/:id/attach", async (context) => {
		const params = parseParams(attachParams, context.params);
		const db = context.request.server.deps.db.kysely;
		await requireCustomer(db, context.accountId, params.customer);
		const row = await attachPaymentMethod(context, context.path.id ?? "", params.customer);
		return answerOf(context, paymentMethodObject(row, context.livemode), params.expand);
	});

	router.post("/payment_methods/:id/detach", async (context) => {
		const params = parseParams(detachParams, context.params);
		const id = context.path.id ?? "";
		const row = namedMethod(id) ? null : await requireStored(context, id);
		if (!row || row.customer_id === null) {
			throw unexpectedState(
				"payment_method_unexpected_state",
				`PaymentMethod ${id} is not attached to a customer: there is nothing to detach.`,
			);
		}
		const detached = await context.request.server.deps.db.kysely
			.updateTable("payment_methods")
			.set({ customer_id: null })
			.where("account_id", "=", context.accountId)
			.where("id", "=", id)
			.where("customer_id", "=", row.customer_id)
			.executeTakeFirst();
		if (Number(detached.numUpdatedRows) === 0) {
			throw unexpectedState(
				"payment_method_unexpected_state",
				`PaymentMethod ${id} is not attached to a customer: there is nothing to detach.`,
			);
		}
		return answerOf(
			context,
			paymentMethodObject({ ...row, customer_id: null }, context.livemode),
			params.expand,
		);
	});

	router.get("/payment_methods", async (context) => {
		const params = parseParams(listParamsOfAccount, context.params);
		const { customer, ...page } = params;
		await requireCustomer(context.request.server.deps.db.kysely, context.accountId, customer);
		return customerMethods(context, customer, page, "/v1/payment_methods");
	});

	router.get("/customers/:id/payment_methods", async (context) => {
		const params = parseParams(listParamsOfCustomer, context.params);
		const customer = context.path.id ?? "";
		await requireCustomer(context.request.server.deps.db.kysely, context.accountId, customer);
		return customerMethods(context, customer, params, `/v1/customers/${customer}/payment_methods`);
	});

	router.get("/customers/:id/payment_methods/:payment_method", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		const customer = context.path.id ?? "";
		const id = context.path.payment_method ?? "";
		await requireCustomer(context.request.server.deps.db.kysely, context.accountId, customer);
		const row = await findPaymentMethod(context.request.server.deps.db.kysely, context.accountId, id);
		if (!row || row.customer_id !== customer) throw resourceMissing("PaymentMethod", id);
		return answerOf(context, paymentMethodObject(row, context.livemode), params.expand);
	});
}

/** Detaches every payment method of a customer (when the customer is deleted). */
export async function detachAllOf(db: Kysely, accountId: string, customerId: string): Promise<void> {
	await db
		.updateTable("payment_methods")
		.set({ customer_id: null })
		.where("account_id", "=", accountId)
		.where("customer_id", "=", customerId)
		.execute();
}
