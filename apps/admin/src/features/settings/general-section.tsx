/** Turning payments on, test mode, and the dev mode indicator. */
import { CheckboxControl, Notice } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import type { SectionProps } from "./section-props.ts";
import { SettingsSection } from "./settings-section.tsx";

/** The page a merchant pays a test order on (DESIGN §3 "Intake and time"). */
const TEST_CHECKOUT_URL = "/paydesk/test-checkout";

export function GeneralSection({ draft, edit }: SectionProps) {
	const product = getSettings().productName;
	// A test payment is a payment taken: not for a payments viewer.
	const canPay = useCan("manage_woocommerce");
	return (
		<SettingsSection
			id="general"
			title={__("General", "paydesk")}
			description={__("Accept payments with the store's payments account.", "paydesk")}
		>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={sprintf(
					/* translators: %s: the payments product's name, e.g. WooPayments */
					__("Enable %s", "paydesk"),
					product,
				)}
				help={__("When enabled, payment methods powered by the account appear at checkout.", "paydesk")}
				checked={draft.is_wcpay_enabled}
				onChange={(is_wcpay_enabled) => edit({ is_wcpay_enabled })}
			/>
			{draft.is_dev_mode_enabled && (
				<Notice status="warning" isDismissible={false}>
					{__("Dev mode is active: every transaction is a test transaction.", "paydesk")}
				</Notice>
			)}
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__("Enable test mode", "paydesk")}
				help={__("Simulate transactions with test card numbers; no real money moves.", "paydesk")}
				checked={draft.is_test_mode_enabled || draft.is_dev_mode_enabled}
				disabled={draft.is_dev_mode_enabled}
				onChange={(is_test_mode_enabled) => edit({ is_test_mode_enabled })}
			/>
			{canPay && (
				<p>
					<a href={TEST_CHECKOUT_URL}>{__("Make a test payment", "paydesk")}</a>
				</p>
			)}
		</SettingsSection>
	);
}
