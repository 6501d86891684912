/**
 * Export rules shared by payouts, transactions and disputes (spec 2 §5, §7, §8, §9; spec 3
 * §5.2, §9): when to ask for confirmation, how the admin polls, and what it tells the merchant.
 */

export const EXPORT_KINDS = ["deposits", "transactions", "disputes"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** With no filter applied, exporting this many rows or more asks for confirmation first. */
export const EXPORT_CONFIRMATION_THRESHOLDS: Readonly<Record<ExportKind, number>> = {
	deposits: 1000,
	transactions: 10000,
	disputes: 1000,
};

/** The confirmation sentences, with %d for the row count (as sprintf takes them). */
export const EXPORT_CONFIRMATION_TEMPLATES: Readonly<Record<ExportKind, string>> = {
	deposits:
		"You are about to export %d deposits. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
	transactions:
		"You are about to export %d transactions. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
	disputes:
		"You are about to export %d disputes. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
};

/** Confirmation is asked only when no filter is applied and the count reaches the threshold. */
export function exportNeedsConfirmation(
	kind: ExportKind,
	state: { hasFilters: boolean; total: number },
): boolean {
	return !state.hasFilters && state.total >= EXPORT_CONFIRMATION_THRESHOLDS[kind];
}

export function exportConfirmationMessage(kind: ExportKind, total: number): string {
	return EXPORT_CONFIRMATION_TEMPLATES[kind].replace("%d", String(total));
}

/** Polling of the availability endpoint: 1 s before the first try, then 1 s apart, 5 tries. */
export const EXPORT_POLL_INITIAL_DELAY_MS = 1000;
export const EXPORT_POLL_INTERVAL_MS = 1000;
export const EXPORT_POLL_ATTEMPTS = 5;

export const EXPORT_SUCCESS_TEMPLATE =
	"We're processing your export. The file will download automatically and be emailed to %s.";

export function exportSuccessMessage(email: string): string {
	return EXPORT_SUCCESS_TEMPLATE.replace("%s", email);
}

export const EXPORT_FAILURE_MESSAGE = "There was a problem generating your export.";
