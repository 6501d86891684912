/**
 * Payout rules of spec 2 (§3 Payout, §4 payout status and instant payout, §5 notices, §8
 * failure reasons) and spec 3 §9 (instant payout), shared by the server and the admin.
 */
import { sprintf, type Translator } from "./translator.ts";

/** Statuses a payout is stored with (spec 2 §4). */
export const PAYOUT_STATUSES = ["paid", "pending", "in_transit", "canceled", "failed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What the admin shows: "deducted" is display only, a withdrawal that is paid. */
export type PayoutDisplayStatus = PayoutStatus | "deducted";

export const PAYOUT_TYPES = ["deposit", "withdrawal"] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];

export type ChipColour = "success" | "warning" | "primary" | "light" | "alert";

/**
 * Spec 2 §4 status table. The spec does not give deducted a colour: it is money that left the
 * balance as planned, so it gets the neutral chip rather than the green of money received.
 */
const PAYOUT_STATUS_CHIPS: Readonly<Record<PayoutDisplayStatus, ChipColour>> = {
	paid: "success",
	deducted: "light",
	pending: "warning",
	in_transit: "primary",
	canceled: "light",
	failed: "alert",
};

export function payoutStatusLabels(t: Translator): Readonly<Record<PayoutDisplayStatus, string>> {
	return {
		paid: t.__("Completed", "paydesk"),
		deducted: t.__("Completed", "paydesk"),
		pending: t.__("Pending", "paydesk"),
		in_transit: t.__("In transit", "paydesk"),
		canceled: t.__("Canceled", "paydesk"),
		failed: t.__("Failed", "paydesk"),
	};
}

/** The label and chip of a displayed status. */
export function payoutStatusDisplay(
	status: PayoutDisplayStatus,
	t: Translator,
): { label: string; chip: ChipColour } {
	return { label: payoutStatusLabels(t)[status], chip: PAYOUT_STATUS_CHIPS[status] };
}

/** A paid withdrawal shows as deducted; every other payout shows its own status. */
export function displayStatus(payout: { type: string; status: string }): PayoutDisplayStatus {
	if (payout.type === "withdrawal" && payout.status === "paid") return "deducted";
	return (PAYOUT_STATUSES as readonly string[]).includes(payout.status)
		? (payout.status as PayoutStatus)
		: "pending";
}

export function payoutStatusLabel(payout: { type: string; status: string }, t: Translator): string {
	return payoutStatusLabels(t)[displayStatus(payout)];
}

/** The status filter offers every status except deducted (spec 2 §4). */
export function payoutStatusFilterOptions(t: Translator): { value: PayoutStatus; label: string }[] {
	const labels = payoutStatusLabels(t);
	return PAYOUT_STATUSES.map((value) => ({ value, label: labels[value] }));
}

/** A deposit is shown as 'Payout' (spec 2 §3). */
export function payoutTypeLabel(type: string, t: Translator): string {
	return type === "withdrawal" ? t.__("Withdrawal", "paydesk") : t.__("Payout", "paydesk");
}

/** Spec 2 §8: every payout failure code, with what it means for the merchant. */
export function payoutFailureMessages(t: Translator): Readonly<Record<string, string>> {
	return {
		insufficient_funds: t.__("Your balance did not have enough funds to cover this payout.", "paydesk"),
		bank_account_restricted: t.__(
			"Your bank account has restrictions on the type or number of payouts it can receive. Please contact your bank.",
			"paydesk",
		),
		debit_not_authorized: t.__(
			"Your bank did not authorize a debit from this account. Please contact your bank.",
			"paydesk",
		),
		invalid_card: t.__(
			"The debit card on file cannot receive payouts. Please add a different card.",
			"paydesk",
		),
		declined: t.__(
			"Your bank declined this payout. Please contact your bank or add different bank details.",
			"paydesk",
		),
		invalid_transaction: t.__(
			"Your card issuer reported the payout as invalid. Please contact your card issuer.",
			"paydesk",
		),
		refer_to_card_issuer: t.__(
			"Your card issuer declined this payout. Please contact your card issuer.",
			"paydesk",
		),
		unsupported_card: t.__(
			"Your card does not support payouts. Please add a different debit card.",
			"paydesk",
		),
		lost_or_stolen_card: t.__(
			"The card on file was reported lost or stolen. Please add a different card.",
			"paydesk",
		),
		invalid_issuer: t.__("The card issuer is not valid for payouts. Please add a different card.", "paydesk"),
		expired_card: t.__("The card on file has expired. Please add a valid card.", "paydesk"),
		could_not_process: t.__(
			"Your bank could not process this payout. Please try again or contact your bank.",
			"paydesk",
		),
		invalid_account_number: t.__(
			"The account number is not valid for this routing number. Please check your bank details.",
			"paydesk",
		),
		incorrect_account_holder_name: t.__(
			"Your bank reported that the account holder name does not match. Please check your bank details.",
			"paydesk",
		),
		account_closed: t.__("The bank account has been closed. Please add a different bank account.", "paydesk"),
		no_account: t.__(
			"No bank account could be found with these details. Please check your bank details.",
			"paydesk",
		),
		exceeds_amount_limit: t.__(
			"The payout is larger than your bank accepts for one transfer. Please contact your bank.",
			"paydesk",
		),
		account_frozen: t.__("The bank account is frozen. Please contact your bank.", "paydesk"),
		issuer_unavailable: t.__(
			"Your card issuer could not be reached. The payout will be retried, or contact your issuer.",
			"paydesk",
		),
		invalid_currency: t.__(
			"Your bank account cannot receive payouts in this currency. Please add an account that can.",
			"paydesk",
		),
		incorrect_account_type: t.__(
			"The bank account type cannot receive this payout (for example a savings account). Please add a checking account.",
			"paydesk",
		),
		incorrect_account_holder_details: t.__(
			"Your bank reported that the account holder details do not match. Please check your bank details.",
			"paydesk",
		),
		bank_ownership_changed: t.__(
			"The bank that holds your account has changed. Please add your new bank account details.",
			"paydesk",
		),
		exceeds_count_limit: t.__(
			"Your bank account has received more payouts than it allows. Please contact your bank.",
			"paydesk",
		),
		incorrect_account_holder_address: t.__(
			"Your bank reported that the account holder address does not match. Please check your bank details.",
			"paydesk",
		),
		incorrect_account_holder_tax_id: t.__(
			"Your bank reported that the account holder tax ID does not match. Please check your bank details.",
			"paydesk",
		),
		invalid_account_number_length: t.__(
			"The bank account number has the wrong length for this country. Please check your bank details.",
			"paydesk",
		),
	};
}

/** 'Failure reason: ' + the code's message, else the processor's message, else 'Unknown' (spec 2 §4). */
export function payoutFailureReason(
	payout: { failure_code?: string | null; failure_message?: string | null },
	t: Translator,
): string {
	const mapped = payout.failure_code ? payoutFailureMessages(t)[payout.failure_code] : undefined;
	return sprintf(
		/* translators: %s: why the payout failed, a sentence of the bank or the processor */
		t.__("Failure reason: %s", "paydesk"),
		mapped ?? (payout.failure_message || t.__("Unknown", "paydesk")),
	);
}

/** An instant payout: funds arrive within 30 minutes (spec 2 §9). */
export const INSTANT_PAYOUT_ARRIVAL_MINUTES = 30;
/** Service fee of an instant payout, in percent of the amount paid out. */
export const INSTANT_PAYOUT_FEE_PERCENTAGE = 1.5;

export interface InstantBalance {
	amount: number;
	fee: number;
	net: number;
	fee_percentage: number;
	currency: string;
}

/** The instant balance of an amount of available funds: fee rounded to the minor unit. */
export function instantBalanceOf(available: number, currency: string): InstantBalance {
	const amount = Math.max(0, Math.trunc(available));
	const fee = Math.round((amount * INSTANT_PAYOUT_FEE_PERCENTAGE) / 100);
	return { amount, fee, net: amount - fee, fee_percentage: INSTANT_PAYOUT_FEE_PERCENTAGE, currency };
}

/**
 * The instant-payout button is unavailable when the instant amount is 0 (spec 2 §5), and the
 * instant-payout card shows only when it is above 0 (spec 3 §9).
 */
export function isInstantPayoutAvailable(instant: { amount: number } | null | undefined): boolean {
	return (instant?.amount ?? 0) > 0;
}

/**
 * The summary of a non-automatic payout (spec 2, payout details): the payout's amount is what
 * reaches the bank; the balance gave amount + fee, of which the fee was kept.
 */
export function payoutSummaryAmounts(payout: { amount: number; fee: number }): {
	gross: number;
	fee: number;
	net: number;
} {
	return { gross: payout.amount + payout.fee, fee: payout.fee, net: payout.amount };
}

/** An instant payout shows no transaction list, only a learn-more message (spec 2). */
export function isInstantPayout(payout: { method?: string | null }): boolean {
	return payout.method === "instant";
}

export const PAYOUT_SCHEDULE_INTERVALS = ["daily", "weekly", "monthly"] as const;

export interface ExternalAccountState {
	currency?: string;
	status: string;
}

/**
 * Spec 2 §5: the next-payout notice shows only when deposits are unrestricted, the waiting
 * period is complete, the account is loaded, the notice was not dismissed, the schedule
 * interval is daily, weekly or monthly and no external account is errored.
 */
export function showNextPayoutNotice(state: {
	accountLoaded: boolean;
	restrictions: string | null | undefined;
	completedWaitingPeriod: boolean;
	dismissed: boolean;
	interval: string | null | undefined;
	externalAccounts: readonly ExternalAccountState[];
}): boolean {
	return (
		state.accountLoaded &&
		state.restrictions === "deposits_unrestricted" &&
		state.completedWaitingPeriod &&
		!state.dismissed &&
		(PAYOUT_SCHEDULE_INTERVALS as readonly string[]).includes(state.interval ?? "") &&
		!state.externalAccounts.some((account) => account.status === "errored")
	);
}

export function payoutFailureNotice(t: Translator): string {
	return t.__(
		"Payouts are currently paused because a recent payout failed. Please update your bank account details.",
		"paydesk",
	);
}

/**
 * Spec 2 §5: the payout-failure notice shows only when an external account is errored and an
 * account link exists. The overview (spec 3) narrows it to the selected currency.
 */
export function showPayoutFailureNotice(state: {
	externalAccounts: readonly ExternalAccountState[];
	accountLink: string | null | undefined;
	currency?: string;
}): boolean {
	if (!state.accountLink) return false;
	return state.externalAccounts.some(
		(account) =>
			account.status === "errored" &&
			(state.currency === undefined || account.currency?.toLowerCase() === state.currency.toLowerCase()),
	);
}
