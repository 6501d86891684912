/**
 * The dismissible next-payout notice (spec 2 §4/§5): shown only when deposits are unrestricted,
 * the waiting period is complete, the account is loaded, it was not dismissed, the schedule is
 * daily, weekly or monthly and no external account is errored. Dismissal is saved as the
 * option wcpay_next_deposit_notice_dismissed, a choice for the store: a payments viewer neither
 * dismisses it nor is offered to change the schedule.
 */
import type { AccountStatus } from "@paydesk/contract/accounts";
import { DISMISSAL_OPTIONS } from "@paydesk/contract/options";
import { weekdayName } from "@paydesk/domain/dates";
import { showNextPayoutNotice } from "@paydesk/domain/payouts";
import { Notice } from "@wordpress/components";
import { __, _n, sprintf } from "@wordpress/i18n";
import { settingsUrl } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { useOption, useSaveOption } from "../../data/options.ts";

const OPTION = DISMISSAL_OPTIONS.nextPayoutNotice;

/**
 * The whole sentence of a schedule, so a language words each its own way: the weekday as the
 * language writes it in a sentence ("lundi"), the pending period's days through _n.
 */
export function scheduleSentence(schedule: AccountStatus["depositsSchedule"], locale: string): string {
	const { interval, weekly_anchor: weekly, monthly_anchor: monthly, delay_days: delayDays } = schedule;
	if (interval === "weekly" && weekly) {
		return sprintf(
			/* translators: %1$s: a weekday, as written in a sentence (lundi), %2$d: the days of the pending period */
			_n(
				"Your available funds are paid out automatically every week on %1$s, after a %2$d-day pending period.",
				"Your available funds are paid out automatically every week on %1$s, after a %2$d-day pending period.",
				delayDays,
				"paydesk",
			),
			weekdayName(weekly, locale),
			delayDays,
		);
	}
	if (interval === "monthly" && monthly === 31) {
		return sprintf(
			/* translators: %d: the days of the pending period */
			_n(
				"Your available funds are paid out automatically every month on the last day, after a %d-day pending period.",
				"Your available funds are paid out automatically every month on the last day, after a %d-day pending period.",
				delayDays,
				"paydesk",
			),
			delayDays,
		);
	}
	if (interval === "monthly" && monthly) {
		return sprintf(
			/* translators: %1$d: the day of the month (1 to 28), %2$d: the days of the pending period */
			_n(
				"Your available funds are paid out automatically every month on day %1$d, after a %2$d-day pending period.",
				"Your available funds are paid out automatically every month on day %1$d, after a %2$d-day pending period.",
				delayDays,
				"paydesk",
			),
			monthly,
			delayDays,
		);
	}
	return sprintf(
		/* translators: %d: the days of the pending period */
		_n(
			"Your available funds are paid out automatically every day, after a %d-day pending period.",
			"Your available funds are paid out automatically every day, after a %d-day pending period.",
			delayDays,
			"paydesk",
		),
		delayDays,
	);
}

export function NextPayoutNotice() {
	const status = getSettings().accountStatus;
	const dismissed = useOption<boolean>(OPTION);
	const save = useSaveOption(OPTION);
	const manages = useCan("manage_woocommerce");
	const visible = showNextPayoutNotice({
		accountLoaded: status !== null && !dismissed.isLoading,
		restrictions: status?.deposits.restrictions,
		completedWaitingPeriod: status?.deposits.completed_waiting_period ?? false,
		dismissed: dismissed.value === true,
		interval: status?.depositsSchedule.interval,
		externalAccounts: status?.defaultExternalAccounts ?? [],
	});
	if (!visible || !status) return null;
	return (
		<Notice
			status="info"
			className="paydesk-notice"
			isDismissible={manages}
			onRemove={() => save.mutate(true)}
		>
			{scheduleSentence(status.depositsSchedule, getSettings().locale.code)}
			{manages && (
				<>
					{" "}
					<a href={`${settingsUrl()}#payout-schedule`}>{__("Change payout schedule", "paydesk")}</a>
				</>
			)}
		</Notice>
	);
}
