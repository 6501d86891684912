/**
 * The payout notices under the balance of the selected currency (spec 3 §8, §9), chosen by
 * domain/payout-notices and all shown as warnings, as spec 3 §8 lists them, and the dismissible
 * offer of instant payouts (dismissal saved through POST /settings/{option}), which a payments
 * viewer, who cannot take it, is not made.
 */
import type { DepositsOverview } from "@paydesk/contract/deposits";
import { payoutNotices, payoutNoticeText } from "@paydesk/domain/payout-notices";
import { INSTANT_PAYOUT_ARRIVAL_MINUTES, INSTANT_PAYOUT_FEE_PERCENTAGE } from "@paydesk/domain/payouts";
import { Notice } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { PayoutFailureNotice } from "../../components/payout-failure-notice.tsx";
import { translator } from "../../components/translator.ts";
import { useOptions, useSaveSettingFlag } from "../../data/options.ts";
import { OVERVIEW_OPTIONS, SETTING_FLAGS } from "./overview-data.ts";

export function BalanceNotices({ overview, currency }: { overview: DepositsOverview; currency: string }) {
	const status = getSettings().accountStatus;
	const amount = (list: { amount: number; currency: string }[]) =>
		list.find((entry) => entry.currency === currency)?.amount ?? 0;
	const notices = payoutNotices({
		currency,
		available: amount(overview.balance.available),
		pending: amount(overview.balance.pending),
		depositsBlocked: overview.account.deposits_blocked,
		depositsStatus: status?.deposits.status ?? "enabled",
		completedWaitingPeriod: overview.account.completed_waiting_period,
		externalAccounts: overview.account.default_external_accounts,
		accountLink: status?.accountLink ?? null,
	});
	const locale = getSettings().locale.code;
	return (
		<div className="paydesk-balance__notices">
			{notices.map((kind) =>
				kind === "payout_failed" ? (
					<PayoutFailureNotice key={kind} source="overview" currency={currency} />
				) : (
					<Notice key={kind} status="warning" isDismissible={false} className="paydesk-notice">
						{payoutNoticeText(kind, currency, translator, locale)}
					</Notice>
				),
			)}
		</div>
	);
}

export function InstantPayoutOffer({ instantAmount }: { instantAmount: number }) {
	const options = useOptions(OVERVIEW_OPTIONS);
	const dismiss = useSaveSettingFlag(SETTING_FLAGS.instantPayoutNotice, OVERVIEW_OPTIONS);
	const canPayOut = useCan("manage_woocommerce");
	if (
		!canPayOut ||
		instantAmount <= 0 ||
		!options.isSuccess ||
		options.data[SETTING_FLAGS.instantPayoutNotice] === true
	)
		return null;
	return (
		<Notice status="info" className="paydesk-notice" onRemove={() => dismiss.mutate()}>
			{sprintf(
				__(
					"You can get your available funds in minutes with an instant payout: they arrive within %1$d minutes for a %2$s%% fee.",
					"paydesk",
				),
				INSTANT_PAYOUT_ARRIVAL_MINUTES,
				String(INSTANT_PAYOUT_FEE_PERCENTAGE),
			)}
		</Notice>
	);
}
