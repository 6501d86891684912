/**
 * WooCommerce's words for the general settings: each field's label and the help under it, the
 * sections' titles and descriptions, and the choices of its selects.
 */
import type { GeneralSettingId } from "@paydesk/contract/store-settings";
import { __ } from "@wordpress/i18n";

export function settingLabels(): Record<GeneralSettingId, string> {
	return {
		woocommerce_store_address: __("Address line 1", "paydesk"),
		woocommerce_store_address_2: __("Address line 2", "paydesk"),
		woocommerce_store_city: __("City", "paydesk"),
		woocommerce_default_country: __("Country / State", "paydesk"),
		woocommerce_store_postcode: __("Postcode / ZIP", "paydesk"),
		woocommerce_allowed_countries: __("Selling location(s)", "paydesk"),
		woocommerce_all_except_countries: __("Sell to all countries, except for…", "paydesk"),
		woocommerce_specific_allowed_countries: __("Sell to specific countries", "paydesk"),
		woocommerce_ship_to_countries: __("Shipping location(s)", "paydesk"),
		woocommerce_specific_ship_to_countries: __("Ship to specific countries", "paydesk"),
		woocommerce_default_customer_address: __("Default customer location", "paydesk"),
		woocommerce_calc_taxes: __("Enable taxes", "paydesk"),
		woocommerce_enable_coupons: __("Enable coupons", "paydesk"),
		woocommerce_currency: __("Currency", "paydesk"),
		woocommerce_currency_pos: __("Currency position", "paydesk"),
		woocommerce_price_thousand_sep: __("Thousand separator", "paydesk"),
		woocommerce_price_decimal_sep: __("Decimal separator", "paydesk"),
		woocommerce_price_num_decimals: __("Number of decimals", "paydesk"),
	};
}

/** The help WooCommerce gives a field (its tip); a checkbox's own label is its description. */
export function settingHelp(): Partial<Record<GeneralSettingId, string>> {
	return {
		woocommerce_store_address: __("The street address for your business location.", "paydesk"),
		woocommerce_store_address_2: __(
			"An additional, optional address line for your business location.",
			"paydesk",
		),
		woocommerce_store_city: __("The city in which your business is located.", "paydesk"),
		woocommerce_default_country: __(
			"The country and state or province, if any, in which your business is located.",
			"paydesk",
		),
		woocommerce_store_postcode: __("The postal code, if any, in which your business is located.", "paydesk"),
		woocommerce_allowed_countries: __(
			"This option lets you limit which countries you are willing to sell to.",
			"paydesk",
		),
		woocommerce_ship_to_countries: __(
			"Choose which countries you want to ship to, or choose to ship to all locations you sell to.",
			"paydesk",
		),
		woocommerce_default_customer_address: __(
			"This option determines a customers default location. The MaxMind GeoLite Database will be periodically downloaded to your wp-content directory if using geolocation.",
			"paydesk",
		),
		woocommerce_calc_taxes: __(
			"Rates will be configurable and taxes will be calculated during checkout.",
			"paydesk",
		),
		woocommerce_enable_coupons: __("Coupons can be applied from the cart and checkout pages.", "paydesk"),
		woocommerce_currency: __(
			"This controls what currency prices are listed at in the catalog and which currency gateways will take payments in.",
			"paydesk",
		),
		woocommerce_currency_pos: __("This controls the position of the currency symbol.", "paydesk"),
		woocommerce_price_thousand_sep: __("This sets the thousand separator of displayed prices.", "paydesk"),
		woocommerce_price_decimal_sep: __("This sets the decimal separator of displayed prices.", "paydesk"),
		woocommerce_price_num_decimals: __(
			"This sets the number of decimal points shown in displayed prices.",
			"paydesk",
		),
	};
}

export const sellingChoices = () => [
	{ value: "all", label: __("Sell to all countries", "paydesk") },
	{ value: "all_except", label: __("Sell to all countries, except for…", "paydesk") },
	{ value: "specific", label: __("Sell to specific countries", "paydesk") },
];

export const shippingChoices = () => [
	{ value: "", label: __("Ship to all countries you sell to", "paydesk") },
	{ value: "all", label: __("Ship to all countries", "paydesk") },
	{ value: "specific", label: __("Ship to specific countries only", "paydesk") },
	{ value: "disabled", label: __("Disable shipping & shipping calculations", "paydesk") },
];

export const customerLocationChoices = () => [
	{ value: "", label: __("No location by default", "paydesk") },
	{ value: "base", label: __("Shop country/region", "paydesk") },
	{ value: "geolocation", label: __("Geolocate", "paydesk") },
	{ value: "geolocation_ajax", label: __("Geolocate (with page caching support)", "paydesk") },
];

export const currencyPositionChoices = () => [
	{ value: "left", label: __("Left", "paydesk") },
	{ value: "right", label: __("Right", "paydesk") },
	{ value: "left_space", label: __("Left with space", "paydesk") },
	{ value: "right_space", label: __("Right with space", "paydesk") },
];
