/**
 * The multi-currency settings tab (page=wc-settings&tab=wcpay_multi_currency): the enabled
 * currencies with their rates, and the store settings. Points to the setup wizard until it is done.
 * A payments viewer reads them, every control disabled.
 */
import { MULTI_CURRENCY_OPTIONS } from "@paydesk/contract/multi-currency";
import { Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { adminUrl, Link, settingsUrl } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { ReadOnlyFieldset } from "../../components/read-only/read-only.tsx";
import { useCurrencies, useStoreSettings } from "../../data/multi-currency.ts";
import { useOption } from "../../data/options.ts";
import { usePaymentSettings } from "../../data/settings.ts";
import { EnabledCurrenciesCard } from "./enabled-currencies-card.tsx";
import { StoreSettingsCard } from "./store-settings-card.tsx";
import "./multi-currency-settings.css";

export default function MultiCurrencySettingsScreen() {
	const currencies = useCurrencies();
	const storeSettings = useStoreSettings();
	const completed = useOption<boolean>(MULTI_CURRENCY_OPTIONS.setupCompleted);
	const payments = usePaymentSettings();
	const canChange = useCan("manage_woocommerce");
	return (
		<div className="paydesk-page paydesk-mc">
			<h2>{__("Multi-currency", "paydesk")}</h2>
			{payments.data && !payments.data.is_multi_currency_enabled && (
				<Notice status="warning" isDismissible={false}>
					{__("Multi-currency is turned off, so customers only see the store currency.", "paydesk")}{" "}
					{canChange && (
						<Link href={settingsUrl()}>{__("Turn it on in the payments settings", "paydesk")}</Link>
					)}
				</Notice>
			)}
			{canChange && !completed.isLoading && completed.value !== true && (
				<Notice status="info" isDismissible={false}>
					{__("Choose the currencies your store offers in a few steps.", "paydesk")}{" "}
					<Link href={adminUrl("/payments/multi-currency-setup")}>
						{__("Set up multiple currencies", "paydesk")}
					</Link>
				</Notice>
			)}
			<ReadOnlyFieldset readOnly={!canChange}>
				{currencies.data ? (
					<EnabledCurrenciesCard currencies={currencies.data} />
				) : (
					!currencies.isError && <Spinner />
				)}
				{storeSettings.data && <StoreSettingsCard settings={storeSettings.data} />}
			</ReadOnlyFieldset>
		</div>
	);
}
