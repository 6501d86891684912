/**
 * The sandbox processor takes a payment (issue 14, DESIGN §3a): the plan (intake-plan.ts) is
 * written in one database transaction with the full effect of a real processor — the order and
 * its status, the charge, the balance transaction with its fee and availability (and rollups),
 * the timeline events and the payment intent. A retry with the same Idempotency-Key finds the
 * first answer inside that transaction, declines included, so money never moves twice.
 *
 * A card that asks for 3-D Secure leaves only the intent and its order: the prepared payment
 * waits in payment_intents.pending (never the card number or CVC) until confirmPayment.
 */
import { createHash, randomBytes } from "node:crypto";
import { MULTI_CURRENCY_OPTIONS } from "@paydesk/contract/multi-currency";
import type {
	CreatePaymentIntentBody,
	PaymentIntentResult,
	PostalAddressInput,
} from "@paydesk/contract/payment-intents";
import type { ProtectionRule } from "@paydesk/domain/fraud-rules";
import { isExpiryPast } from "@paydesk/domain/test-cards";
import type { Kysely } from "kysely";
import type { Db } from "../db/connection.ts";
import { forUpdate } from "../db/dialect.ts";
import { newId, nextSequence } from "../db/ids.ts";
import type { AccountsTable, ChargesTable, Database, OrdersTable } from "../db/schema.ts";
import { readOption, writeOptions } from "../wp/queries.ts";
import { loadAccount, parseJson } from "./account.ts";
import { accountFeesOf, standardAccountFee } from "./account-fees.ts";
import { capture } from "./captures.ts";
import { QUOTED_CURRENCIES, sandboxRate } from "./exchange-rates.ts";
import { countryOfIp } from "./geoip.ts";
import { type IdempotencyScope, rememberAnswer, replayedAnswer } from "./idempotency.ts";
import { type Decision, type IntakeContext, type PaymentPlan, planPayment } from "./intake-plan.ts";
import { writeTimelineEvent } from "./timeline.ts";

/** A field the processor refuses, named as the request names it. */
export class IntakeInvalid extends Error {
	constructor(readonly params: Record<string, string>) {
		super(Object.values(params).join(" "));
		this.name = "IntakeInvalid";
	}
}

export class IntakeStateError extends Error {
	constructor(
		readonly code: "wcpay_intent_not_found" | "payment_intent_unexpected_state" | "wcpay_payments_disabled",
		message: string,
		readonly status: 404 | 409,
	) {
		super(message);
		this.name = "IntakeStateError";
	}
}

export interface IntakeError {
	code: string;
	decline_code: string | null;
	message: string;
}

/** What the API answers: the intent, and the decline when the payment failed (a 402). */
export interface IntakeAnswer {
	intent: PaymentIntentResult;
	error: IntakeError | null;
}

export interface IntakeRequest {
	accountId: string;
	body: CreatePaymentIntentBody;
	now: number;
	idempotency?: IdempotencyScope | undefined;
	/** The page where the customer answers 3-D Secure, for an intent and its client secret. */
	authenticationUrl: (intentId: string, clientSecret: string) => string;
}

const FINGERPRINT_KEY_OPTION = "paydesk_card_fingerprint_key";

async function fingerprintKey(db: Kysely<Database>, accountId: string): Promise<string> {
	const stored = await readOption<string | null>(db, accountId, FINGERPRINT_KEY_OPTION, null);
	if (typeof stored === "string" && stored.length >= 32) return stored;
	await writeOptions(db, accountId, { [FINGERPRINT_KEY_OPTION]: randomBytes(32).toString("hex") });
	return readOption<string>(db, accountId, FINGERPRINT_KEY_OPTION, "");
}

interface StoredSettings {
	current_protection_level?: string;
	advanced_fraud_protection_settings?: ProtectionRule[];
	enabled_payment_method_ids?: string[];
}

/** Currencies the account accepts: its own, its bank accounts', and its enabled currencies. */
export async function acceptedCurrencies(
	db: Kysely<Database>,
	account: AccountsTable,
): Promise<{ accepted: string[]; settlement: string[] }> {
	const settlement = [
		account.default_currency.toLowerCase(),
		...parseJson<{ currency?: string }[]>(account.external_accounts, [])
			.map((bank) => bank.currency?.toLowerCase())
			.filter((code): code is string => !!code),
	];
	const enabled = await readOption<unknown>(db, account.id, MULTI_CURRENCY_OPTIONS.enabled, []);
	const extra = Array.isArray(enabled)
		? enabled.filter((code): code is string => typeof code === "string" && QUOTED_CURRENCIES.includes(code))
		: [];
	const accepted = [...new Set([...settlement, ...extra.map((code) => code.toLowerCase())])];
	return { accepted, settlement: [...new Set(settlement)] };
}

interface Prepared {
	account: AccountsTable;
	plan: PaymentPlan;
}

async function prepare(db: Db, request: IntakeRequest): Promise<Prepared> {
	const { body, accountId } = request;
	const account = await loadAccount(db.kysely, accountId);
	if (!account)
		throw new IntakeStateError("wcpay_intent_not_found", "No payments account is connected.", 404);
	if (account.connected !== 1 || account.payments_enabled !== 1) {
		throw new IntakeStateError(
			"wcpay_payments_disabled",
			"Payments are paused on this account until its verification is complete.",
			409,
		);
	}
	const method = body.payment_method;
	if (
		method.type === "card" &&
		isExpiryPast(method.card.exp_month, method.card.exp_year, new Date(request.now * 1000))
	) {
		throw new IntakeInvalid({
			"payment_method.card.exp_year": "payment_method.card.exp_year: the card's expiry date is in the past.",
		});
	}
	const currencies = await acceptedCurrencies(db.kysely, account);
	if (!currencies.accepted.includes(body.currency)) {
		throw new IntakeInvalid({
			currency: `currency: ${body.currency.toUpperCase()} is not a currency this account accepts (${currencies.accepted.map((code) => code.toUpperCase()).join(", ")}).`,
		});
	}
	const settings = parseJson<StoredSettings & Record<string, unknown>>(account.settings, {});
	const enabledMethods = settings.enabled_payment_method_ids ?? ["card"];
	if (method.type !== "card" && !enabledMethods.includes(method.type)) {
		throw new IntakeInvalid({
			"payment_method.type": `payment_method.type: ${method.type} is not enabled for this store.`,
		});
	}
	if (method.type !== "card" && body.capture_method === "manual") {
		throw new IntakeInvalid({
			capture_method: "capture_method: only card payments can be captured manually.",
		});
	}
	const fraud = parseJson<{ declineOnAVSFailure?: boolean; declineOnCVCFailure?: boolean }>(
		account.fraud_protection,
		{},
	);
	const rules =
		settings.current_protection_level === "advanced"
			? (settings.advanced_fraud_protection_settings ?? [])
			: [];
	const storeCurrency = account.default_currency.toLowerCase();
	const schedule = accountFeesOf(settings, enabledMethods, storeCurrency);
	const context: IntakeContext = {
		accountCountry: account.country.toUpperCase(),
		storeCurrency,
		settlementCurrencies: currencies.settlement,
		rules,
		declineOnCVCFailure: fraud.declineOnCVCFailure ?? true,
		declineOnAVSFailure: fraud.declineOnAVSFailure ?? false,
		feeFor: (type, settlement) => {
			const standard = standardAccountFee(type, settlement);
			const fee = schedule[type];
			if (!fee) return standard;
			// The schedule's percentages, with the fixed part in the currency the payment settles in.
			const fixed =
				fee.base.currency.toLowerCase() === settlement
					? fee.base
					: { ...fee.base, fixed_rate: standard.base.fixed_rate, currency: settlement };
			return {
				...fee,
				base: fixed,
				additional: { ...fee.additional, currency: settlement },
				fx: { ...fee.fx, currency: settlement },
			};
		},
		rate: sandboxRate,
		fingerprintKey: await fingerprintKey(db.kysely, accountId),
		nowMs: request.now * 1000,
	};
	const ipCountry = countryOfIp(body.customer_ip);
	const plan = planPayment(
		{
			amount: body.amount,
			currency: body.currency,
			captureMethod: body.capture_method,
			paymentMethod: method,
			items: body.order.items,
			shippingAddress: body.order.shipping_address ?? null,
			customerIp: body.customer_ip ?? null,
			ipCountry,
			channel: body.channel,
		},
		context,
	);
	return { account, plan };
}

/** Everything about the payment the writes need, kept while it waits for 3-D Secure. */
interface PendingPayment {
	plan: PaymentPlan;
	amount: number;
	currency: string;
	captureMethod: "automatic" | "manual";
	billing: { name: string; email: string; phone: string | null; address: PostalAddressInput };
	channel: string;
	customerIp: string | null;
	ipCountry: string | null;
}

function pendingOf(request: IntakeRequest, plan: PaymentPlan): PendingPayment {
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
		ipCountry: countryOfIp(body.customer_ip),
	};
}

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** The order the payment is for: an existing one by number, or a new one with the next number. */
async function orderFor(
	trx: Kysely<Database>,
	request: IntakeRequest,
	intentId: string,
): Promise<OrdersTable> {
	const { body, accountId } = request;
	if (body.order.number !== undefined) {
		const existing = await trx
			.selectFrom("orders")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("number", "=", body.order.number)
			.executeTakeFirst();
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
		billing_address: JSON.stringify({
			address_1: billing.address.line1,
			city: billing.address.city,
			postcode: billing.address.postal_code,
			country: billing.address.country,
		}),
		items: JSON.stringify(body.order.items),
		subscriptions: "[]",
		payment_intent_id: intentId,
		charge_id: null,
		shipping_address: JSON.stringify(body.order.shipping_address ?? {}),
	};
	await trx.insertInto("orders").values(order).execute();
	return order;
}

const ORDER_STATUS: Record<Decision["kind"], string> = {
	decline: "failed",
	block: "failed",
	review: "on-hold",
	authorize: "on-hold",
	capture: "processing",
};

function intentStatusOf(decision: Decision): PaymentIntentResult["status"] {
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

/** Timeline failure reasons the spec names (spec 3 §8 "Timeline reasons and checks"). */
const TIMELINE_REASONS = new Set([
	"card_declined",
	"expired_card",
	"incorrect_cvc",
	"incorrect_number",
	"incorrect_zip",
	"invalid_cvc",
	"invalid_expiry_month",
	"invalid_expiry_year",
	"invalid_number",
	"processing_error",
	"authentication_required",
	"insufficient_funds",
]);

interface Ids {
	intentId: string;
	chargeId: string;
}

/** The charge, the ledger, the timeline and the order's status of a decided payment. */
async function writePayment(
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
		payment_method_type: plan.methodType,
		payment_method_details: JSON.stringify(plan.details),
		billing_details: JSON.stringify({
			address: { ...payment.billing.address, line2: payment.billing.address.line2 ?? null },
			email: payment.billing.email,
			name: payment.billing.name,
			phone: payment.billing.phone,
		}),
		customer_name: payment.billing.name,
		customer_email: payment.billing.email,
		customer_country: payment.billing.address.country,
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
		const reason = TIMELINE_REASONS.has(decline.declineCode) ? decline.declineCode : decline.code;
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

function answerOf(
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

async function saveIntent(
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

/** Takes a payment: the whole effect in one transaction, or the first answer to a retried key. */
export async function takePayment(db: Db, request: IntakeRequest): Promise<IntakeAnswer> {
	const { account, plan } = await prepare(db, request);
	return db.kysely.transaction().execute(async (trx) => {
		if (request.idempotency) {
			const first = await replayedAnswer<IntakeAnswer>(trx, request.idempotency);
			if (first) return first;
		}
		const ids: Ids = {
			intentId: newId("pi"),
			chargeId: newId(plan.methodType === "card" || plan.methodType === "link" ? "ch" : "py"),
		};
		const order = await orderFor(trx, request, ids.intentId);
		const payment = pendingOf(request, plan);
		const clientSecret = `${ids.intentId}_secret_${randomBytes(18).toString("base64url")}`;
		const waitsForAuthentication =
			plan.threeDSecure && plan.decision.kind !== "decline" && plan.decision.kind !== "block";
		let answer: IntakeAnswer;
		if (waitsForAuthentication) {
			await trx
				.updateTable("orders")
				.set({ status: "pending", payment_intent_id: ids.intentId })
				.where("account_id", "=", account.id)
				.where("id", "=", order.id)
				.execute();
			const intent = answerOf(
				{ id: ids.intentId, status: "requires_action", created: request.now, order },
				payment,
				null,
				null,
				null,
				request.authenticationUrl(ids.intentId, clientSecret),
			);
			await saveIntent(trx, account.id, intent, {
				clientSecretHash: hashSecret(clientSecret),
				pending: { ...payment, plan: { ...plan } },
				returnUrl: request.body.return_url ?? null,
			});
			answer = { intent, error: null };
		} else {
			const { charge, error } = await writePayment(
				trx,
				account.id,
				request.now,
				order,
				ids,
				payment,
				plan.decision,
			);
			const intent = answerOf(
				{ id: ids.intentId, status: intentStatusOf(plan.decision), created: request.now, order },
				payment,
				charge,
				plan.decision,
				error,
				null,
			);
			await saveIntent(trx, account.id, intent, {
				clientSecretHash: hashSecret(clientSecret),
				pending: null,
				returnUrl: null,
			});
			answer = { intent, error };
		}
		if (request.idempotency) await rememberAnswer(trx, request.idempotency, answer, request.now);
		return answer;
	});
}

export interface ConfirmRequest {
	accountId: string;
	intentId: string;
	/** The customer's answer when a script gives it; otherwise the one recorded on the page. */
	authentication?: "complete" | "fail" | undefined;
	now: number;
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
		const stored = parseJson<PaymentIntentResult | null>(row.answer, null);
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
		const payment = parseJson<PendingPayment | null>(row.pending, null);
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
		return { intent, error };
	});
}

/**
 * Records the customer's answer on the 3-D Secure page, when the client secret is the intent's.
 * Answers the URL to send the customer back to (null when the store gave none), or false when
 * the secret does not open the intent.
 */
export async function recordAuthentication(
	db: Db,
	accountId: string,
	clientSecret: string,
	result: "complete" | "fail",
): Promise<{ intentId: string; returnUrl: string | null } | false> {
	const intentId = clientSecret.split("_secret_")[0] ?? "";
	const row = await db.kysely
		.selectFrom("payment_intents")
		.select(["id", "status", "client_secret_hash", "return_url"])
		.where("account_id", "=", accountId)
		.where("id", "=", intentId)
		.executeTakeFirst();
	if (!row || row.client_secret_hash !== hashSecret(clientSecret)) return false;
	if (row.status === "requires_action") {
		await db.kysely
			.updateTable("payment_intents")
			.set({ authentication: result === "complete" ? "succeeded" : "failed" })
			.where("account_id", "=", accountId)
			.where("id", "=", intentId)
			.where("status", "=", "requires_action")
			.execute();
	}
	return { intentId, returnUrl: row.return_url };
}

/** An intent waiting for authentication, for the 3-D Secure page; null when the secret is wrong. */
export async function intentForSecret(
	db: Db,
	accountId: string,
	clientSecret: string,
): Promise<{
	id: string;
	status: string;
	amount: number;
	currency: string;
	authentication: string | null;
} | null> {
	const intentId = clientSecret.split("_secret_")[0] ?? "";
	const row = await db.kysely
		.selectFrom("payment_intents")
		.select(["id", "status", "amount", "currency", "authentication", "client_secret_hash"])
		.where("account_id", "=", accountId)
		.where("id", "=", intentId)
		.executeTakeFirst();
	if (!row || row.client_secret_hash !== hashSecret(clientSecret)) return null;
	return {
		id: row.id,
		status: row.status,
		amount: row.amount,
		currency: row.currency,
		authentication: row.authentication,
	};
}
