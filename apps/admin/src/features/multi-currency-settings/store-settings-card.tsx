/** The multi-currency store settings, as the wizard's review step sets them. */
import type { StoreSettings } from "@paydesk/contract/multi-currency";
import { Button, Card, CardBody, CardHeader, CheckboxControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { useSaveStoreSettings } from "../../data/multi-currency.ts";

export function StoreSettingsCard({ settings }: { settings: StoreSettings }) {
	const save = useSaveStoreSettings();
	const [auto, setAuto] = useState(settings.wcpay_multi_currency_enable_auto_currency);
	const [switcher, setSwitcher] = useState(settings.wcpay_multi_currency_enable_storefront_switcher);
	const dirty =
		auto !== settings.wcpay_multi_currency_enable_auto_currency ||
		switcher !== settings.wcpay_multi_currency_enable_storefront_switcher;
	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Store settings", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				<CheckboxControl
					__nextHasNoMarginBottom
					label={__(
						"Automatically switch customers to their local currency if it has been enabled",
						"paydesk",
					)}
					checked={auto}
					onChange={setAuto}
				/>
				{settings.site_theme === "Storefront" && (
					<CheckboxControl
						__nextHasNoMarginBottom
						label={__("Add a currency switcher to the Storefront theme on breadcrumb section", "paydesk")}
						checked={switcher}
						onChange={setSwitcher}
					/>
				)}
				<Button
					variant="primary"
					className="paydesk-mc-save"
					isBusy={save.isPending}
					disabled={!dirty || save.isPending}
					accessibleWhenDisabled
					onClick={() => save.mutate({ auto, switcher })}
				>
					{__("Save Changes", "paydesk")}
				</Button>
			</CardBody>
		</Card>
	);
}
