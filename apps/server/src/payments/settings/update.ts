/**
 * Applying a settings save to the account: the rules that span fields (the zod contract checks
 * each field alone), the payment method requests to the sandbox partner, and the columns the
 * account owns (payout schedule, fraud flags, test mode).
 */
import type { PaymentSettings, SettingsUpdate } from "@paydesk/contract/settings";
import { declinesOnAvs } from "@paydesk/domain/fraud-rules";
import { methodStatus, requestedStatus } from "@paydesk/domain/payment-method-enablement";
import { paymentMethodLabel } from "@paydesk/domain/payment-methods";
import {
	type DepositsSchedule,
	depositsScheduleOf,
	fraudProtectionOf,
	storedSettingsOf,
} from "../../accounts/documents.ts";
import type { AccountsTable } from "../../db/schema.ts";
import { invalidParams } from "../../http/rest-error.ts";
import { settingsOf } from "./entity.ts";

/** Read-only fields are the account's; they are never written into the stored JSON. */
const ACCOUNT_OWNED: readonly (keyof PaymentSettings)[] = [
	"account_domestic_currency",
	"deposit_schedule_interval",
	"deposit_schedule_weekly_anchor",
	"deposit_schedule_monthly_anchor",
	"deposit_delay_days",
	"deposit_completed_waiting_period",
	"deposit_status",
	"deposit_restrictions",
	"is_test_mode_onboarding",
];

/**
 * The JSON kept in accounts.settings: the entity without what the account's columns hold. Keys
 * the entity does not know (the fee schedule, the store's time zone) are kept as they were.
 */
export function storedSettingsJson(settings: PaymentSettings, previous?: string | null): string {
	const stored: Record<string, unknown> = {
		...storedSettingsOf(previous),
		...settings,
	};
	for (const key of ACCOUNT_OWNED) delete stored[key];
	return JSON.stringify(stored);
}

const refuse = (field: string, message: string) => invalidParams({ [field]: `${field} ${message}` });

function enabledMethods(current: PaymentSettings, requested: string[]): PaymentSettings {
	const ids = [...new Set(requested)];
	for (const id of ids) {
		if (!current.available_payment_method_ids.includes(id))
			throw refuse("enabled_payment_method_ids", `holds ${id}, which is not available to this account`);
	}
	if (!ids.includes("card"))
		throw refuse("enabled_payment_method_ids", "must include card, which every store accepts");
	const statuses = { ...current.payment_method_statuses };
	for (const id of ids) {
		if (current.enabled_payment_method_ids.includes(id)) continue;
		const status = methodStatus(statuses, id);
		if (status.status === "inactive")
			throw refuse(
				"enabled_payment_method_ids",
				`holds ${id}: ${paymentMethodLabel(id)} needs more information before it can be enabled`,
			);
		statuses[`${id}_payments`] = requestedStatus(status);
	}
	return { ...current, enabled_payment_method_ids: ids, payment_method_statuses: statuses };
}

function nextSchedule(row: AccountsTable, update: SettingsUpdate): DepositsSchedule {
	const current = depositsScheduleOf(row);
	const next: DepositsSchedule = {
		...current,
		interval: update.deposit_schedule_interval ?? current.interval,
		weekly_anchor:
			update.deposit_schedule_weekly_anchor === undefined
				? current.weekly_anchor
				: update.deposit_schedule_weekly_anchor,
		monthly_anchor:
			update.deposit_schedule_monthly_anchor === undefined
				? current.monthly_anchor
				: update.deposit_schedule_monthly_anchor,
	};
	const changed = (["interval", "weekly_anchor", "monthly_anchor"] as const).filter(
		(key) => next[key] !== current[key],
	);
	if (changed.length === 0) return current;
	const field = `deposit_schedule_${changed[0]}`;
	if (row.deposits_blocked === 1 || row.completed_waiting_period !== 1)
		throw refuse(field, "cannot change while payouts are restricted or the first payout is on hold");
	if (next.interval === "weekly" && !next.weekly_anchor)
		throw refuse("deposit_schedule_weekly_anchor", "is required for a weekly schedule");
	if (next.interval === "monthly" && next.monthly_anchor === null)
		throw refuse("deposit_schedule_monthly_anchor", "is required for a monthly schedule");
	return next;
}

export interface AccountChanges {
	settings: PaymentSettings;
	columns: Pick<AccountsTable, "settings" | "fraud_protection" | "test_mode">;
	/** The payout schedule asked for, when it differs from the account's: the processor keeps it. */
	schedule: DepositsSchedule | null;
}

/** The account's new columns after a save, or a 400 naming the field that cannot be saved. */
export function applySettingsUpdate(row: AccountsTable, update: SettingsUpdate): AccountChanges {
	const current = settingsOf(row);
	let next: PaymentSettings = { ...current };
	for (const [key, value] of Object.entries(update)) {
		if (value !== undefined && key !== "enabled_payment_method_ids") {
			(next as Record<string, unknown>)[key] = value;
		}
	}
	if (update.enabled_payment_method_ids)
		next = { ...enabledMethods(next, update.enabled_payment_method_ids) };
	if (next.current_protection_level === "advanced" && next.advanced_fraud_protection_settings.length === 0)
		throw refuse(
			"current_protection_level",
			"advanced needs at least one rule in advanced_fraud_protection_settings",
		);

	const schedule = nextSchedule(row, update);
	const fraud = fraudProtectionOf(row);
	if (update.advanced_fraud_protection_settings !== undefined)
		fraud.declineOnAVSFailure = declinesOnAvs(next.advanced_fraud_protection_settings);

	const columns = {
		settings: storedSettingsJson(next, row.settings),
		fraud_protection: JSON.stringify(fraud),
		test_mode: next.is_test_mode_enabled ? 1 : 0,
	};
	const before = depositsScheduleOf(row);
	const changed = (["interval", "weekly_anchor", "monthly_anchor"] as const).some(
		(key) => schedule[key] !== before[key],
	)
		? schedule
		: null;
	const deposits_schedule = JSON.stringify(schedule);
	return { settings: settingsOf({ ...row, ...columns, deposits_schedule }), columns, schedule: changed };
}
