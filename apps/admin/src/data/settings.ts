/**
 * The settings entity (spec 2 §3) through TanStack Query, shared by the settings page, the
 * fraud protection page and the payment methods wizard: one cache entry, one save. A save
 * refreshes what other screens read from the same account (the payout schedule on GET
 * /accounts and the page settings, the fraud flags), so they agree without a reload. The
 * transactions screen and the fraud protection page read it without a notice of their own.
 */
import { depositsSchedule } from "@paydesk/contract/accounts";
import type { PageSettings } from "@paydesk/contract/page-settings";
import type { BodyOf } from "@paydesk/contract/route";
import {
	DEPOSIT_INTERVALS,
	getPaymentSettings,
	type PaymentSettings,
	savePaymentSettings,
	scheduleStripeBillingMigration,
	WEEKLY_ANCHORS,
} from "@paydesk/contract/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { ApiError, callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";
import { getSettings, setSettings } from "../app/settings.ts";

export function usePaymentSettings(options: { errorNotice?: boolean } = {}) {
	const notify = options.errorNotice ?? true;
	return useQuery({
		queryKey: queryKeys.settings(),
		queryFn: ({ signal }) => callRoute(getPaymentSettings, { signal }),
		meta: notify
			? { errorNotice: { message: __("Error retrieving settings.", "paydesk"), id: "settings-load" } }
			: {},
	});
}

/** The page settings other screens read at first paint, brought in line with saved settings. */
function syncPageSettings(saved: PaymentSettings): void {
	const page: PageSettings = getSettings();
	const status = page.accountStatus;
	if (!status) return;
	const interval = depositsSchedule.shape.interval.safeParse(saved.deposit_schedule_interval);
	setSettings({
		...page,
		testMode: saved.is_test_mode_enabled,
		accountStatus: {
			...status,
			deposits: { ...status.deposits, interval: saved.deposit_schedule_interval },
			depositsSchedule: {
				interval: interval.success ? interval.data : status.depositsSchedule.interval,
				delay_days: saved.deposit_delay_days,
				weekly_anchor: saved.deposit_schedule_weekly_anchor,
				monthly_anchor: saved.deposit_schedule_monthly_anchor,
			},
			fraudProtection: {
				...status.fraudProtection,
				declineOnAVSFailure: saved.advanced_fraud_protection_settings.some(
					(rule) => rule.key === "avs_verification",
				),
			},
		},
	});
}

/** 'Error saving settings.' followed by what the server said was wrong (spec 2 §8). */
export function saveErrorText(error: unknown): string {
	const base = __("Error saving settings.", "paydesk");
	if (!(error instanceof ApiError)) return base;
	const params = error.data.params as Record<string, string> | undefined;
	const detail = params ? Object.values(params).join("; ") : error.message;
	return detail ? `${base} ${detail}` : base;
}

export type PaymentSettingsUpdate = BodyOf<typeof savePaymentSettings>;

const isOneOf = <T extends string>(words: readonly T[], value: string | null): value is T =>
	(words as readonly (string | null)[]).includes(value);

/**
 * The settings as the save route takes them. The entity reads the payout schedule as free text,
 * the route takes only the words it knows; a value outside them is left out rather than sent.
 */
export function paymentSettingsUpdate(settings: PaymentSettings): PaymentSettingsUpdate {
	const { deposit_schedule_interval: interval, deposit_schedule_weekly_anchor: anchor, ...rest } = settings;
	return {
		...rest,
		...(isOneOf(DEPOSIT_INTERVALS, interval) && { deposit_schedule_interval: interval }),
		...((anchor === null || isOneOf(WEEKLY_ANCHORS, anchor)) && { deposit_schedule_weekly_anchor: anchor }),
	};
}

export function useSavePaymentSettings() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (body: PaymentSettingsUpdate) => callRoute(savePaymentSettings, { body }),
		onSuccess: ({ data }) => {
			client.setQueryData(queryKeys.settings(), data);
			syncPageSettings(data);
			void client.invalidateQueries({ queryKey: queryKeys.account() });
			void client.invalidateQueries({ queryKey: queryKeys.deposits.overview() });
		},
	});
}

/** Moves the Stripe Billing subscriptions to on-site billing. */
export function useStripeBillingMigration() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: () => callRoute(scheduleStripeBillingMigration),
		onSuccess: () => {
			void client.invalidateQueries({ queryKey: queryKeys.settings() });
			createNotice("success", __("Subscriptions moved to on-site billing.", "paydesk"));
		},
		onError: () => createNotice("error", __("Error starting the Stripe Billing migration.", "paydesk")),
	});
}
