/**
 * Helpers for the payment intake tests: a valid request body that each test changes a little,
 * the call itself, and the store's fraud rules set as the fraud protection page saves them.
 */
import type { CreatePaymentIntentBody, PaymentIntentResult } from "@paydesk/contract/payment-intents";
import {
	buildProtectionRules,
	type FraudFilters,
	NO_FRAUD_FILTERS,
	type SellingCountries,
} from "@paydesk/domain/fraud-rules";
import type { Kysely } from "kysely";
import type { Database } from "../../src/db/schema.ts";
import { SAMPLE_IP_BY_COUNTRY } from "../../src/geoip/sample-ips.ts";
import type { TestApp } from "../../src/testing/test-app.ts";

export const INTENTS = "/wp-json/wc/v3/payments/payment_intents";

/** Addresses whose country the bundled GeoIP database knows (checked in payment-intake tests). */
export const IP_OF = SAMPLE_IP_BY_COUNTRY as Record<string, string>;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export const BILLING = {
	name: "Jenny Rosen",
	email: "jenny@example.com",
	phone: "+1 555 0100",
	address: {
		line1: "510 Townsend St",
		city: "San Francisco",
		state: "CA",
		postal_code: "94103",
		country: "US",
	},
};

export function paymentBody(
	number = "4242 4242 4242 4242",
	overrides: Record<string, unknown> = {},
): DeepPartial<CreatePaymentIntentBody> & Record<string, unknown> {
	// The item is the whole amount (an order's items may not add up to more than it).
	const amount = overrides.amount ?? 5000;
	const itemTotal = typeof amount === "number" && Number.isInteger(amount) && amount > 0 ? amount : 0;
	return {
		amount: 5000,
		currency: "usd",
		payment_method: {
			type: "card",
			card: { number, exp_month: 12, exp_year: 2030, cvc: "123" },
			billing_details: BILLING,
		},
		order: { items: [{ name: "Canvas Tote Bag", quantity: 1, total: itemTotal }] },
		customer_ip: IP_OF.US,
		...overrides,
	};
}

export interface Answer {
	status: number;
	intent: PaymentIntentResult;
	error: { code: string; message: string; data: Record<string, unknown> } | null;
}

export async function pay(
	t: TestApp,
	headers: Record<string, string>,
	body: Record<string, unknown>,
	extraHeaders: Record<string, string> = {},
): Promise<Answer> {
	const response = await t.app.inject({
		method: "POST",
		url: INTENTS,
		headers: { ...headers, ...extraHeaders },
		payload: body,
	});
	const parsed = response.json() as Record<string, unknown>;
	if (response.statusCode === 200)
		return { status: 200, intent: parsed as unknown as PaymentIntentResult, error: null };
	const error = parsed as Answer["error"] & object;
	return {
		status: response.statusCode,
		intent: (error.data?.payment_intent ?? null) as PaymentIntentResult,
		error,
	};
}

/** Saves the filters as the fraud protection page does: rules, level and the AVS flag. */
export async function saveFraudFilters(
	db: Kysely<Database>,
	accountId: string,
	filters: Partial<FraudFilters>,
	options: { selling?: SellingCountries; declineOnCVCFailure?: boolean } = {},
): Promise<void> {
	const rules = buildProtectionRules(
		{ ...NO_FRAUD_FILTERS, ...filters },
		{ storeCurrency: "usd", selling: options.selling ?? { mode: "specific", countries: ["US"] } },
	);
	const account = await db
		.selectFrom("accounts")
		.select("settings")
		.where("id", "=", accountId)
		.executeTakeFirstOrThrow();
	const settings = {
		...JSON.parse(account.settings),
		current_protection_level: rules.length > 0 ? "advanced" : "basic",
		advanced_fraud_protection_settings: rules,
	};
	await db
		.updateTable("accounts")
		.set({
			settings: JSON.stringify(settings),
			fraud_protection: JSON.stringify({
				declineOnAVSFailure: rules.some((rule) => rule.key === "avs_verification"),
				declineOnCVCFailure: options.declineOnCVCFailure ?? true,
			}),
		})
		.where("id", "=", accountId)
		.execute();
}
