/**
 * Multi-currency (spec 3 §3.9, §7): the store's currencies with their exchange rates, one
 * currency's settings, and the store settings the wizard reviews.
 *
 * Choices where the spec is silent:
 * - Currency codes are upper case ("EUR"); `available` and `enabled` are keyed by code.
 * - `rate` is how many units of the currency one unit of the default (store) currency buys;
 *   the default's rate is 1. Automatic rates come from the sandbox partner and are refreshed
 *   hourly (`last_updated`, epoch seconds); a manual rate replaces it for that currency.
 * - The store currency is always enabled: update-enabled-currencies keeps it whatever is sent,
 *   and refuses codes that are not available.
 * - Everything is stored as options of the store (options table):
 *   wcpay_multi_currency_enabled_currencies (codes), wcpay_multi_currency_currency_settings
 *   (settings by code), wcpay_multi_currency_enable_auto_currency and
 *   wcpay_multi_currency_enable_storefront_switcher ('yes' / 'no', as WooCommerce stores
 *   checkboxes). The wizard's completion is wcpay_multi_currency_setup_completed, saved
 *   through POST /settings/{option}. The theme is WordPress's `stylesheet` option (Storefront
 *   when unset).
 * - get-settings answers the two flags as booleans; update-settings takes 'yes' or 'no' (or a
 *   boolean) and answers the same object as get-settings.
 */
import { z } from "zod";
import { defineRoute, REST_BASE } from "./route.ts";

export const MULTI_CURRENCY_ERRORS = {
	unknownCurrency: "wcpay_multi_currency_unknown_currency",
	notEnabled: "wcpay_multi_currency_currency_not_enabled",
} as const;

export const MULTI_CURRENCY_OPTIONS = {
	enabled: "wcpay_multi_currency_enabled_currencies",
	currencySettings: "wcpay_multi_currency_currency_settings",
	autoCurrency: "wcpay_multi_currency_enable_auto_currency",
	storefrontSwitcher: "wcpay_multi_currency_enable_storefront_switcher",
	setupCompleted: "wcpay_multi_currency_setup_completed",
} as const;

/** Price rounding steps and charm pricing offsets a merchant can pick, in major units. */
export const PRICE_ROUNDINGS = [0, 0.25, 0.5, 1, 5, 10, 100] as const;
export const PRICE_CHARMS = [0, -0.01, -0.05, -0.1] as const;

export const currency = z.object({
	id: z.string(),
	code: z.string(),
	name: z.string(),
	symbol: z.string(),
	flag: z.string(),
	is_default: z.boolean(),
	is_zero_decimal: z.boolean(),
	rate: z.number(),
	last_updated: z.number().int(),
	exchange_rate_type: z.enum(["automatic", "manual"]),
});
export type Currency = z.infer<typeof currency>;

export const currenciesResponse = z.object({
	available: z.record(z.string(), currency),
	enabled: z.record(z.string(), currency),
	default: currency,
});
export type CurrenciesResponse = z.infer<typeof currenciesResponse>;

const code = z
	.string()
	.regex(/^[a-zA-Z]{3}$/, { error: "must be a three-letter currency code" })
	.transform((value) => value.toUpperCase());

export const currencySettings = z.object({
	exchange_rate_type: z.enum(["automatic", "manual"]),
	/** Units of this currency per unit of the store currency; null with automatic rates. */
	manual_rate: z.number().positive({ error: "must be greater than 0" }).nullable(),
	price_rounding: z.number().refine((value) => (PRICE_ROUNDINGS as readonly number[]).includes(value), {
		error: `must be one of ${PRICE_ROUNDINGS.join(", ")}`,
	}),
	price_charm: z.number().refine((value) => (PRICE_CHARMS as readonly number[]).includes(value), {
		error: `must be one of ${PRICE_CHARMS.join(", ")}`,
	}),
});
export type CurrencySettings = z.infer<typeof currencySettings>;

const yesNo = z
	.union([z.boolean(), z.enum(["yes", "no"])])
	.transform((value) => value === true || value === "yes");

export const storeSettings = z.object({
	wcpay_multi_currency_enable_auto_currency: z.boolean(),
	wcpay_multi_currency_enable_storefront_switcher: z.boolean(),
	site_theme: z.string(),
	date_format: z.string(),
	time_format: z.string(),
	store_url: z.string(),
});
export type StoreSettings = z.infer<typeof storeSettings>;

const BASE = `${REST_BASE}/multi-currency`;

export const getCurrencies = defineRoute({
	method: "GET",
	path: `${BASE}/currencies`,
	summary: "Available, enabled and default currencies with their exchange rates",
	tag: "multi-currency",
	response: currenciesResponse,
});

export const updateEnabledCurrencies = defineRoute({
	method: "POST",
	path: `${BASE}/update-enabled-currencies`,
	summary: "Set the enabled currencies (the store currency stays enabled)",
	tag: "multi-currency",
	body: z.object({ enabled: z.array(code).max(200) }),
	response: currenciesResponse,
	errors: [MULTI_CURRENCY_ERRORS.unknownCurrency],
});

export const getCurrencySettings = defineRoute({
	method: "GET",
	path: `${BASE}/currencies/{code}`,
	summary: "One enabled currency's settings",
	tag: "multi-currency",
	params: z.object({ code }),
	response: currencySettings,
	errors: [MULTI_CURRENCY_ERRORS.notEnabled],
});

export const saveCurrencySettings = defineRoute({
	method: "POST",
	path: `${BASE}/currencies/{code}`,
	summary: "Save one enabled currency's settings",
	tag: "multi-currency",
	params: z.object({ code }),
	body: currencySettings
		.partial()
		.refine((value) => value.exchange_rate_type !== "manual" || (value.manual_rate ?? null) !== null, {
			error: "a manual exchange rate needs manual_rate",
			path: ["manual_rate"],
		}),
	response: currencySettings,
	errors: [MULTI_CURRENCY_ERRORS.notEnabled],
});

export const getStoreSettings = defineRoute({
	method: "GET",
	path: `${BASE}/get-settings`,
	summary: "Store settings of multi-currency (automatic currency, storefront switcher)",
	tag: "multi-currency",
	response: storeSettings,
});

export const updateStoreSettings = defineRoute({
	method: "POST",
	path: `${BASE}/update-settings`,
	summary: "Save the store settings of multi-currency",
	tag: "multi-currency",
	body: z.object({
		wcpay_multi_currency_enable_auto_currency: yesNo.optional(),
		wcpay_multi_currency_enable_storefront_switcher: yesNo.optional(),
	}),
	response: storeSettings,
});
