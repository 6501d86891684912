/**
 * The settings entity of spec 2 §3 over the accounts row: the stored JSON (accounts.settings)
 * completed with defaults, and the fields the account owns read from their own columns, so
 * the settings page, GET /accounts and the payout screens tell one story.
 */
import type { AccountStatus } from "@paydesk/contract/accounts";
import {
	DEFAULT_BORDER_RADIUS,
	DEFAULT_DEPOSIT_DELAY_DAYS,
	type PaymentSettings,
	settingsEntity,
} from "@paydesk/contract/settings";
import { PAYMENT_METHOD_TYPES } from "@paydesk/domain/payment-methods";
import type { AccountsTable } from "../../db/schema.ts";
import { parseJson } from "../../processor/account.ts";

export type Schedule = AccountStatus["depositsSchedule"];

export const DEFAULT_SCHEDULE: Schedule = {
	interval: "daily",
	delay_days: DEFAULT_DEPOSIT_DELAY_DAYS,
	weekly_anchor: null,
	monthly_anchor: null,
};

/** What a store that never saved its settings has (the card on, everything else as WCPay ships). */
function defaults(row: AccountsTable): Omit<PaymentSettings, "is_test_mode_enabled"> {
	return {
		is_wcpay_enabled: row.payments_enabled === 1,
		enabled_payment_method_ids: ["card"],
		available_payment_method_ids: [...PAYMENT_METHOD_TYPES],
		duplicated_payment_method_ids: [],
		payment_method_statuses: Object.fromEntries(
			PAYMENT_METHOD_TYPES.map((id) => [
				`${id}_payments`,
				{ status: id === "card" ? "active" : "unrequested", requirements: [] },
			]),
		),
		account_statement_descriptor: row.name.toUpperCase().slice(0, 22),
		account_statement_descriptor_kanji: "",
		account_statement_descriptor_kana: "",
		account_business_support_email: "",
		account_business_support_phone: "",
		account_domestic_currency: row.default_currency,
		deposit_schedule_interval: DEFAULT_SCHEDULE.interval,
		deposit_schedule_weekly_anchor: null,
		deposit_schedule_monthly_anchor: null,
		deposit_delay_days: DEFAULT_DEPOSIT_DELAY_DAYS,
		deposit_completed_waiting_period: false,
		deposit_status: row.deposits_status,
		deposit_restrictions: "deposits_unrestricted",
		is_manual_capture_enabled: false,
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
		is_wcpay_subscriptions_eligible: row.country === "US",
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

export function scheduleOf(row: AccountsTable): Schedule {
	return { ...DEFAULT_SCHEDULE, ...parseJson<Partial<Schedule>>(row.deposits_schedule, {}) };
}

/** The entity a merchant reads: stored values over defaults, account-owned fields from the account. */
export function settingsOf(row: AccountsTable): PaymentSettings {
	const stored = parseJson<Partial<PaymentSettings>>(row.settings, {});
	const schedule = scheduleOf(row);
	const merged = {
		...defaults(row),
		...stored,
		// Owned by the account: the stored copy (if any) never wins.
		is_test_mode_enabled: row.test_mode === 1,
		account_domestic_currency: row.default_currency,
		deposit_schedule_interval: schedule.interval,
		deposit_schedule_weekly_anchor: schedule.weekly_anchor,
		deposit_schedule_monthly_anchor: schedule.monthly_anchor,
		deposit_delay_days: schedule.delay_days ?? DEFAULT_DEPOSIT_DELAY_DAYS,
		deposit_completed_waiting_period: row.completed_waiting_period === 1,
		deposit_status: row.deposits_status,
		deposit_restrictions: row.deposits_blocked === 1 ? "deposits_blocked" : "deposits_unrestricted",
		is_test_mode_onboarding: row.test_mode_onboarding === 1,
	};
	// Anything malformed in the stored JSON falls back to its default rather than failing the page.
	const checked = settingsEntity.safeParse(merged);
	if (checked.success) return checked.data;
	const repaired: Record<string, unknown> = { ...merged };
	const fallback = defaults(row) as Record<string, unknown>;
	for (const issue of checked.error.issues) {
		const field = issue.path[0];
		if (typeof field === "string") repaired[field] = fallback[field] ?? null;
	}
	return settingsEntity.parse(repaired);
}
