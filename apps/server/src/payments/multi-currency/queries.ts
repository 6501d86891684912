/** Multi-currency state kept as options of the store (names in packages/contract/multi-currency). */

import {
	type CurrenciesResponse,
	type Currency,
	type CurrencySettings,
	currencySettings,
	MULTI_CURRENCY_OPTIONS,
	type StoreSettings,
} from "@paydesk/contract/multi-currency";
import { currencyFlag, currencyInfo } from "@paydesk/domain/currencies";
import { isZeroDecimal } from "@paydesk/domain/money";
import type { Kysely } from "kysely";
import { z } from "zod";
import { loadAccount } from "../../accounts/account.ts";
import type { Database } from "../../db/schema.ts";
import { QUOTED_CURRENCIES, ratesUpdatedAt, sandboxRate } from "../../ledger/exchange-rates.ts";
import { readOption, readOptions, writeOptions } from "../../wp/queries.ts";
import { readSiteSettings } from "../../wp/site-settings.ts";

type Db = Kysely<Database>;

export function defaultCurrencySettings(code: string): CurrencySettings {
	return {
		exchange_rate_type: "automatic",
		manual_rate: null,
		price_rounding: isZeroDecimal(code) ? 100 : 1,
		price_charm: 0,
	};
}

export async function storeCurrency(db: Db, accountId: string): Promise<string> {
	const account = await loadAccount(db, accountId);
	return (account?.default_currency ?? "usd").toUpperCase();
}

export async function enabledCodes(db: Db, accountId: string, base: string): Promise<string[]> {
	const stored = await readOption(db, accountId, MULTI_CURRENCY_OPTIONS.enabled, z.array(z.string()), []);
	const codes = stored.filter((code) => QUOTED_CURRENCIES.includes(code));
	return [base, ...codes.filter((code) => code !== base)];
}

async function allCurrencySettings(db: Db, accountId: string): Promise<Record<string, CurrencySettings>> {
	return readOption(
		db,
		accountId,
		MULTI_CURRENCY_OPTIONS.currencySettings,
		z.record(z.string(), currencySettings),
		{},
	);
}

export async function currencySettingsOf(db: Db, accountId: string, code: string): Promise<CurrencySettings> {
	const stored = (await allCurrencySettings(db, accountId))[code];
	return { ...defaultCurrencySettings(code), ...stored };
}

export async function saveCurrencySettingsOf(
	db: Db,
	accountId: string,
	code: string,
	patch: Partial<CurrencySettings>,
): Promise<CurrencySettings> {
	const all = await allCurrencySettings(db, accountId);
	const next = { ...defaultCurrencySettings(code), ...all[code], ...patch };
	if (next.exchange_rate_type === "automatic") next.manual_rate = null;
	await writeOptions(db, accountId, { [MULTI_CURRENCY_OPTIONS.currencySettings]: { ...all, [code]: next } });
	return next;
}

function currencyOf(code: string, base: string, settings: CurrencySettings, now: number): Currency {
	const info = currencyInfo(code);
	const manual = settings.exchange_rate_type === "manual" && settings.manual_rate !== null;
	return {
		id: code.toLowerCase(),
		code,
		name: info.name,
		symbol: info.symbol,
		flag: currencyFlag(code),
		is_default: code === base,
		is_zero_decimal: isZeroDecimal(code),
		rate: code === base ? 1 : manual ? (settings.manual_rate ?? 1) : sandboxRate(base, code),
		last_updated: ratesUpdatedAt(now),
		exchange_rate_type: code === base ? "automatic" : settings.exchange_rate_type,
	};
}

export async function currencies(db: Db, accountId: string, now: number): Promise<CurrenciesResponse> {
	const base = await storeCurrency(db, accountId);
	const enabled = await enabledCodes(db, accountId, base);
	const settings = await allCurrencySettings(db, accountId);
	const one = (code: string) =>
		currencyOf(code, base, { ...defaultCurrencySettings(code), ...settings[code] }, now);
	const available = Object.fromEntries(QUOTED_CURRENCIES.map((code) => [code, one(code)]));
	return {
		available,
		enabled: Object.fromEntries(enabled.map((code) => [code, one(code)])),
		default: one(base),
	};
}

export async function saveEnabledCodes(db: Db, accountId: string, codes: readonly string[]): Promise<void> {
	const base = await storeCurrency(db, accountId);
	const unique = [...new Set([base, ...codes])];
	await writeOptions(db, accountId, { [MULTI_CURRENCY_OPTIONS.enabled]: unique });
}

const THEME_NAMES: Readonly<Record<string, string>> = { storefront: "Storefront" };

export async function storeSettings(db: Db, accountId: string, publicUrl: string): Promise<StoreSettings> {
	const values = await readOptions(db, accountId, [
		MULTI_CURRENCY_OPTIONS.autoCurrency,
		MULTI_CURRENCY_OPTIONS.storefrontSwitcher,
		"stylesheet",
	]);
	const theme = typeof values.stylesheet === "string" ? values.stylesheet : "storefront";
	const site = await readSiteSettings(db, accountId);
	return {
		wcpay_multi_currency_enable_auto_currency: values[MULTI_CURRENCY_OPTIONS.autoCurrency] === "yes",
		wcpay_multi_currency_enable_storefront_switcher:
			values[MULTI_CURRENCY_OPTIONS.storefrontSwitcher] === "yes",
		site_theme: THEME_NAMES[theme] ?? theme,
		date_format: site.date_format,
		time_format: site.time_format,
		store_url: publicUrl,
	};
}

export async function saveStoreSettings(
	db: Db,
	accountId: string,
	values: { auto?: boolean | undefined; switcher?: boolean | undefined },
): Promise<void> {
	const options: Record<string, string> = {};
	if (values.auto !== undefined) options[MULTI_CURRENCY_OPTIONS.autoCurrency] = values.auto ? "yes" : "no";
	if (values.switcher !== undefined)
		options[MULTI_CURRENCY_OPTIONS.storefrontSwitcher] = values.switcher ? "yes" : "no";
	if (Object.keys(options).length > 0) await writeOptions(db, accountId, options);
}
