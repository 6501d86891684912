/**
 * Account status labels and the payments and payouts indicators of the account details card
 * (spec 3 §4.6), and which accounts hide the notifications banner, the tasks and the inbox
 * (spec 1 §4.4).
 *
 * Where the spec is silent: "pending" (details not yet submitted) reads as Pending like
 * pending_verification; a chip colour is chosen per label; the payments indicator is Enabled
 * while payments are on, Pending verification while the account still waits for verification,
 * and Disabled otherwise.
 */

export type StatusChip = "success" | "warning" | "primary" | "light" | "alert";

export type AccountStatusKey =
	| "complete"
	| "enabled"
	| "restricted_soon"
	| "pending_verification"
	| "restricted_partially"
	| "restricted"
	| "rejected"
	| "under_review"
	| "unknown";

export const ACCOUNT_STATUS_DISPLAY: Readonly<Record<AccountStatusKey, { label: string; chip: StatusChip }>> =
	{
		complete: { label: "Complete", chip: "success" },
		enabled: { label: "Enabled", chip: "success" },
		restricted_soon: { label: "Restricted soon", chip: "warning" },
		pending_verification: { label: "Pending", chip: "light" },
		restricted_partially: { label: "Restricted partially", chip: "warning" },
		restricted: { label: "Restricted", chip: "alert" },
		rejected: { label: "Rejected", chip: "light" },
		under_review: { label: "Under review", chip: "light" },
		unknown: { label: "Unknown", chip: "light" },
	};

/** What the account details need of the account status (GET /accounts, page settings). */
export interface AccountState {
	status: string;
	paymentsEnabled: boolean;
	detailsSubmitted: boolean;
	deposits: { status: string; interval: string };
	progressiveOnboarding: { isEnabled: boolean; isComplete: boolean };
}

/** Progressive onboarding started and not finished: the merchant sells before full verification. */
export function isProgressiveOnboardingIncomplete(
	account: Pick<AccountState, "progressiveOnboarding">,
): boolean {
	return account.progressiveOnboarding.isEnabled && !account.progressiveOnboarding.isComplete;
}

export function isRejected(status: string): boolean {
	return status.startsWith("rejected");
}

/** Spec 1 §4.4: rejected or under-review accounts hide the notifications banner, tasks and inbox. */
export function hidesActionAreas(status: string): boolean {
	return isRejected(status) || status === "under_review";
}

export function accountStatusKey(
	account: Pick<AccountState, "status" | "progressiveOnboarding">,
): AccountStatusKey {
	const { status } = account;
	if (isRejected(status)) return "rejected";
	// A restricted account still inside progressive onboarding is waiting for verification.
	if (status === "restricted" && isProgressiveOnboardingIncomplete(account)) return "pending_verification";
	if (status === "pending") return "pending_verification";
	if (status in ACCOUNT_STATUS_DISPLAY && status !== "unknown" && status !== "rejected") {
		return status as AccountStatusKey;
	}
	return "unknown";
}

export function accountStatusDisplay(account: Pick<AccountState, "status" | "progressiveOnboarding">): {
	label: string;
	chip: StatusChip;
} {
	return ACCOUNT_STATUS_DISPLAY[accountStatusKey(account)];
}

export type PaymentsIndicator = "Enabled" | "Pending verification" | "Disabled";

export function paymentsIndicator(account: AccountState): PaymentsIndicator {
	if (account.paymentsEnabled) return "Enabled";
	const key = accountStatusKey(account);
	if (key === "pending_verification" || !account.detailsSubmitted) return "Pending verification";
	return "Disabled";
}

const INTERVAL_LABELS: Readonly<Record<string, string>> = {
	daily: "Automatic (daily)",
	weekly: "Automatic (weekly)",
	monthly: "Automatic (monthly)",
};

/**
 * Spec 3 §4.6: Temporarily suspended (payouts blocked or account under review), Pending
 * verification (payouts pending verification or onboarding incomplete), Disabled, otherwise
 * Automatic with its interval, or Manual.
 */
export function payoutsIndicator(account: AccountState): string {
	const payouts = account.deposits.status;
	if (payouts === "blocked" || account.status === "under_review") return "Temporarily suspended";
	if (
		payouts === "pending_verification" ||
		!account.detailsSubmitted ||
		isProgressiveOnboardingIncomplete(account)
	) {
		return "Pending verification";
	}
	if (payouts === "disabled") return "Disabled";
	return INTERVAL_LABELS[account.deposits.interval] ?? "Manual";
}
