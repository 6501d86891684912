/**
 * Which tabs the transactions screen has and which one is open (spec 2 "Transactions"): the
 * uncaptured tab only when auth-and-capture is enabled and there are uncaptured authorizations
 * or the account qualifies (manual capture is on), its title carrying the count.
 */
import { DEFAULT_TRANSACTION_TAB, TRANSACTION_TABS, type TransactionTab } from "@paydesk/domain/transactions";
import { __, sprintf } from "@wordpress/i18n";
import type { Query } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import { formatNumber } from "../../components/format.ts";
import { useAuthorizationsSummary } from "../../data/authorizations.ts";
import { usePaymentSettings } from "../../data/settings.ts";

export interface TabEntry {
	name: TransactionTab;
	title: string;
}

export interface UncapturedEligibility {
	authAndCaptureEnabled: boolean;
	/** Undefined while the summary loads. */
	uncapturedCount: number | undefined;
	/** Undefined while the settings load. */
	manualCaptureEnabled: boolean | undefined;
}

/** true, false, or undefined while what decides it is still loading. */
export function showUncapturedTab(state: UncapturedEligibility): boolean | undefined {
	if (!state.authAndCaptureEnabled) return false;
	if ((state.uncapturedCount ?? 0) > 0 || state.manualCaptureEnabled) return true;
	if (state.uncapturedCount === undefined || state.manualCaptureEnabled === undefined) return undefined;
	return false;
}

export function requestedTab(query: Query): TransactionTab {
	const tab = query.tab;
	return typeof tab === "string" && (TRANSACTION_TABS as readonly string[]).includes(tab)
		? (tab as TransactionTab)
		: DEFAULT_TRANSACTION_TAB;
}

export function uncapturedTitle(count: number | undefined): string {
	return sprintf(__("Uncaptured (%s)", "paydesk"), count === undefined ? "…" : formatNumber(count));
}

export function useTransactionTabs(query: Query): { tabs: TabEntry[]; active: TransactionTab } {
	const authAndCaptureEnabled = getSettings().featureFlags.isAuthAndCaptureEnabled;
	const summary = useAuthorizationsSummary({ enabled: authAndCaptureEnabled });
	// Only its manual-capture switch is read here; the settings screen reports its own errors.
	const settings = usePaymentSettings({ errorNotice: false });
	const count = summary.data?.count;
	const shown = showUncapturedTab({
		authAndCaptureEnabled,
		uncapturedCount: summary.isError ? 0 : count,
		manualCaptureEnabled: settings.isError ? false : settings.data?.is_manual_capture_enabled,
	});
	const requested = requestedTab(query);
	// While it is unknown, a link to the uncaptured tab keeps it open rather than flashing away.
	const uncaptured = shown === true || (shown === undefined && requested === "uncaptured-page");
	const tabs: TabEntry[] = [
		{ name: "transactions-page", title: __("All transactions", "paydesk") },
		...(uncaptured ? [{ name: "uncaptured-page" as const, title: uncapturedTitle(count) }] : []),
		{ name: "blocked-page", title: __("Blocked", "paydesk") },
	];
	const active = tabs.some((tab) => tab.name === requested) ? requested : DEFAULT_TRANSACTION_TAB;
	return { tabs, active };
}
