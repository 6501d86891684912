/**
 * The settings entity of spec 2 §3 over the accounts row: the stored JSON (accounts.settings)
 * completed with defaults, and the fields the account owns read from their own columns, so
 * the settings page, GET /accounts and the payout screens tell one story.
 */
import {
	DEFAULT_DEPOSIT_DELAY_DAYS,
	defaultPaymentSettings,
	type PaymentSettings,
	settingsEntity,
} from "@paydesk/contract/settings";
import { depositsScheduleOf } from "../../accounts/documents.ts";
import { jsonObject, parseJsonColumn } from "../../db/json.ts";
import type { AccountsTable } from "../../db/schema.ts";

/** accounts.settings as a whole: settingsOf checks its fields against the entity, one by one. */
const savedSettings = jsonObject.describe("accounts.settings");

/** The defaults of this account's settings (contract/settings.ts). */
function defaults(row: AccountsTable): PaymentSettings {
	return defaultPaymentSettings({
		paymentsEnabled: row.payments_enabled === 1,
		name: row.name,
		currency: row.default_currency,
		depositStatus: row.deposits_status,
		country: row.country,
		testMode: row.test_mode === 1,
	});
}

/** The entity a merchant reads: stored values over defaults, account-owned fields from the account. */
export function settingsOf(row: AccountsTable): PaymentSettings {
	const stored = parseJsonColumn(savedSettings, row.settings, {});
	const schedule = depositsScheduleOf(row);
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
