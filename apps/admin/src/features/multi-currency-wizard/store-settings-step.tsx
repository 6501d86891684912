/**
 * Step two, multi-currency-settings ('Review store settings', spec 3 §2.6, §5.4): automatic
 * currency switching, and the storefront switcher, offered only for the Storefront theme.
 */
import type { StoreSettings } from "@paydesk/contract/multi-currency";
import { Button, Card, CardBody, CheckboxControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";

export function StoreSettingsStep({
	settings,
	saving,
	onSubmit,
}: {
	settings: StoreSettings;
	saving: boolean;
	onSubmit: (values: { auto: boolean; switcher: boolean }) => void;
}) {
	const [auto, setAuto] = useState(settings.wcpay_multi_currency_enable_auto_currency);
	const [switcher, setSwitcher] = useState(settings.wcpay_multi_currency_enable_storefront_switcher);
	const storefront = settings.site_theme === "Storefront";
	return (
		<Card>
			<CardBody>
				<h2 className="paydesk-card-title">{__("Review store settings", "paydesk")}</h2>
				<p className="paydesk-wizard__lead">
					{__("Decide how customers meet the new currencies in your store.", "paydesk")}
				</p>
				<CheckboxControl
					__nextHasNoMarginBottom
					label={__(
						"Automatically switch customers to their local currency if it has been enabled",
						"paydesk",
					)}
					help={__("Customers are shown prices in their local currency based on their location.", "paydesk")}
					checked={auto}
					onChange={setAuto}
				/>
				{storefront && (
					<CheckboxControl
						__nextHasNoMarginBottom
						label={__("Add a currency switcher to the Storefront theme on breadcrumb section", "paydesk")}
						help={__("A currency switcher is also available as a widget.", "paydesk")}
						checked={switcher}
						onChange={setSwitcher}
					/>
				)}
				<div className="paydesk-wizard__actions">
					<Button
						variant="primary"
						isBusy={saving}
						disabled={saving}
						accessibleWhenDisabled
						onClick={() => onSubmit({ auto, switcher: storefront && switcher })}
					>
						{__("Update and complete", "paydesk")}
					</Button>
				</div>
			</CardBody>
		</Card>
	);
}
