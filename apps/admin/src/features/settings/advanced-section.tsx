/** Debug log, and what the account says about dev mode, test onboarding and in-person payments. */
import { CheckboxControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import type { SectionProps } from "./section-props.ts";
import { SettingsSection } from "./settings-section.tsx";

export function AdvancedSection({ draft, edit }: SectionProps) {
	return (
		<SettingsSection id="advanced" title={__("Advanced settings", "paydesk")}>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("Log error messages", "paydesk")}
				help={__("Keeps a debug log of payment errors for support.", "paydesk")}
				checked={draft.is_debug_log_enabled || draft.is_dev_mode_enabled}
				disabled={draft.is_dev_mode_enabled}
				onChange={(is_debug_log_enabled) => edit({ is_debug_log_enabled })}
			/>
			<dl className="paydesk-settings-facts">
				<dt>{__("Dev mode", "paydesk")}</dt>
				<dd>{draft.is_dev_mode_enabled ? __("Active", "paydesk") : __("Off", "paydesk")}</dd>
				<dt>{__("Test mode onboarding", "paydesk")}</dt>
				<dd>{draft.is_test_mode_onboarding ? __("Yes", "paydesk") : __("No", "paydesk")}</dd>
				<dt>{__("In-person payments", "paydesk")}</dt>
				<dd>{draft.is_card_present_eligible ? __("Eligible", "paydesk") : __("Not eligible", "paydesk")}</dd>
				<dt>{__("Domestic currency", "paydesk")}</dt>
				<dd>{draft.account_domestic_currency.toUpperCase()}</dd>
			</dl>
		</SettingsSection>
	);
}
