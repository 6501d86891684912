/**
 * The payout schedule (anchor #payout-schedule, spec 2 §3/§5): daily, weekly on a weekday, or
 * monthly on a day (31 = the last day; none chosen is sent as null). The pending period, the
 * payout status and restrictions are the account's and shown read-only; a restricted account
 * cannot change its schedule.
 */
import { DEPOSIT_INTERVALS, WEEKLY_ANCHORS } from "@paydesk/contract/settings";
import { SelectControl } from "@wordpress/components";
import { __, _n, sprintf } from "@wordpress/i18n";
import type { SectionProps } from "./section-props.ts";
import { FieldError, SettingsSection } from "./settings-section.tsx";

const WEEKDAY_LABELS: Record<(typeof WEEKLY_ANCHORS)[number], () => string> = {
	monday: () => __("Monday", "paydesk"),
	tuesday: () => __("Tuesday", "paydesk"),
	wednesday: () => __("Wednesday", "paydesk"),
	thursday: () => __("Thursday", "paydesk"),
	friday: () => __("Friday", "paydesk"),
};

function monthDays() {
	const days = Array.from({ length: 28 }, (_, index) => ({
		value: String(index + 1),
		label: String(index + 1),
	}));
	return [
		{ value: "", label: __("Select a day", "paydesk") },
		...days,
		{ value: "31", label: __("Last day of the month", "paydesk") },
	];
}

export function PayoutsSection({ draft, edit, errors }: SectionProps) {
	const restricted =
		draft.deposit_restrictions !== "deposits_unrestricted" || !draft.deposit_completed_waiting_period;
	const interval = DEPOSIT_INTERVALS.find((value) => value === draft.deposit_schedule_interval) ?? "daily";
	const weekday = WEEKLY_ANCHORS.find((day) => day === draft.deposit_schedule_weekly_anchor) ?? "monday";
	return (
		<SettingsSection
			id="payout-schedule"
			title={__("Payouts", "paydesk")}
			description={__("When available funds are sent to your bank account.", "paydesk")}
		>
			<dl className="paydesk-settings-facts">
				<dt>{__("Payout status", "paydesk")}</dt>
				<dd>
					{draft.deposit_status.charAt(0).toUpperCase() + draft.deposit_status.slice(1).replace(/_/g, " ")}
				</dd>
				<dt>{__("Restrictions", "paydesk")}</dt>
				<dd>
					{draft.deposit_restrictions === "deposits_unrestricted"
						? __("None", "paydesk")
						: __("Payouts are restricted", "paydesk")}
				</dd>
				<dt>{__("First payout", "paydesk")}</dt>
				<dd>
					{draft.deposit_completed_waiting_period
						? __("Made; the waiting period is complete", "paydesk")
						: __("On hold during the waiting period", "paydesk")}
				</dd>
				<dt>{__("Pending period", "paydesk")}</dt>
				<dd>
					{sprintf(
						_n("%d day after the payment", "%d days after the payment", draft.deposit_delay_days, "paydesk"),
						draft.deposit_delay_days,
					)}
				</dd>
			</dl>
			{restricted && (
				<p className="paydesk-settings-note">
					{__(
						"The payout schedule can be changed once payouts are unrestricted and your first payout has been made.",
						"paydesk",
					)}
				</p>
			)}
			<div className="paydesk-settings-row">
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={__("Payout frequency", "paydesk")}
					value={interval}
					disabled={restricted}
					options={[
						{ value: "daily", label: __("Daily", "paydesk") },
						{ value: "weekly", label: __("Weekly", "paydesk") },
						{ value: "monthly", label: __("Monthly", "paydesk") },
					]}
					onChange={(value) =>
						edit({
							deposit_schedule_interval: value,
							deposit_schedule_weekly_anchor:
								value === "weekly"
									? (draft.deposit_schedule_weekly_anchor ?? "monday")
									: draft.deposit_schedule_weekly_anchor,
						})
					}
				/>
				{interval === "weekly" && (
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={__("Payout day", "paydesk")}
						value={weekday}
						disabled={restricted}
						options={WEEKLY_ANCHORS.map((day) => ({ value: day, label: WEEKDAY_LABELS[day]() }))}
						onChange={(value) => edit({ deposit_schedule_weekly_anchor: value })}
					/>
				)}
				{interval === "monthly" && (
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={__("Day of the month", "paydesk")}
						value={
							draft.deposit_schedule_monthly_anchor === null
								? ""
								: String(draft.deposit_schedule_monthly_anchor)
						}
						disabled={restricted}
						options={monthDays()}
						onChange={(value) =>
							edit({ deposit_schedule_monthly_anchor: value === "" ? null : Number(value) })
						}
					/>
				)}
			</div>
			<FieldError label={__("Payout day", "paydesk")} error={errors.deposit_schedule_weekly_anchor} />
			<FieldError label={__("Day of the month", "paydesk")} error={errors.deposit_schedule_monthly_anchor} />
		</SettingsSection>
	);
}
