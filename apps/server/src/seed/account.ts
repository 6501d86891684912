/** The accounts row of the demo store, connected (live for about 20 months) or not yet connected. */
import type { AccountsTable } from "../db/schema.ts";
import { BANK_LAST4 } from "./catalog-payments.ts";
import { defaultSettings } from "./settings.ts";
import { STORE_NAME } from "./store-name.ts";

const FEATURE_FLAGS = {
	documents: true,
	paymentTimeline: true,
	customSearch: true,
	isAuthAndCaptureEnabled: true,
	isPaymentOverviewWidgetEnabled: true,
	isFRTReviewFeatureActive: true,
	wcpaySubscriptions: true,
	multiCurrency: true,
	progressiveOnboarding: true,
};

export function accountRow(accountId: string, created: number, connected: boolean): AccountsTable {
	const externalAccounts = (["usd", "eur", "gbp"] as const).map((currency) => ({
		currency,
		status: "verified",
		bank_name: "STRIPE TEST BANK",
		last4: BANK_LAST4[currency],
	}));
	return {
		id: accountId,
		name: STORE_NAME,
		country: "US",
		default_currency: "usd",
		status: connected ? "complete" : "pending",
		connected: connected ? 1 : 0,
		payments_enabled: connected ? 1 : 0,
		deposits_status: connected ? "enabled" : "disabled",
		details_submitted: connected ? 1 : 0,
		test_mode: 0,
		test_mode_onboarding: 0,
		created,
		current_deadline: null,
		past_due: 0,
		requirements: "[]",
		progressive_onboarding: JSON.stringify({
			isEnabled: false,
			isComplete: connected,
			tpv: 0,
			firstTransactionDate: null,
		}),
		deposits_schedule: JSON.stringify({
			interval: "daily",
			delay_days: 2,
			weekly_anchor: "monday",
			monthly_anchor: null,
		}),
		deposits_blocked: 0,
		completed_waiting_period: connected ? 1 : 0,
		external_accounts: connected ? JSON.stringify(externalAccounts) : "[]",
		fraud_protection: JSON.stringify({ declineOnAVSFailure: false, declineOnCVCFailure: true }),
		vat_details: null,
		settings: JSON.stringify(defaultSettings()),
		feature_flags: JSON.stringify(FEATURE_FLAGS),
		safe_mode: 0,
		onboarding: "{}",
	};
}
