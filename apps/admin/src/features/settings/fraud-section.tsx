/** The protection level, and the way to the advanced fraud protection page. */
import { RadioControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { adminUrl, Link } from "../../app/router.tsx";
import type { SectionProps } from "./section-props.ts";
import { SettingsSection } from "./settings-section.tsx";

export function FraudSection({ draft, edit }: SectionProps) {
	const hasRules = draft.advanced_fraud_protection_settings.length > 0;
	return (
		<SettingsSection
			id="fp-settings"
			title={__("Fraud protection", "paydesk")}
			description={__("Decide which risky payments are held for review or blocked.", "paydesk")}
		>
			{hasRules ? (
				<RadioControl
					label={__("Protection level", "paydesk")}
					selected={draft.current_protection_level}
					options={[
						{ value: "basic", label: __("Basic: the payments provider's standard checks", "paydesk") },
						{ value: "advanced", label: __("Advanced: your own risk filters", "paydesk") },
					]}
					onChange={(value) =>
						edit({ current_protection_level: value === "advanced" ? "advanced" : "basic" })
					}
				/>
			) : (
				// Advanced protection needs at least one filter, which only the advanced page sets up.
				<p>{__("Protection level: Basic, the payments provider's standard checks.", "paydesk")}</p>
			)}
			<p>
				<Link href={adminUrl("/payments/fraud-protection")}>
					{__("Configure advanced fraud protection", "paydesk")}
				</Link>
			</p>
		</SettingsSection>
	);
}
