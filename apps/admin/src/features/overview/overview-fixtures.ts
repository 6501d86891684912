/** A connected store's account status and page settings, for the overview's component tests. */
import type { AccountStatus } from "@paydesk/contract/accounts";
import { testSettings } from "../../testing/settings.ts";

export function accountStatus(overrides: Partial<AccountStatus> = {}): AccountStatus {
	return {
		id: "acct_test",
		status: "complete",
		isLive: true,
		testMode: false,
		paymentsEnabled: true,
		detailsSubmitted: true,
		deposits: {
			status: "enabled",
			interval: "daily",
			completed_waiting_period: true,
			restrictions: "deposits_unrestricted",
		},
		depositsSchedule: { interval: "daily", delay_days: 2, weekly_anchor: null, monthly_anchor: null },
		depositsBlocked: false,
		defaultExternalAccounts: [{ currency: "usd", status: "verified" }],
		currentDeadline: null,
		pastDue: false,
		accountLink: "/sandbox-partner/account?account=acct_test",
		requirements: { errors: [] },
		created: "2025-03-01T10:00:00.000Z",
		country: "US",
		defaultCurrency: "usd",
		hasSubmittedVatData: false,
		progressiveOnboarding: { isEnabled: false, isComplete: true, tpv: 0, firstTransactionDate: null },
		fraudProtection: { declineOnAVSFailure: false, declineOnCVCFailure: true },
		safeMode: false,
		campaigns: { wporg_review_2025: true },
		...overrides,
	};
}

export function overviewSettings(
	status: Partial<AccountStatus> = {},
	rest: Parameters<typeof testSettings>[0] = {},
) {
	return testSettings({ accountStatus: accountStatus(status), enabledPaymentMethods: ["card"], ...rest });
}
