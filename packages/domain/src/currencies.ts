/**
 * Store currencies of multi-currency (spec 3 §3.9, §5.4, §9): the currencies a store can add,
 * how one is labelled, how the wizard searches and orders them, and the add button's label.
 */

export interface CurrencyInfo {
	/** Upper-case ISO 4217 code. */
	code: string;
	name: string;
	symbol: string;
}

/** Currencies the sandbox partner settles for multi-currency stores, by upper-case code. */
export const CURRENCY_CATALOG: Readonly<Record<string, { name: string; symbol: string }>> = {
	AED: { name: "United Arab Emirates dirham", symbol: "د.إ" },
	AUD: { name: "Australian dollar", symbol: "$" },
	BGN: { name: "Bulgarian lev", symbol: "лв." },
	BRL: { name: "Brazilian real", symbol: "R$" },
	CAD: { name: "Canadian dollar", symbol: "$" },
	CHF: { name: "Swiss franc", symbol: "CHF" },
	CLP: { name: "Chilean peso", symbol: "$" },
	CNY: { name: "Chinese yuan", symbol: "¥" },
	CZK: { name: "Czech koruna", symbol: "Kč" },
	DKK: { name: "Danish krone", symbol: "kr." },
	EUR: { name: "Euro", symbol: "€" },
	GBP: { name: "Pound sterling", symbol: "£" },
	HKD: { name: "Hong Kong dollar", symbol: "$" },
	HUF: { name: "Hungarian forint", symbol: "Ft" },
	IDR: { name: "Indonesian rupiah", symbol: "Rp" },
	ILS: { name: "Israeli new shekel", symbol: "₪" },
	INR: { name: "Indian rupee", symbol: "₹" },
	JPY: { name: "Japanese yen", symbol: "¥" },
	KRW: { name: "South Korean won", symbol: "₩" },
	MXN: { name: "Mexican peso", symbol: "$" },
	MYR: { name: "Malaysian ringgit", symbol: "RM" },
	NOK: { name: "Norwegian krone", symbol: "kr" },
	NZD: { name: "New Zealand dollar", symbol: "$" },
	PHP: { name: "Philippine peso", symbol: "₱" },
	PLN: { name: "Polish złoty", symbol: "zł" },
	RON: { name: "Romanian leu", symbol: "lei" },
	SEK: { name: "Swedish krona", symbol: "kr" },
	SGD: { name: "Singapore dollar", symbol: "$" },
	THB: { name: "Thai baht", symbol: "฿" },
	TRY: { name: "Turkish lira", symbol: "₺" },
	USD: { name: "United States (US) dollar", symbol: "$" },
	ZAR: { name: "South African rand", symbol: "R" },
};

/** Spec 3 §9: offered first in the wizard, in this order. */
export const RECOMMENDED_CURRENCIES = ["USD", "EUR", "JPY", "GBP", "AUD", "CAD", "INR"] as const;

export function currencyInfo(code: string): CurrencyInfo {
	const upper = code.toUpperCase();
	const known = CURRENCY_CATALOG[upper];
	return { code: upper, name: known?.name ?? upper, symbol: known?.symbol ?? upper };
}

/** The flag of a currency's country: regional indicators of its first two letters ("EUR" → 🇪🇺). */
export function currencyFlag(code: string): string {
	const letters = code.toUpperCase().slice(0, 2);
	if (!/^[A-Z]{2}$/.test(letters)) return "";
	return String.fromCodePoint(...[...letters].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** "Euro (€ EUR)"; a symbol that is the code itself is not repeated: "Swiss franc (CHF)". */
export function currencyLabel(currency: CurrencyInfo): string {
	return currency.symbol === currency.code
		? `${currency.name} (${currency.code})`
		: `${currency.name} (${currency.symbol} ${currency.code})`;
}

/** Spec 3 §5.4: a search matches the symbol, the code or the name, ignoring case. */
export function matchesCurrencySearch(currency: CurrencyInfo, term: string): boolean {
	const needle = term.trim().toLowerCase();
	if (needle === "") return true;
	return [currency.symbol, currency.code, currency.name].some((field) =>
		field.toLowerCase().includes(needle),
	);
}

/** Recommended currencies first in the spec's order, then the rest by name. */
export function orderForWizard<C extends CurrencyInfo>(currencies: readonly C[]): C[] {
	const rank = (code: string) => {
		const index = (RECOMMENDED_CURRENCIES as readonly string[]).indexOf(code);
		return index === -1 ? RECOMMENDED_CURRENCIES.length : index;
	};
	return [...currencies].sort((a, b) => rank(a.code) - rank(b.code) || a.name.localeCompare(b.name));
}

export const isRecommendedCurrency = (code: string): boolean =>
	(RECOMMENDED_CURRENCIES as readonly string[]).includes(code.toUpperCase());

const SPELLED = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** Spec 3 §9: counts up to nine are spelled out ("two"), larger ones are digits ("12"). */
export function spellCount(count: number): string {
	return SPELLED[count] ?? String(count);
}

export interface AddCurrenciesButton {
	label: string;
	disabled: boolean;
}

/**
 * The wizard's add button (spec 3 §5.4): 'Add N currency/currencies' for N newly selected;
 * with nothing new selected it is 'Continue' once the store has other currencies than its
 * own, else a disabled 'Add currencies'. Always disabled while saving.
 */
export function addCurrenciesButton(input: {
	newlySelected: number;
	enabledCount: number;
	saving: boolean;
}): AddCurrenciesButton {
	if (input.newlySelected > 0) {
		const noun = input.newlySelected === 1 ? "currency" : "currencies";
		return { label: `Add ${spellCount(input.newlySelected)} ${noun}`, disabled: input.saving };
	}
	if (input.enabledCount > 1) return { label: "Continue", disabled: input.saving };
	return { label: "Add currencies", disabled: true };
}
