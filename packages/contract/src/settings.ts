/**
 * The settings entity of spec 2 §3 (read and saved as one object) and its calls (spec 2 §7,
 * spec 3 §7).
 *
 * Choices where the spec is silent:
 * - GET /settings answers the whole entity. Fields the account owns are read from it, so every
 *   screen agrees: the payout schedule (deposit_schedule_*, deposit_delay_days) is the account's
 *   deposits_schedule, the one GET /accounts and the payout screens show; deposit_status,
 *   deposit_restrictions, deposit_completed_waiting_period, account_domestic_currency and
 *   is_test_mode_onboarding come from the account as well.
 * - POST /settings takes the entity (or any part of it) and answers `{ data: <entity> }`, whose
 *   payment_method_statuses the admin reads back. Read-only fields may be sent and are ignored.
 *   Every writable field is validated; a bad value is refused with 400 rest_invalid_param whose
 *   data.params names the field and says what is wrong.
 * - Enabling an unrequested payment method requests it from the sandbox partner: it becomes
 *   active, or pending (approval) when it has requirements. An inactive method cannot be newly
 *   enabled, and the card cannot be disabled (spec 3 §5.3: card is required).
 * - A payout schedule cannot change while payouts are restricted or the waiting period runs.
 *   A weekly schedule needs its weekday, a monthly one its day (1–31, 31 = the last day); the
 *   monthly anchor is sent as null when empty (spec 2 §5).
 * - Saving advanced_fraud_protection_settings sets the account's declineOnAVSFailure to whether
 *   an AVS rule exists (spec 3 §4.5); saving is_test_mode_enabled sets the account's test mode.
 * - POST /settings/{option} saves one of the flags of packages/contract/options (spec 3 §7)
 *   with { value: true | false }; any other option name is refused.
 * - POST /settings/schedule-stripe-billing-migration moves the store's Stripe Billing
 *   subscriptions to on-site billing; the sandbox does it at once and answers the new counts.
 */
import { PAYMENT_METHOD_TYPES } from "@paydesk/domain/payment-methods";
import { z } from "zod";
import { protectionLevel, protectionRule, protectionRules } from "./fraud-protection.ts";
import { OPTION_NOT_MANAGED, SETTING_FLAG_OPTIONS } from "./options.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const SETTINGS_ERRORS = {
	accountNotFound: "wcpay_account_not_found",
	nothingToMigrate: "wcpay_stripe_billing_nothing_to_migrate",
} as const;

export const DEPOSIT_INTERVALS = ["daily", "weekly", "monthly"] as const;
/** Payouts reach banks on business days: a weekly payout is anchored on a weekday. */
export const WEEKLY_ANCHORS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
export const BUTTON_LOCATIONS = ["product", "cart", "checkout"] as const;
export const BUTTON_TYPES = ["default", "buy", "donate", "book", "pay"] as const;
export const BUTTON_SIZES = ["small", "medium", "large"] as const;
export const BUTTON_THEMES = ["dark", "light", "light-outline"] as const;
/** Spec 2 §9. */
export const DEFAULT_DEPOSIT_DELAY_DAYS = 7;
export const DEFAULT_BORDER_RADIUS = 4;

/** The special characters no statement descriptor may contain: < > \ ' " * (also full-width). */
const DESCRIPTOR_FORBIDDEN = /[<>\\'"*\uff1c\uff1e\uff3c\uff07\uff02\uff0a]/;
const DESCRIPTOR_FORBIDDEN_ERROR = "must not contain < > \\ ' \" or *";

/** Stripe's statement descriptor rules: 5–22 Latin characters, a letter, none of < > \ ' " *. */
export const statementDescriptor = z
	.string()
	.trim()
	.min(5, { error: "must be at least 5 characters" })
	.max(22, { error: "must be at most 22 characters" })
	.refine((value) => /^[\x20-\x7e]*$/.test(value), { error: "must use Latin characters only" })
	.refine((value) => !DESCRIPTOR_FORBIDDEN.test(value), { error: DESCRIPTOR_FORBIDDEN_ERROR })
	.refine((value) => /[A-Za-z]/.test(value), { error: "must contain at least one letter" });

/**
 * Japanese accounts also carry kanji (up to 17) and kana (up to 22) descriptors; empty elsewhere.
 * The kanji descriptor may mix kanji, kana and Latin characters, but, like every statement
 * descriptor, none of < > \ ' " * (half- or full-width) and no control characters.
 */
export const statementDescriptorKanji = z
	.string()
	.trim()
	.max(17, { error: "must be at most 17 characters" })
	.refine((value) => !/\p{Cc}/u.test(value), { error: "must not contain control characters" })
	.refine((value) => !DESCRIPTOR_FORBIDDEN.test(value), { error: DESCRIPTOR_FORBIDDEN_ERROR });

export const statementDescriptorKana = z
	.string()
	.trim()
	.max(22, { error: "must be at most 22 characters" })
	.refine(
		(value) =>
			/^[\u30a0-\u30ff\uff61-\uff9f\uff10-\uff19\uff21-\uff3a0-9A-Z ()\-./\u3000（）－．／]*$/.test(value),
		{
			error: "must use katakana, digits, upper-case Latin letters, spaces and ( ) - . / only",
		},
	);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const supportEmail = z
	.string()
	.trim()
	.max(254, { error: "must be at most 254 characters" })
	.refine((value) => value === "" || EMAIL.test(value), { error: "must be a valid e-mail address" });

/** An international number: an optional +, 7 to 15 digits, spaces, dashes, dots and brackets. */
export const supportPhone = z
	.string()
	.trim()
	.refine(
		(value) => {
			if (value === "") return true;
			const digits = value.replace(/\D/g, "").length;
			return /^\+?[\d\s().-]+$/.test(value) && digits >= 7 && digits <= 15;
		},
		{ error: "must be a phone number of 7 to 15 digits, optionally starting with +" },
	);

export const monthlyAnchor = z
	.number({ error: "must be a day of the month or null" })
	.int({ error: "must be a whole day of the month" })
	.min(1, { error: "must be between 1 and 31" })
	.max(31, { error: "must be between 1 and 31 (31 means the last day of the month)" })
	.nullable();

export const borderRadius = z
	.number({ error: "must be a number of pixels" })
	.min(0, { error: "must be 0 or more" })
	.max(100, { error: "must be at most 100" });

export const paymentMethodStatusEntry = z.object({ status: z.string(), requirements: z.array(z.string()) });

const methodIds = z
	.array(z.string().regex(/^[a-z_]{2,40}$/, { error: "must be payment method ids" }))
	.max(40);
const locations = z.array(z.enum(BUTTON_LOCATIONS)).max(BUTTON_LOCATIONS.length);

/** The fields a merchant may change, each with its rule. */
export const writableSettings = {
	is_wcpay_enabled: z.boolean(),
	enabled_payment_method_ids: methodIds,
	account_statement_descriptor: statementDescriptor,
	account_statement_descriptor_kanji: statementDescriptorKanji,
	account_statement_descriptor_kana: statementDescriptorKana,
	account_business_support_email: supportEmail,
	account_business_support_phone: supportPhone,
	deposit_schedule_interval: z.enum(DEPOSIT_INTERVALS),
	deposit_schedule_weekly_anchor: z.enum(WEEKLY_ANCHORS).nullable(),
	deposit_schedule_monthly_anchor: monthlyAnchor,
	is_manual_capture_enabled: z.boolean(),
	is_test_mode_enabled: z.boolean(),
	is_debug_log_enabled: z.boolean(),
	is_multi_currency_enabled: z.boolean(),
	is_saved_cards_enabled: z.boolean(),
	is_payment_request_enabled: z.boolean(),
	payment_request_enabled_locations: locations,
	payment_request_button_type: z.enum(BUTTON_TYPES),
	payment_request_button_size: z.enum(BUTTON_SIZES),
	payment_request_button_theme: z.enum(BUTTON_THEMES),
	payment_request_button_border_radius: borderRadius,
	is_wcpay_subscriptions_enabled: z.boolean(),
	is_stripe_billing_enabled: z.boolean(),
	is_woopay_enabled: z.boolean(),
	is_woopay_global_theme_support_enabled: z.boolean(),
	woopay_custom_message: z.string().max(100, { error: "must be at most 100 characters" }),
	woopay_store_logo: z.string().max(2048, { error: "must be at most 2048 characters" }),
	woopay_enabled_locations: locations,
	current_protection_level: protectionLevel,
	advanced_fraud_protection_settings: protectionRules,
};

/** Fields shown but owned by the account or the partner. */
const readOnlySettings = {
	available_payment_method_ids: z.array(z.string()),
	duplicated_payment_method_ids: z.array(z.string()),
	payment_method_statuses: z.record(z.string(), paymentMethodStatusEntry),
	account_domestic_currency: z.string(),
	deposit_delay_days: z.number().int(),
	deposit_completed_waiting_period: z.boolean(),
	deposit_status: z.string(),
	deposit_restrictions: z.string(),
	is_test_mode_onboarding: z.boolean(),
	is_dev_mode_enabled: z.boolean(),
	is_card_present_eligible: z.boolean(),
	is_wcpay_subscriptions_eligible: z.boolean(),
	is_subscriptions_plugin_active: z.boolean(),
	is_migrating_stripe_billing: z.boolean(),
	stripe_billing_subscription_count: z.number().int(),
	stripe_billing_migrated_count: z.number().int(),
	show_woopay_incompatibility_notice: z.boolean(),
};

export const settingsEntity = z.object({
	...writableSettings,
	account_statement_descriptor: z.string(),
	account_statement_descriptor_kanji: z.string(),
	account_statement_descriptor_kana: z.string(),
	account_business_support_email: z.string(),
	account_business_support_phone: z.string(),
	deposit_schedule_interval: z.string(),
	deposit_schedule_weekly_anchor: z.string().nullable(),
	advanced_fraud_protection_settings: z.array(protectionRule),
	...readOnlySettings,
});
export type PaymentSettings = z.infer<typeof settingsEntity>;

export const settingsUpdate = z.object(writableSettings).partial();
export type SettingsUpdate = z.output<typeof settingsUpdate>;
export type WritableSettingKey = keyof typeof writableSettings;

const SETTINGS = `${REST_BASE}/settings`;

export const getPaymentSettings = defineRoute({
	method: "GET",
	path: SETTINGS,
	summary: "The payment settings entity",
	tag: "settings",
	response: settingsEntity,
	errors: [SETTINGS_ERRORS.accountNotFound],
});

export const savePaymentSettings = defineRoute({
	method: "POST",
	path: SETTINGS,
	summary: "Save the payment settings (all or part of the entity)",
	tag: "settings",
	body: settingsUpdate,
	response: z.object({ data: settingsEntity }),
	errors: [SETTINGS_ERRORS.accountNotFound],
});

export const saveSettingOption = defineRoute({
	method: "POST",
	path: `${SETTINGS}/{option}`,
	summary: "Save one flag (multi-currency setup completed, dismissals)",
	tag: "settings",
	params: z.object({ option: z.enum(SETTING_FLAG_OPTIONS, { error: OPTION_NOT_MANAGED }) }),
	body: z.object({ value: z.boolean({ error: "must be true or false" }) }),
	response: z.object({ success: z.literal(true) }),
});

export const scheduleStripeBillingMigration = defineRoute({
	method: "POST",
	path: `${SETTINGS}/schedule-stripe-billing-migration`,
	summary: "Move Stripe Billing subscriptions to on-site billing",
	tag: "settings",
	response: z.object({
		success: z.literal(true),
		stripe_billing_subscription_count: z.number().int(),
		stripe_billing_migrated_count: z.number().int(),
	}),
	errors: [SETTINGS_ERRORS.nothingToMigrate],
});

/** The facts of a store its default payment settings depend on. */
export interface StoreFacts {
	paymentsEnabled: boolean;
	/** The account's name: its statement descriptor until the merchant sets one. */
	name: string;
	currency: string;
	depositStatus: string;
	/** Two-letter country code. */
	country: string;
	testMode: boolean;
}

/**
 * What a store that never saved its settings has (the card on, everything else as WCPay ships):
 * the one source of the settings' defaults, for the server, the demo store and the admin's tests.
 */
export function defaultPaymentSettings(store: StoreFacts): PaymentSettings {
	return {
		is_wcpay_enabled: store.paymentsEnabled,
		enabled_payment_method_ids: ["card"],
		available_payment_method_ids: [...PAYMENT_METHOD_TYPES],
		duplicated_payment_method_ids: [],
		payment_method_statuses: Object.fromEntries(
			PAYMENT_METHOD_TYPES.map((id) => [
				`${id}_payments`,
				{ status: id === "card" ? "active" : "unrequested", requirements: [] },
			]),
		),
		account_statement_descriptor: store.name.toUpperCase().slice(0, 22),
		account_statement_descriptor_kanji: "",
		account_statement_descriptor_kana: "",
		account_business_support_email: "",
		account_business_support_phone: "",
		account_domestic_currency: store.currency,
		deposit_schedule_interval: "daily",
		deposit_schedule_weekly_anchor: null,
		deposit_schedule_monthly_anchor: null,
		deposit_delay_days: DEFAULT_DEPOSIT_DELAY_DAYS,
		deposit_completed_waiting_period: false,
		deposit_status: store.depositStatus,
		deposit_restrictions: "deposits_unrestricted",
		is_manual_capture_enabled: false,
		is_test_mode_enabled: store.testMode,
		is_test_mode_onboarding: false,
		is_dev_mode_enabled: false,
		is_debug_log_enabled: false,
		is_multi_currency_enabled: false,
		is_saved_cards_enabled: true,
		is_card_present_eligible: false,
		is_payment_request_enabled: true,
		payment_request_enabled_locations: ["product", "cart", "checkout"],
		payment_request_button_type: "default",
		payment_request_button_size: "medium",
		payment_request_button_theme: "dark",
		payment_request_button_border_radius: DEFAULT_BORDER_RADIUS,
		is_wcpay_subscriptions_enabled: false,
		is_wcpay_subscriptions_eligible: store.country === "US",
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
