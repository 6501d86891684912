/** A currency as lists show it: flag, name with symbol and code, and its rate against the store's. */
import type { Currency } from "@paydesk/contract/multi-currency";
import { currencyLabel } from "@paydesk/domain/currencies";
import { formatExchangeRate } from "@paydesk/domain/fees";
import { sprintf } from "@wordpress/i18n";

export function CurrencyName({ currency }: { currency: Currency }) {
	return (
		<span className="paydesk-currency-name">
			<span className="paydesk-currency-name__flag" aria-hidden="true">
				{currency.flag}
			</span>
			{currencyLabel(currency)}
		</span>
	);
}

/** "1 USD = 0.92 EUR" (rate precision of spec 3 §9). */
export function exchangeRateText(currency: Currency, base: Currency): string {
	return sprintf("1 %1$s = %2$s %3$s", base.code, formatExchangeRate(currency.rate), currency.code);
}
