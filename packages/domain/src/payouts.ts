/**
 * Payout rules of spec 2 (§3 Payout, §4 payout status and instant payout, §5 notices, §8
 * failure reasons) and spec 3 §9 (instant payout), shared by the server and the admin.
 */

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
export const PAYOUT_STATUS_DISPLAY: Readonly<
	Record<PayoutDisplayStatus, { label: string; chip: ChipColour }>
> = {
	paid: { label: "Completed", chip: "success" },
	deducted: { label: "Completed", chip: "light" },
	pending: { label: "Pending", chip: "warning" },
	in_transit: { label: "In transit", chip: "primary" },
	canceled: { label: "Canceled", chip: "light" },
	failed: { label: "Failed", chip: "alert" },
};

/** A paid withdrawal shows as deducted; every other payout shows its own status. */
export function displayStatus(payout: { type: string; status: string }): PayoutDisplayStatus {
	if (payout.type === "withdrawal" && payout.status === "paid") return "deducted";
	return (PAYOUT_STATUSES as readonly string[]).includes(payout.status)
		? (payout.status as PayoutStatus)
		: "pending";
}

export function payoutStatusLabel(payout: { type: string; status: string }): string {
	return PAYOUT_STATUS_DISPLAY[displayStatus(payout)].label;
}

/** The status filter offers every status except deducted (spec 2 §4). */
export const PAYOUT_STATUS_FILTER_OPTIONS: readonly { value: PayoutStatus; label: string }[] =
	PAYOUT_STATUSES.map((value) => ({ value, label: PAYOUT_STATUS_DISPLAY[value].label }));

/** A deposit is shown as 'Payout' (spec 2 §3). */
export function payoutTypeLabel(type: string): string {
	return type === "withdrawal" ? "Withdrawal" : "Payout";
}

/** Spec 2 §8: every payout failure code, with what it means for the merchant. */
export const PAYOUT_FAILURE_MESSAGES: Readonly<Record<string, string>> = {
	insufficient_funds: "Your balance did not have enough funds to cover this payout.",
	bank_account_restricted:
		"Your bank account has restrictions on the type or number of payouts it can receive. Please contact your bank.",
	debit_not_authorized: "Your bank did not authorize a debit from this account. Please contact your bank.",
	invalid_card: "The debit card on file cannot receive payouts. Please add a different card.",
	declined: "Your bank declined this payout. Please contact your bank or add different bank details.",
	invalid_transaction: "Your card issuer reported the payout as invalid. Please contact your card issuer.",
	refer_to_card_issuer: "Your card issuer declined this payout. Please contact your card issuer.",
	unsupported_card: "Your card does not support payouts. Please add a different debit card.",
	lost_or_stolen_card: "The card on file was reported lost or stolen. Please add a different card.",
	invalid_issuer: "The card issuer is not valid for payouts. Please add a different card.",
	expired_card: "The card on file has expired. Please add a valid card.",
	could_not_process: "Your bank could not process this payout. Please try again or contact your bank.",
	invalid_account_number:
		"The account number is not valid for this routing number. Please check your bank details.",
	incorrect_account_holder_name:
		"Your bank reported that the account holder name does not match. Please check your bank details.",
	account_closed: "The bank account has been closed. Please add a different bank account.",
	no_account: "No bank account could be found with these details. Please check your bank details.",
	exceeds_amount_limit:
		"The payout is larger than your bank accepts for one transfer. Please contact your bank.",
	account_frozen: "The bank account is frozen. Please contact your bank.",
	issuer_unavailable:
		"Your card issuer could not be reached. The payout will be retried, or contact your issuer.",
	invalid_currency:
		"Your bank account cannot receive payouts in this currency. Please add an account that can.",
	incorrect_account_type:
		"The bank account type cannot receive this payout (for example a savings account). Please add a checking account.",
	incorrect_account_holder_details:
		"Your bank reported that the account holder details do not match. Please check your bank details.",
	bank_ownership_changed:
		"The bank that holds your account has changed. Please add your new bank account details.",
	exceeds_count_limit:
		"Your bank account has received more payouts than it allows. Please contact your bank.",
	incorrect_account_holder_address:
		"Your bank reported that the account holder address does not match. Please check your bank details.",
	incorrect_account_holder_tax_id:
		"Your bank reported that the account holder tax ID does not match. Please check your bank details.",
	invalid_account_number_length:
		"The bank account number has the wrong length for this country. Please check your bank details.",
};

/** 'Failure reason: ' + the code's message, else the processor's message, else 'Unknown' (spec 2 §4). */
export function payoutFailureReason(payout: {
	failure_code?: string | null;
	failure_message?: string | null;
}): string {
	const mapped = payout.failure_code ? PAYOUT_FAILURE_MESSAGES[payout.failure_code] : undefined;
	return `Failure reason: ${mapped ?? (payout.failure_message || "Unknown")}`;
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

/** The instant-payout button is unavailable when the instant amount is 0 (spec 2 §5). */
export function isInstantPayoutAvailable(instant: { amount: number } | null | undefined): boolean {
	return (instant?.amount ?? 0) > 0;
}

/** The instant-payout card shows only when the instant amount is above 0 (spec 3 §9). */
export const showInstantPayoutCard = isInstantPayoutAvailable;

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

export const PAYOUT_FAILURE_NOTICE =
	"Payouts are currently paused because a recent payout failed. Please update your bank account details.";

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
