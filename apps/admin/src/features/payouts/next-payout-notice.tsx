/**
 * The dismissible next-payout notice (spec 2 §4/§5): shown only when deposits are unrestricted,
 * the waiting period is complete, the account is loaded, it was not dismissed, the schedule is
 * daily, weekly or monthly and no external account is errored. Dismissal is saved as the
 * option wcpay_next_deposit_notice_dismissed.
 */
import { DISMISSAL_OPTIONS } from "@paydesk/contract/options";
import { showNextPayoutNotice } from "@paydesk/domain/payouts";
import { Notice } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { settingsUrl } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import { useOption, useSaveOption } from "../../components/options.ts";

const OPTION = DISMISSAL_OPTIONS.nextPayoutNotice;

function scheduleText(interval: string, weekly: string | null, monthly: number | null): string {
	if (interval === "weekly" && weekly) {
		return sprintf(__("every week on %s", "paydesk"), weekly.charAt(0).toUpperCase() + weekly.slice(1));
	}
	if (interval === "monthly" && monthly) {
		return monthly === 31
			? __("every month on the last day", "paydesk")
			: sprintf(__("every month on day %d", "paydesk"), monthly);
	}
	return __("every day", "paydesk");
}

export function NextPayoutNotice() {
	const status = getSettings().accountStatus;
	const dismissed = useOption<boolean>(OPTION);
	const save = useSaveOption(OPTION);
	const visible = showNextPayoutNotice({
		accountLoaded: status !== null && !dismissed.isLoading,
		restrictions: status?.deposits.restrictions,
		completedWaitingPeriod: status?.deposits.completed_waiting_period ?? false,
		dismissed: dismissed.value === true,
		interval: status?.depositsSchedule.interval,
		externalAccounts: status?.defaultExternalAccounts ?? [],
	});
	if (!visible || !status) return null;
	const schedule = status.depositsSchedule;
	return (
		<Notice status="info" className="paydesk-notice" onRemove={() => save.mutate(true)}>
			{sprintf(
				__("Your available funds are paid out automatically %s, after a %d-day pending period.", "paydesk"),
				scheduleText(schedule.interval, schedule.weekly_anchor, schedule.monthly_anchor),
				schedule.delay_days,
			)}{" "}
			<a href={`${settingsUrl()}#payout-schedule`}>{__("Change payout schedule", "paydesk")}</a>
		</Notice>
	);
}
