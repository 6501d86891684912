/**
 * WooCommerce's settings API for the store's "general" group, as WooCommerce answers
 * it: GET /wc/v3/settings/general lists the settings, GET/PUT /wc/v3/settings/general/{id} reads
 * and changes one, POST /wc/v3/settings/general/batch changes several. Where the store is, where
 * it sells and ships, and its currency, under WooCommerce's option names.
 *
 * - A setting is `{ id, label, description, type, default, tip?, value, options?, group_id }`;
 *   values are WooCommerce's: strings ("yes"/"no" for a checkbox, "2" for a number) and lists
 *   of country codes for a multiselect.
 * - An unknown id answers 404 rest_setting_setting_invalid "Invalid setting."; a value the
 *   setting does not accept answers 400 rest_setting_value_invalid, the problem named in the
 *   message and in data.params. In a batch each item is answered on its own: a refused item is
 *   `{ id, error: { code, message, data } }` and saves nothing, the others are saved.
 * - manage_woocommerce, WooCommerce's own rule: shop managers may change the store's settings
 *   (only WordPress's site settings, /wp/v2/settings, are the administrator's).
 * - The selling-country options are the ones fraud protection reads (SELLING_COUNTRY_OPTIONS).
 */
import { COUNTRY_CODES, isCountryCode, parseStoreLocation } from "@paydesk/domain/countries";
import { CURRENCY_CATALOG } from "@paydesk/domain/currencies";
import { z } from "zod";
import { SELLING_COUNTRY_OPTIONS } from "./fraud-protection.ts";
import { defineRoute } from "./route.ts";

export const GENERAL_GROUP = "general";

/** The settings of the general group, in WooCommerce's order. */
export const GENERAL_SETTING_IDS = [
	"woocommerce_store_address",
	"woocommerce_store_address_2",
	"woocommerce_store_city",
	"woocommerce_default_country",
	"woocommerce_store_postcode",
	SELLING_COUNTRY_OPTIONS.mode,
	SELLING_COUNTRY_OPTIONS.allExcept,
	SELLING_COUNTRY_OPTIONS.specific,
	"woocommerce_ship_to_countries",
	"woocommerce_specific_ship_to_countries",
	"woocommerce_default_customer_address",
	"woocommerce_calc_taxes",
	"woocommerce_enable_coupons",
	"woocommerce_currency",
	"woocommerce_currency_pos",
	"woocommerce_price_thousand_sep",
	"woocommerce_price_decimal_sep",
	"woocommerce_price_num_decimals",
] as const;
export type GeneralSettingId = (typeof GENERAL_SETTING_IDS)[number];

export const SELLING_MODES = ["all", "all_except", "specific"] as const;
/** "" ships to every country the store sells to. */
export const SHIPPING_MODES = ["", "all", "specific", "disabled"] as const;
export const CUSTOMER_LOCATIONS = ["", "base", "geolocation", "geolocation_ajax"] as const;
export const CURRENCY_POSITIONS = ["left", "right", "left_space", "right_space"] as const;
export const STORE_CURRENCIES = Object.keys(CURRENCY_CATALOG);

/** What a new WooCommerce store has. */
export const GENERAL_DEFAULTS: Readonly<Record<GeneralSettingId, SettingValue>> = {
	woocommerce_store_address: "",
	woocommerce_store_address_2: "",
	woocommerce_store_city: "",
	woocommerce_default_country: "US:CA",
	woocommerce_store_postcode: "",
	woocommerce_allowed_countries: "all",
	woocommerce_all_except_countries: [],
	woocommerce_specific_allowed_countries: [],
	woocommerce_ship_to_countries: "",
	woocommerce_specific_ship_to_countries: [],
	woocommerce_default_customer_address: "base",
	woocommerce_calc_taxes: "no",
	woocommerce_enable_coupons: "yes",
	woocommerce_currency: "USD",
	woocommerce_currency_pos: "left",
	woocommerce_price_thousand_sep: ",",
	woocommerce_price_decimal_sep: ".",
	woocommerce_price_num_decimals: "2",
};

export const settingValue = z.union([z.string(), z.array(z.string())]);
export type SettingValue = z.infer<typeof settingValue>;

export const settingType = z.enum(["text", "select", "multiselect", "checkbox", "number"]);

export const storeSetting = z.object({
	id: z.string(),
	label: z.string(),
	description: z.string(),
	type: settingType,
	default: settingValue,
	tip: z.string().optional(),
	value: settingValue,
	options: z.record(z.string(), z.string()).optional(),
	group_id: z.string(),
});
export type StoreSetting = z.infer<typeof storeSetting>;

const noControlCharacters = (value: string) => !/\p{Cc}/u.test(value);

const text = z
	.string({ error: "must be text" })
	.max(200, { error: "must be at most 200 characters" })
	.refine(noControlCharacters, { error: "must not contain control characters" })
	.transform((value) => value.trim());

/** A separator keeps its spaces: "1 234,56" is written with a space. */
const separator = z
	.string({ error: "must be text" })
	.max(8, { error: "must be at most 8 characters" })
	.refine(noControlCharacters, { error: "must not contain control characters" });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
	z.enum(values, { error: `must be one of ${values.map((value) => JSON.stringify(value)).join(", ")}` });

/** A list of country codes; "" is the empty list, as WooCommerce keeps one never set. */
const COUNTRY_LIST = 'must be a list of country codes such as ["FR", "DE"]';
const countries = z.preprocess(
	(value) => (value === "" ? [] : value),
	z
		.array(
			z.string({ error: COUNTRY_LIST }).refine(isCountryCode, {
				error: (issue) => `${COUNTRY_LIST}; ${JSON.stringify(issue.input)} is not one`,
			}),
			{ error: COUNTRY_LIST },
		)
		.max(COUNTRY_CODES.length, { error: "must list each country once" })
		.transform((codes) => [...new Set(codes)]),
);

const yesNo = z.enum(["yes", "no"], { error: 'must be "yes" or "no"' });

/** What each setting accepts; a refused value's message names the problem. */
export const GENERAL_SETTING_VALUES: Readonly<Record<GeneralSettingId, z.ZodType<SettingValue>>> = {
	woocommerce_store_address: text,
	woocommerce_store_address_2: text,
	woocommerce_store_city: text,
	woocommerce_default_country: z
		.string({ error: "must be text" })
		.refine((value) => parseStoreLocation(value), {
			error: 'must be a country code, with its state for a country that has states, such as "US:CA" or "FR"',
		}),
	woocommerce_store_postcode: text.pipe(z.string().max(20, { error: "must be at most 20 characters" })),
	woocommerce_allowed_countries: oneOf(SELLING_MODES),
	woocommerce_all_except_countries: countries,
	woocommerce_specific_allowed_countries: countries,
	woocommerce_ship_to_countries: oneOf(SHIPPING_MODES),
	woocommerce_specific_ship_to_countries: countries,
	woocommerce_default_customer_address: oneOf(CUSTOMER_LOCATIONS),
	woocommerce_calc_taxes: yesNo,
	woocommerce_enable_coupons: yesNo,
	woocommerce_currency: z
		.string({ error: "must be text" })
		.refine((code) => STORE_CURRENCIES.includes(code), {
			error: 'must be a currency code of the store such as "USD" or "EUR"',
		}),
	woocommerce_currency_pos: oneOf(CURRENCY_POSITIONS),
	woocommerce_price_thousand_sep: separator,
	woocommerce_price_decimal_sep: separator,
	woocommerce_price_num_decimals: z
		.union([z.number(), z.string().regex(/^\d+$/)], { error: "must be a whole number from 0 to 8" })
		.transform(Number)
		.pipe(
			z
				.number()
				.int({ error: "must be a whole number from 0 to 8" })
				.min(0, { error: "must be a whole number from 0 to 8" })
				.max(8, { error: "must be a whole number from 0 to 8" }),
		)
		.transform(String),
};

export const SETTING_ERRORS = {
	invalidSetting: "rest_setting_setting_invalid",
	invalidValue: "rest_setting_value_invalid",
	tooManyItems: "woocommerce_rest_request_entity_too_large",
} as const;

/** WooCommerce answers at most this many items of one batch (413 beyond). */
export const BATCH_LIMIT = 100;

/** A batch item WooCommerce refused, answered in its place. */
export const batchItemError = z.object({
	id: z.string(),
	error: z.object({
		code: z.string(),
		message: z.string(),
		data: z.looseObject({ status: z.number().int() }),
	}),
});
export type BatchItemError = z.infer<typeof batchItemError>;

const settingIdParams = z.object({ id: z.string() });

export const listGeneralSettings = defineRoute({
	method: "GET",
	path: "/wp-json/wc/v3/settings/general",
	summary: "The store's general settings: address, selling and shipping locations, currency",
	tag: "wc-settings",
	response: z.array(storeSetting),
});

export const getGeneralSetting = defineRoute({
	method: "GET",
	path: "/wp-json/wc/v3/settings/general/{id}",
	summary: "One general setting",
	tag: "wc-settings",
	params: settingIdParams,
	response: storeSetting,
	errors: [SETTING_ERRORS.invalidSetting],
});

export const updateGeneralSetting = defineRoute({
	method: "PUT",
	path: "/wp-json/wc/v3/settings/general/{id}",
	summary: "Change one general setting",
	tag: "wc-settings",
	params: settingIdParams,
	body: z.object({ value: z.unknown() }),
	response: storeSetting,
	errors: [SETTING_ERRORS.invalidSetting, SETTING_ERRORS.invalidValue],
});

export const batchUpdateGeneralSettings = defineRoute({
	method: "POST",
	path: "/wp-json/wc/v3/settings/general/batch",
	summary: "Change several general settings; each item is saved or refused on its own",
	tag: "wc-settings",
	body: z.object({
		update: z
			.array(z.object({ id: z.string({ error: "must name a setting" }), value: z.unknown() }))
			.default([]),
	}),
	response: z.object({ update: z.array(z.union([storeSetting, batchItemError])) }),
	errors: [SETTING_ERRORS.tooManyItems],
});
