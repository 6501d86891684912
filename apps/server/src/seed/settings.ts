/** The Settings entity of spec 2 §3 with the defaults of a store that has been live for a while. */
import { PAYMENT_METHOD_IDS } from "./catalog-payments.ts";

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
	for (const id of PAYMENT_METHOD_IDS) {
		statuses[`${id}_payments`] = {
			status: METHOD_STATUS[id] ?? "unrequested",
			requirements: METHOD_REQUIREMENTS[id] ?? [],
		};
	}
	return statuses;
}

export function defaultSettings(): Record<string, unknown> {
	return {
		is_wcpay_enabled: true,
		enabled_payment_method_ids: ["card", "link"],
		available_payment_method_ids: [...PAYMENT_METHOD_IDS],
		duplicated_payment_method_ids: [],
		payment_method_statuses: paymentMethodStatuses(),
		account_statement_descriptor: "PAYDESK DEMO STORE",
		account_statement_descriptor_kanji: "",
		account_statement_descriptor_kana: "",
		account_business_support_email: "support@paydesk.example",
		account_business_support_phone: "+1 415 555 0134",
		account_domestic_currency: "usd",
		deposit_schedule_interval: "daily",
		deposit_schedule_weekly_anchor: "monday",
		deposit_schedule_monthly_anchor: null,
		deposit_delay_days: 7,
		deposit_completed_waiting_period: true,
		deposit_status: "enabled",
		deposit_restrictions: "deposits_unrestricted",
		is_manual_capture_enabled: false,
		is_test_mode_enabled: false,
		is_test_mode_onboarding: false,
		is_dev_mode_enabled: false,
		is_debug_log_enabled: false,
		is_multi_currency_enabled: true,
		is_saved_cards_enabled: true,
		is_card_present_eligible: true,
		is_payment_request_enabled: true,
		payment_request_enabled_locations: ["product", "cart", "checkout"],
		payment_request_button_type: "default",
		payment_request_button_size: "medium",
		payment_request_button_theme: "dark",
		payment_request_button_border_radius: 4,
		is_wcpay_subscriptions_enabled: true,
		is_wcpay_subscriptions_eligible: true,
		is_subscriptions_plugin_active: false,
		is_stripe_billing_enabled: false,
		is_migrating_stripe_billing: false,
		stripe_billing_subscription_count: 0,
		stripe_billing_migrated_count: 0,
		is_woopay_enabled: false,
		is_woopay_global_theme_support_enabled: false,
		woopay_custom_message: "",
		woopay_store_logo: "",
		woopay_enabled_locations: ["product", "cart", "checkout"],
		show_woopay_incompatibility_notice: false,
		current_protection_level: "basic",
		advanced_fraud_protection_settings: [],
	};
}
