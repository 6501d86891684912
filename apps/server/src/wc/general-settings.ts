/**
 * The settings of WooCommerce's general group as its settings API describes them: WooCommerce's
 * labels, descriptions and tips, the setting's type, and the choices of a select (country and
 * state pairs, countries, currencies) as WooCommerce lists them.
 */
import type { GeneralSettingId, StoreSetting } from "@paydesk/contract/store-settings";
import { COUNTRY_CODES, COUNTRY_STATES, countryDisplayName } from "@paydesk/domain/countries";
import { CURRENCY_CATALOG } from "@paydesk/domain/currencies";

export interface SettingDefinition {
	label: string;
	description: string;
	type: StoreSetting["type"];
	/** WooCommerce's desc_tip: the description, or a tip of its own. */
	tip?: string;
	options?: () => Record<string, string>;
}

const byName = (a: [string, string], b: [string, string]) => a[1].localeCompare(b[1], "en");

let countryOptions: Record<string, string> | null = null;
let locationOptions: Record<string, string> | null = null;

/** Countries by code, in the order of their names. */
function countries(): Record<string, string> {
	countryOptions ??= Object.fromEntries(
		COUNTRY_CODES.map((code): [string, string] => [code, countryDisplayName(code)]).sort(byName),
	);
	return countryOptions;
}

/** WooCommerce's country select: "US:CA" → "United States (US) - California", "FR" → "France". */
function countriesAndStates(): Record<string, string> {
	locationOptions ??= Object.fromEntries(
		Object.entries(countries()).flatMap(([code, name]) => {
			const states = COUNTRY_STATES[code];
			if (!states) return [[code, name]];
			return Object.entries(states).map(([state, stateName]) => [
				`${code}:${state}`,
				`${name} - ${stateName}`,
			]);
		}),
	);
	return locationOptions;
}

/** "United States (US) dollar ($) - USD", as WooCommerce's currency select reads. */
function currencies(): Record<string, string> {
	return Object.fromEntries(
		Object.entries(CURRENCY_CATALOG)
			.map(([code, { name, symbol }]): [string, string] => [code, `${name} (${symbol}) - ${code}`])
			.sort(byName),
	);
}

const described = (
	label: string,
	description: string,
	type: StoreSetting["type"] = "text",
	options?: () => Record<string, string>,
): SettingDefinition => ({ label, description, type, tip: description, ...(options ? { options } : {}) });

export const GENERAL_SETTINGS: Readonly<Record<GeneralSettingId, SettingDefinition>> = {
	woocommerce_store_address: described("Address line 1", "The street address for your business location."),
	woocommerce_store_address_2: described(
		"Address line 2",
		"An additional, optional address line for your business location.",
	),
	woocommerce_store_city: described("City", "The city in which your business is located."),
	woocommerce_default_country: described(
		"Country / State",
		"The country and state or province, if any, in which your business is located.",
		"select",
		countriesAndStates,
	),
	woocommerce_store_postcode: described(
		"Postcode / ZIP",
		"The postal code, if any, in which your business is located.",
	),
	woocommerce_allowed_countries: described(
		"Selling location(s)",
		"This option lets you limit which countries you are willing to sell to.",
		"select",
		() => ({
			all: "Sell to all countries",
			all_except: "Sell to all countries, except for…",
			specific: "Sell to specific countries",
		}),
	),
	woocommerce_all_except_countries: {
		label: "Sell to all countries, except for…",
		description: "",
		type: "multiselect",
		options: countries,
	},
	woocommerce_specific_allowed_countries: {
		label: "Sell to specific countries",
		description: "",
		type: "multiselect",
		options: countries,
	},
	woocommerce_ship_to_countries: described(
		"Shipping location(s)",
		"Choose which countries you want to ship to, or choose to ship to all locations you sell to.",
		"select",
		() => ({
			"": "Ship to all countries you sell to",
			all: "Ship to all countries",
			specific: "Ship to specific countries only",
			disabled: "Disable shipping & shipping calculations",
		}),
	),
	woocommerce_specific_ship_to_countries: {
		label: "Ship to specific countries",
		description: "",
		type: "multiselect",
		options: countries,
	},
	woocommerce_default_customer_address: {
		label: "Default customer location",
		description: "",
		type: "select",
		tip: "This option determines a customers default location. The MaxMind GeoLite Database will be periodically downloaded to your wp-content directory if using geolocation.",
		options: () => ({
			"": "No location by default",
			base: "Shop country/region",
			geolocation: "Geolocate",
			geolocation_ajax: "Geolocate (with page caching support)",
		}),
	},
	woocommerce_calc_taxes: {
		label: "Enable taxes",
		description: "Enable tax rates and calculations",
		type: "checkbox",
		tip: "Rates will be configurable and taxes will be calculated during checkout.",
	},
	woocommerce_enable_coupons: {
		label: "Enable coupons",
		description: "Enable the use of coupon codes",
		type: "checkbox",
		tip: "Coupons can be applied from the cart and checkout pages.",
	},
	woocommerce_currency: described(
		"Currency",
		"This controls what currency prices are listed at in the catalog and which currency gateways will take payments in.",
		"select",
		currencies,
	),
	woocommerce_currency_pos: described(
		"Currency position",
		"This controls the position of the currency symbol.",
		"select",
		() => ({ left: "Left", right: "Right", left_space: "Left with space", right_space: "Right with space" }),
	),
	woocommerce_price_thousand_sep: described(
		"Thousand separator",
		"This sets the thousand separator of displayed prices.",
	),
	woocommerce_price_decimal_sep: described(
		"Decimal separator",
		"This sets the decimal separator of displayed prices.",
	),
	woocommerce_price_num_decimals: described(
		"Number of decimals",
		"This sets the number of decimal points shown in displayed prices.",
		"number",
	),
};
