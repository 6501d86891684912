/**
 * Export rules shared by payouts, transactions and disputes (spec 2 §5, §7, §8, §9; spec 3
 * §5.2, §9): when to ask for confirmation, how the admin polls, and what it tells the merchant.
 */
import { sprintf, type Translator } from "./translator.ts";

export const EXPORT_KINDS = ["deposits", "transactions", "disputes"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** With no filter applied, exporting this many rows or more asks for confirmation first. */
export const EXPORT_CONFIRMATION_THRESHOLDS: Readonly<Record<ExportKind, number>> = {
	deposits: 1000,
	transactions: 10000,
	disputes: 1000,
};

/** Confirmation is asked only when no filter is applied and the count reaches the threshold. */
export function exportNeedsConfirmation(
	kind: ExportKind,
	state: { hasFilters: boolean; total: number },
): boolean {
	return !state.hasFilters && state.total >= EXPORT_CONFIRMATION_THRESHOLDS[kind];
}

/** The confirmation sentence of a kind, with the row count. */
export function exportConfirmationMessage(kind: ExportKind, total: number, t: Translator): string {
	return sprintf(exportConfirmationTemplate(kind, total, t), total);
}

function exportConfirmationTemplate(kind: ExportKind, total: number, t: Translator): string {
	switch (kind) {
		case "deposits":
			return t._n(
				"You are about to export %d deposit. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
				"You are about to export %d deposits. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
				total,
				"paydesk",
			);
		case "transactions":
			return t._n(
				"You are about to export %d transaction. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
				"You are about to export %d transactions. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
				total,
				"paydesk",
			);
		case "disputes":
			return t._n(
				"You are about to export %d dispute. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
				"You are about to export %d disputes. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
				total,
				"paydesk",
			);
	}
}

/** Polling of the availability endpoint: 1 s before the first try, then 1 s apart, 5 tries. */
export const EXPORT_POLL_INITIAL_DELAY_MS = 1000;
export const EXPORT_POLL_INTERVAL_MS = 1000;
export const EXPORT_POLL_ATTEMPTS = 5;

export function exportSuccessMessage(email: string, t: Translator): string {
	return sprintf(
		/* translators: %s: the merchant's e-mail address */
		t.__(
			"We're processing your export. The file will download automatically and be emailed to %s.",
			"paydesk",
		),
		email,
	);
}

/** When the admin stops polling before the file is ready: the export goes on, and where it will arrive. */
export function exportContinuesMessage(email: string, t: Translator): string {
	return sprintf(
		/* translators: %s: the merchant's e-mail address */
		t.__(
			"Your export is taking longer. It goes on in the background: when it is ready, its download link appears in your notifications (the bell at the top of the page) and is emailed to %s.",
			"paydesk",
		),
		email,
	);
}

export function exportFailureMessage(t: Translator): string {
	return t.__("There was a problem generating your export.", "paydesk");
}
