/** The Settings entity of spec 2 §3 with the defaults of a store that has been live for a while. */
import { defaultPaymentSettings, type PaymentSettings } from "@paydesk/contract/settings";
import { PAYMENT_METHOD_TYPES } from "@paydesk/domain/payment-methods";
import { STORE_NAME } from "./store-name.ts";

/**
 * WooCommerce's general settings of the demo store (its account is in the US and settles in
 * USD): an address in San Francisco; selling and currency options are WooCommerce's defaults.
 */
export const DEMO_STORE_ADDRESS = {
	woocommerce_store_address: "60 29th Street #343",
	woocommerce_store_address_2: "",
	woocommerce_store_city: "San Francisco",
	woocommerce_default_country: "US:CA",
	woocommerce_store_postcode: "94110",
	woocommerce_currency: "USD",
} as const;

/** Capability status per payment method (spec 3 §3.8), keyed by the method's processor key. */
const METHOD_STATUS: Record<string, string> = {
	card: "active",
	card_present: "active",
	link: "active",
	sepa_debit: "active",
	ideal: "active",
	bancontact: "active",
	eps: "active",
	p24: "active",
	giropay: "inactive",
	sofort: "pending",
	klarna: "active",
	afterpay_clearpay: "active",
	affirm: "active",
	multibanco: "pending_verification",
	alipay: "unrequested",
	wechat_pay: "unrequested",
	au_becs_debit: "unrequested",
	grabpay: "unrequested",
};

const METHOD_REQUIREMENTS: Record<string, string[]> = {
	giropay: ["company.tax_id"],
	multibanco: ["individual.id_number", "business_profile.url"],
};

export function paymentMethodStatuses(): Record<string, { status: string; requirements: string[] }> {
	const statuses: Record<string, { status: string; requirements: string[] }> = {};
	for (const id of PAYMENT_METHOD_TYPES) {
		statuses[`${id}_payments`] = {
			status: METHOD_STATUS[id] ?? "unrequested",
			requirements: METHOD_REQUIREMENTS[id] ?? [],
		};
	}
	return statuses;
}

/**
 * The demo store's saved settings: the defaults every store has (contract/settings.ts) with what
 * a store live for a while has changed — Link on, support contacts, multi-currency,
 * subscriptions and in-person payments, and its methods' capability statuses.
 */
export function defaultSettings(): PaymentSettings {
	return {
		...defaultPaymentSettings({
			paymentsEnabled: true,
			name: STORE_NAME,
			currency: "usd",
			depositStatus: "enabled",
			country: "US",
			testMode: false,
		}),
		enabled_payment_method_ids: ["card", "link"],
		payment_method_statuses: paymentMethodStatuses(),
		account_business_support_email: "support@paydesk.example",
		account_business_support_phone: "+1 415 555 0134",
		deposit_schedule_weekly_anchor: "monday",
		deposit_completed_waiting_period: true,
		is_multi_currency_enabled: true,
		is_card_present_eligible: true,
		is_wcpay_subscriptions_enabled: true,
	};
}
