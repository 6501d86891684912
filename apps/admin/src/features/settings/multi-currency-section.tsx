/** Multi-currency on or off, with the multi-currency settings and the setup wizard. */
import { CheckboxControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { adminUrl, Link, settingsUrl } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import type { SectionProps } from "./section-props.ts";
import { SettingsSection } from "./settings-section.tsx";

export function MultiCurrencySection({ draft, edit }: SectionProps) {
	const canChange = useCan("manage_woocommerce");
	return (
		<SettingsSection
			id="multi-currency"
			title={__("Multi-currency", "paydesk")}
			description={__("Show prices and accept payments in your customers' currencies.", "paydesk")}
		>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("Enable multi-currency", "paydesk")}
				checked={draft.is_multi_currency_enabled}
				onChange={(is_multi_currency_enabled) => edit({ is_multi_currency_enabled })}
			/>
			<p className="paydesk-settings-links">
				<Link href={settingsUrl({ tab: "wcpay_multi_currency" })}>
					{__("Multi-currency settings", "paydesk")}
				</Link>
				{canChange && (
					<Link href={adminUrl("/payments/multi-currency-setup")}>
						{__("Set up multiple currencies", "paydesk")}
					</Link>
				)}
			</p>
		</SettingsSection>
	);
}
