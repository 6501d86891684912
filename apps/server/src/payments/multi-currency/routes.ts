/** Multi-currency routes (spec 3 §7): currencies with rates, one currency's settings, store settings. */
import {
	getCurrencies,
	getCurrencySettings,
	getStoreSettings,
	MULTI_CURRENCY_ERRORS,
	saveCurrencySettings,
	updateEnabledCurrencies,
	updateStoreSettings,
} from "@paydesk/contract/multi-currency";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { invalidParams, notFound } from "../../http/rest-error.ts";
import { QUOTED_CURRENCIES } from "../../ledger/exchange-rates.ts";
import {
	currencies,
	currencySettingsOf,
	enabledCodes,
	saveCurrencySettingsOf,
	saveEnabledCodes,
	saveStoreSettings,
	storeCurrency,
	storeSettings,
} from "./queries.ts";

export default async function multiCurrencyRoutes(app: FastifyInstance): Promise<void> {
	const { clock, config } = app.deps;
	const db = app.deps.db.kysely;

	const requireEnabled = async (accountId: string, code: string) => {
		const enabled = await enabledCodes(db, accountId, await storeCurrency(db, accountId));
		if (!enabled.includes(code))
			throw notFound(MULTI_CURRENCY_ERRORS.notEnabled, `The currency ${code} is not enabled in this store.`);
	};

	contractRoute(app, getCurrencies, async ({ accountId }) => currencies(db, accountId, clock.seconds()));

	contractRoute(app, updateEnabledCurrencies, async ({ accountId, body }) => {
		const unknown = body.enabled.filter((code) => !QUOTED_CURRENCIES.includes(code));
		if (unknown.length > 0)
			throw invalidParams({
				enabled: `enabled holds currencies that are not available: ${unknown.join(", ")}`,
			});
		await saveEnabledCodes(db, accountId, body.enabled);
		return currencies(db, accountId, clock.seconds());
	});

	contractRoute(app, getCurrencySettings, async ({ accountId, params }) => {
		await requireEnabled(accountId, params.code);
		return currencySettingsOf(db, accountId, params.code);
	});

	contractRoute(app, saveCurrencySettings, async ({ accountId, params, body }) => {
		await requireEnabled(accountId, params.code);
		const current = await currencySettingsOf(db, accountId, params.code);
		const next = { ...current, ...body };
		if (next.exchange_rate_type === "manual" && next.manual_rate === null)
			throw invalidParams({ manual_rate: "manual_rate is required for a manual exchange rate" });
		return saveCurrencySettingsOf(db, accountId, params.code, body);
	});

	contractRoute(app, getStoreSettings, async ({ accountId }) =>
		storeSettings(db, accountId, config.publicUrl),
	);

	contractRoute(app, updateStoreSettings, async ({ accountId, body }) => {
		await saveStoreSettings(db, accountId, {
			auto: body.wcpay_multi_currency_enable_auto_currency,
			switcher: body.wcpay_multi_currency_enable_storefront_switcher,
		});
		return storeSettings(db, accountId, config.publicUrl);
	});
}
