/**
 * WooCommerce's three sections of Settings › General, in its order: Store Address, General
 * options (where the store sells and ships, taxes and coupons) and Currency options. The
 * country lists show only for the choice that uses them, as WooCommerce's page does.
 */
import { Card, CardBody } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import type { ReactNode } from "react";
import { CurrencyField } from "./currency-field.tsx";
import {
	CheckboxField,
	CountriesSettingField,
	CountryStateField,
	SelectField,
	TextField,
} from "./setting-fields.tsx";
import {
	currencyPositionChoices,
	customerLocationChoices,
	sellingChoices,
	shippingChoices,
} from "./setting-texts.ts";
import type { StoreSettingsForm } from "./use-store-settings-form.ts";

function Section({
	id,
	title,
	intro,
	children,
}: {
	id: string;
	title: string;
	intro?: string;
	children: ReactNode;
}) {
	return (
		<section className="paydesk-store-settings__section" aria-labelledby={`${id}-title`}>
			<h2 id={`${id}-title`}>{title}</h2>
			{intro && <p>{intro}</p>}
			<Card>
				<CardBody>{children}</CardBody>
			</Card>
		</section>
	);
}

export function StoreAddressSection({ form }: { form: StoreSettingsForm }) {
	return (
		<Section
			id="store_address"
			title={__("Store Address", "paydesk")}
			intro={__(
				"This is where your business is located. Tax rates and shipping rates will use this address.",
				"paydesk",
			)}
		>
			<TextField form={form} id="woocommerce_store_address" />
			<TextField form={form} id="woocommerce_store_address_2" />
			<TextField form={form} id="woocommerce_store_city" />
			<CountryStateField form={form} id="woocommerce_default_country" />
			<TextField form={form} id="woocommerce_store_postcode" narrow />
		</Section>
	);
}

export function GeneralOptionsSection({ form }: { form: StoreSettingsForm }) {
	const selling = form.draft?.woocommerce_allowed_countries;
	const shipping = form.draft?.woocommerce_ship_to_countries;
	return (
		<Section id="general_options" title={__("General options", "paydesk")}>
			<SelectField form={form} id="woocommerce_allowed_countries" choices={sellingChoices()} />
			{selling === "all_except" && (
				<CountriesSettingField form={form} id="woocommerce_all_except_countries" />
			)}
			{selling === "specific" && (
				<CountriesSettingField form={form} id="woocommerce_specific_allowed_countries" />
			)}
			<SelectField form={form} id="woocommerce_ship_to_countries" choices={shippingChoices()} />
			{shipping === "specific" && (
				<CountriesSettingField form={form} id="woocommerce_specific_ship_to_countries" />
			)}
			<SelectField
				form={form}
				id="woocommerce_default_customer_address"
				choices={customerLocationChoices()}
			/>
			<CheckboxField
				form={form}
				id="woocommerce_calc_taxes"
				boxLabel={__("Enable tax rates and calculations", "paydesk")}
			/>
			<CheckboxField
				form={form}
				id="woocommerce_enable_coupons"
				boxLabel={__("Enable the use of coupon codes", "paydesk")}
			/>
		</Section>
	);
}

export function CurrencyOptionsSection({ form }: { form: StoreSettingsForm }) {
	return (
		<Section
			id="pricing_options"
			title={__("Currency options", "paydesk")}
			intro={__("The following options affect how prices are displayed on the frontend.", "paydesk")}
		>
			<CurrencyField form={form} id="woocommerce_currency" />
			<SelectField form={form} id="woocommerce_currency_pos" choices={currencyPositionChoices()} />
			<TextField form={form} id="woocommerce_price_thousand_sep" narrow />
			<TextField form={form} id="woocommerce_price_decimal_sep" narrow />
			<TextField form={form} id="woocommerce_price_num_decimals" type="number" narrow />
		</Section>
	);
}
