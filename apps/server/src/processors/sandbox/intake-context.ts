/**
 * What the sandbox processor reads before it takes a payment: the account's state,
 * the currencies it accepts, its enabled methods, fraud rules, fee schedule and the key its card
 * fingerprints are made with, and the plan (intake-plan.ts) they give for one request.
 */

import { randomBytes } from "node:crypto";
import { MULTI_CURRENCY_OPTIONS } from "@paydesk/contract/multi-currency";
import type { CreatePaymentIntentBody, PaymentMethodInput } from "@paydesk/contract/payment-intents";
import { isExpiryPast } from "@paydesk/domain/test-cards";
import type { Kysely } from "kysely";
import { z } from "zod";
import { loadAccount } from "../../accounts/account.ts";
import { externalAccountsOf, fraudProtectionOf, storedSettingsOf } from "../../accounts/documents.ts";
import { accountFeesOf, standardAccountFee } from "../../accounts/fees.ts";
import type { Db } from "../../db/connection.ts";
import type { AccountsTable, Database } from "../../db/schema.ts";
import { countryOfIp } from "../../geoip/country.ts";
import { QUOTED_CURRENCIES, sandboxRate } from "../../ledger/exchange-rates.ts";
import { readOption, writeOptions } from "../../wp/queries.ts";
import { IntakeInvalid, IntakeStateError } from "../processor.ts";
import { type IntakeContext, type PaymentPlan, planPayment } from "./intake-plan.ts";

const FINGERPRINT_KEY_OPTION = "paydesk_card_fingerprint_key";

async function fingerprintKey(db: Kysely<Database>, accountId: string): Promise<string> {
	const stored = await readOption(db, accountId, FINGERPRINT_KEY_OPTION, z.string(), "");
	if (stored.length >= 32) return stored;
	await writeOptions(db, accountId, { [FINGERPRINT_KEY_OPTION]: randomBytes(32).toString("hex") });
	return readOption(db, accountId, FINGERPRINT_KEY_OPTION, z.string(), "");
}

/** Currencies the account accepts: its own, its bank accounts', and its enabled currencies. */
export async function acceptedCurrencies(
	db: Kysely<Database>,
	account: AccountsTable,
): Promise<{ accepted: string[]; settlement: string[] }> {
	const settlement = [
		account.default_currency.toLowerCase(),
		...externalAccountsOf(account)
			.map((bank) => bank.currency?.toLowerCase())
			.filter((code): code is string => !!code),
	];
	const enabled = await readOption(db, account.id, MULTI_CURRENCY_OPTIONS.enabled, z.array(z.string()), []);
	const extra = enabled.filter((code) => QUOTED_CURRENCIES.includes(code));
	const accepted = [...new Set([...settlement, ...extra.map((code) => code.toLowerCase())])];
	return { accepted, settlement: [...new Set(settlement)] };
}

export interface PreparedPayment {
	plan: PaymentPlan;
	/** The country of the customer's IP address, as the rules judged it. */
	ipCountry: string | null;
}

/**
 * Checks a payment against the account (connected, currency, method, expiry) and plans it with
 * the account's rules, fees and rates; throws IntakeInvalid or IntakeStateError to refuse it.
 */
/** A payment as the sandbox takes it: with the card's (or other method's) details. */
export type CardPaymentBody = CreatePaymentIntentBody & { payment_method: PaymentMethodInput };

/**
 * The body with its payment method's details; a PaymentMethod id (pm_…) is refused, as only an
 * account connected to its own Stripe account takes one.
 */
export function withMethodDetails(body: CreatePaymentIntentBody): CardPaymentBody {
	const method = body.payment_method;
	if (method === undefined) {
		throw new IntakeInvalid({
			payment_method_id:
				"payment_method_id: a PaymentMethod id (pm_…) is taken for an account connected to its own Stripe account; a sandbox account takes the card's details in payment_method.",
		});
	}
	return { ...body, payment_method: method };
}

export async function preparePayment(
	db: Db,
	accountId: string,
	body: CardPaymentBody,
	now: number,
): Promise<PreparedPayment> {
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
		isExpiryPast(method.card.exp_month, method.card.exp_year, new Date(now * 1000))
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
	const settings = storedSettingsOf(account.settings);
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
	const fraud = fraudProtectionOf(account);
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
		declineOnCVCFailure: fraud.declineOnCVCFailure,
		declineOnAVSFailure: fraud.declineOnAVSFailure,
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
		nowMs: now * 1000,
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
	return { plan, ipCountry };
}
