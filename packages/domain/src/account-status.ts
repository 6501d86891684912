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
import type { Translator } from "./translator.ts";

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

const ACCOUNT_STATUS_CHIPS: Readonly<Record<AccountStatusKey, StatusChip>> = {
	complete: "success",
	enabled: "success",
	restricted_soon: "warning",
	pending_verification: "light",
	restricted_partially: "warning",
	restricted: "alert",
	rejected: "light",
	under_review: "light",
	unknown: "light",
};

function accountStatusLabels(t: Translator): Readonly<Record<AccountStatusKey, string>> {
	return {
		complete: t.__("Complete", "paydesk"),
		enabled: t.__("Enabled", "paydesk"),
		restricted_soon: t.__("Restricted soon", "paydesk"),
		pending_verification: t.__("Pending", "paydesk"),
		restricted_partially: t.__("Restricted partially", "paydesk"),
		restricted: t.__("Restricted", "paydesk"),
		rejected: t.__("Rejected", "paydesk"),
		under_review: t.__("Under review", "paydesk"),
		unknown: t.__("Unknown", "paydesk"),
	};
}

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
	if (status in ACCOUNT_STATUS_CHIPS && status !== "unknown" && status !== "rejected") {
		return status as AccountStatusKey;
	}
	return "unknown";
}

export function accountStatusDisplay(
	account: Pick<AccountState, "status" | "progressiveOnboarding">,
	t: Translator,
): { label: string; chip: StatusChip } {
	const key = accountStatusKey(account);
	return { label: accountStatusLabels(t)[key], chip: ACCOUNT_STATUS_CHIPS[key] };
}

/** The payments indicator: Enabled, Pending verification or Disabled, with its chip. */
export function paymentsIndicator(account: AccountState, t: Translator): { label: string; chip: StatusChip } {
	if (account.paymentsEnabled) return { label: t.__("Enabled", "paydesk"), chip: "success" };
	const key = accountStatusKey(account);
	if (key === "pending_verification" || !account.detailsSubmitted)
		return { label: t.__("Pending verification", "paydesk"), chip: "light" };
	return { label: t.__("Disabled", "paydesk"), chip: "alert" };
}

/**
 * Spec 3 §4.6: Temporarily suspended (payouts blocked or account under review), Pending
 * verification (payouts pending verification or onboarding incomplete), Disabled, otherwise
 * Automatic with its interval, or Manual.
 */
export function payoutsIndicator(account: AccountState, t: Translator): string {
	const payouts = account.deposits.status;
	if (payouts === "blocked" || account.status === "under_review")
		return t.__("Temporarily suspended", "paydesk");
	if (
		payouts === "pending_verification" ||
		!account.detailsSubmitted ||
		isProgressiveOnboardingIncomplete(account)
	) {
		return t.__("Pending verification", "paydesk");
	}
	if (payouts === "disabled") return t.__("Disabled", "paydesk");
	switch (account.deposits.interval) {
		case "daily":
			return t.__("Automatic (daily)", "paydesk");
		case "weekly":
			return t.__("Automatic (weekly)", "paydesk");
		case "monthly":
			return t.__("Automatic (monthly)", "paydesk");
		default:
			return t.__("Manual", "paydesk");
	}
}
