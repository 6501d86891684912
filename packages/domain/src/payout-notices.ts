/**
 * Which payout notices the overview's balance area shows for the selected currency (spec 3 §8
 * "Payout notices", §9): temporarily suspended; first payout held 7 to 14 days; payouts
 * interrupted while the balance is negative; paused while available funds are below the
 * currency's minimum scheduled payout; "You have no funds available." (waiting period complete,
 * available 0 and pending above 0); paused because a recent payout failed (an errored external
 * account in the selected currency).
 *
 * Where the spec is silent: a suspension says it all, so it is shown alone (with a failed
 * payout, which needs its own action); the others can show together, in the order above.
 */
import { formatAmount } from "./money.ts";
import { type ExternalAccountState, showPayoutFailureNotice } from "./payouts.ts";
import { sprintf, type Translator } from "./translator.ts";

export type PayoutNoticeKind =
	| "suspended"
	| "first_payout_held"
	| "negative_balance"
	| "below_minimum"
	| "no_funds"
	| "payout_failed";

/** First payouts are held this many days (spec 3 §9). */
export const FIRST_PAYOUT_HOLD_DAYS = [7, 14] as const;

/** The sandbox partner's smallest scheduled payout per currency, in minor units. */
export const MINIMUM_SCHEDULED_PAYOUT: Readonly<Record<string, number>> = {
	usd: 500,
	eur: 500,
	gbp: 500,
	cad: 500,
	aud: 500,
	nzd: 500,
	chf: 500,
	dkk: 2500,
	nok: 5000,
	sek: 5000,
	jpy: 500,
};
export const DEFAULT_MINIMUM_SCHEDULED_PAYOUT = 500;

export function minimumScheduledPayout(currency: string): number {
	return MINIMUM_SCHEDULED_PAYOUT[currency.toLowerCase()] ?? DEFAULT_MINIMUM_SCHEDULED_PAYOUT;
}

export interface PayoutNoticeState {
	currency: string;
	/** Available and pending balance of the currency, minor units. */
	available: number;
	pending: number;
	depositsBlocked: boolean;
	/** deposits.status of the account: enabled, blocked, disabled … */
	depositsStatus: string;
	completedWaitingPeriod: boolean;
	externalAccounts: readonly ExternalAccountState[];
	accountLink: string | null;
}

export function payoutNotices(state: PayoutNoticeState): PayoutNoticeKind[] {
	const failed = showPayoutFailureNotice({
		externalAccounts: state.externalAccounts,
		accountLink: state.accountLink,
		currency: state.currency,
	});
	if (state.depositsBlocked || state.depositsStatus === "blocked") {
		return failed ? ["suspended", "payout_failed"] : ["suspended"];
	}
	const notices: PayoutNoticeKind[] = [];
	if (!state.completedWaitingPeriod) notices.push("first_payout_held");
	if (state.available < 0) notices.push("negative_balance");
	else if (
		state.completedWaitingPeriod &&
		state.available > 0 &&
		state.available < minimumScheduledPayout(state.currency)
	)
		notices.push("below_minimum");
	if (state.completedWaitingPeriod && state.available === 0 && state.pending > 0) notices.push("no_funds");
	if (failed) notices.push("payout_failed");
	return notices;
}

/** The wording of each notice but the failed payout's (components/payout-failure-notice). */
export function payoutNoticeText(
	kind: Exclude<PayoutNoticeKind, "payout_failed">,
	currency: string,
	t: Translator,
	locale?: string,
): string {
	switch (kind) {
		case "suspended":
			return t.__(
				"Your payouts are temporarily suspended while we review your account. Your balance stays safe and is paid out once the review ends.",
				"paydesk",
			);
		case "first_payout_held":
			return sprintf(
				/* translators: %1$d and %2$d: the shortest and longest hold in days (7 and 14) */
				t.__(
					"Your first payout is held for %1$d to %2$d days while we confirm your account. Later payouts follow your payout schedule.",
					"paydesk",
				),
				FIRST_PAYOUT_HOLD_DAYS[0],
				FIRST_PAYOUT_HOLD_DAYS[1],
			);
		case "negative_balance":
			return t.__(
				"Payouts are interrupted while your balance is negative. They resume automatically once your sales bring it above zero.",
				"paydesk",
			);
		case "below_minimum":
			return sprintf(
				/* translators: %s: the smallest scheduled payout of the currency, e.g. $5.00 */
				t.__(
					"Payouts are paused while your available funds are below the minimum scheduled payout of %s.",
					"paydesk",
				),
				formatAmount(minimumScheduledPayout(currency), currency, { locale }),
			);
		case "no_funds":
			return t.__("You have no funds available.", "paydesk");
	}
}
