/**
 * The sandbox partner's exchange rates: units of each currency one US dollar buys. A store's
 * rate for a currency is taken against its own currency, so a EUR store sees USD at 1/0.92.
 * Rates are fixed in the sandbox; `last_updated` marks the hour they were "fetched".
 */
import { CURRENCY_CATALOG } from "@paydesk/domain/currencies";

const PER_US_DOLLAR: Readonly<Record<string, number>> = {
	AED: 3.6725,
	AUD: 1.52,
	BGN: 1.8,
	BRL: 5.05,
	CAD: 1.36,
	CHF: 0.88,
	CLP: 945,
	CNY: 7.23,
	CZK: 23.2,
	DKK: 6.87,
	EUR: 0.92,
	GBP: 0.79,
	HKD: 7.82,
	HUF: 362,
	IDR: 15_800,
	ILS: 3.72,
	INR: 83.3,
	JPY: 151.2,
	KRW: 1_345,
	MXN: 17.1,
	MYR: 4.73,
	NOK: 10.8,
	NZD: 1.66,
	PHP: 56.2,
	PLN: 3.98,
	RON: 4.58,
	SEK: 10.6,
	SGD: 1.35,
	THB: 36.4,
	TRY: 32.1,
	USD: 1,
	ZAR: 18.7,
};

/** Codes the sandbox quotes: the catalog's currencies that have a rate. */
export const QUOTED_CURRENCIES: readonly string[] = Object.keys(CURRENCY_CATALOG).filter(
	(code) => PER_US_DOLLAR[code] !== undefined,
);

/** Units of `code` per unit of `base`, rounded to 6 significant digits as a partner quotes them. */
export function sandboxRate(base: string, code: string): number {
	const from = PER_US_DOLLAR[base.toUpperCase()];
	const to = PER_US_DOLLAR[code.toUpperCase()];
	if (from === undefined || to === undefined) return 1;
	return Number((to / from).toPrecision(6));
}

/** The hour the rates were last refreshed: rates are fetched hourly. */
export const ratesUpdatedAt = (nowSeconds: number): number => nowSeconds - (nowSeconds % 3600);
