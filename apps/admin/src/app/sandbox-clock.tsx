/**
 * The sandbox account's test clock in the admin bar, so a merchant can see time-driven work
 * happen: the account's simulated time, and buttons that move it forward an hour, a day or a
 * week. Moving it runs everything that became due on the server (payouts, expiries, disputes), so
 * every screen's data is refetched. A step's accessible name is its visible label ("+1 day"), so
 * speech input can say it (WCAG 2.5.3 Label in Name); the long wording is its description. The
 * move is announced by the notice, not by the time, which changes every minute and would be read
 * out each time. Moving it is the store's business: a payments viewer only reads the time.
 */
import { __, sprintf } from "@wordpress/i18n";
import { formatStoreTime } from "../components/format.ts";
import { useAdvanceSandboxClock, useSandboxClock } from "../data/sandbox-clock.ts";
import { createNotice } from "./notices.tsx";
import { useCan } from "./routes.ts";
import { getSettings } from "./settings.ts";

const STEPS = [
	{
		seconds: 3600,
		label: () => __("+1 hour", "paydesk"),
		description: () => __("Advance the sandbox clock by an hour", "paydesk"),
	},
	{
		seconds: 86_400,
		label: () => __("+1 day", "paydesk"),
		description: () => __("Advance the sandbox clock by a day", "paydesk"),
	},
	{
		seconds: 604_800,
		label: () => __("+1 week", "paydesk"),
		description: () => __("Advance the sandbox clock by a week", "paydesk"),
	},
] as const;

export function SandboxClock() {
	const settings = getSettings();
	const clock = useSandboxClock();
	const advance = useAdvanceSandboxClock();
	const canMove = useCan("manage_woocommerce");
	const moved = (now: number) =>
		createNotice("success", sprintf(__("The sandbox clock moved to %s.", "paydesk"), format(now)), {
			id: "sandbox-clock",
		});
	function format(seconds: number): string {
		return formatStoreTime(`${settings.dateFormat} ${settings.timeFormat}`, seconds);
	}
	if (clock.isError) return null;
	return (
		<fieldset className="paydesk-sandbox-clock" aria-label={__("Sandbox clock", "paydesk")}>
			<span className="paydesk-sandbox-clock__time">
				{clock.data
					? sprintf(__("Sandbox time: %s", "paydesk"), format(clock.data.now))
					: __("Sandbox time: loading…", "paydesk")}
			</span>
			{canMove &&
				STEPS.map((step) => (
					<button
						key={step.seconds}
						type="button"
						className="paydesk-sandbox-clock__step"
						title={step.description()}
						disabled={advance.isPending || !clock.data}
						onClick={() => advance.mutate(step.seconds, { onSuccess: (answer) => moved(answer.now) })}
					>
						{step.label()}
					</button>
				))}
		</fieldset>
	);
}
