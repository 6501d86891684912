/**
 * Money rules of spec 1 §1 and spec 2 §9: amounts are integers of minor units, divided by
 * 100 for display unless the currency has zero decimals; the thousands separator follows
 * the page language.
 */

declare const minorBrand: unique symbol;
/** An integer amount of a currency's minor units (cents for USD, yen for JPY). */
export type Minor = number & { readonly [minorBrand]: true };

export function minor(value: number): Minor {
	if (!Number.isSafeInteger(value)) {
		throw new RangeError(`A minor-unit amount must be a safe integer, got ${value}`);
	}
	return value as Minor;
}

/** Currencies whose smallest unit is the major unit (no division by 100). */
export const ZERO_DECIMAL_CURRENCIES: readonly string[] = [
	"bif",
	"clp",
	"djf",
	"gnf",
	"jpy",
	"kmf",
	"krw",
	"mga",
	"pyg",
	"rwf",
	"ugx",
	"vnd",
	"vuv",
	"xaf",
	"xof",
	"xpf",
];

export function isZeroDecimal(currency: string): boolean {
	return ZERO_DECIMAL_CURRENCIES.includes(currency.toLowerCase());
}

/** The decimal places of a currency's major unit: none for the zero-decimal currencies, 2 otherwise. */
export function currencyDecimals(currency: string): number {
	return isZeroDecimal(currency) ? 0 : 2;
}

/** Minor units to the major-unit number, e.g. 1050 USD -> 10.5, 1050 JPY -> 1050. */
export function toMajor(amount: number, currency: string): number {
	return isZeroDecimal(currency) ? amount : amount / 100;
}

/** A major-unit decimal string (as typed by a merchant) to minor units, or null when malformed. */
export function parseMajor(input: string, currency: string): Minor | null {
	const text = input.trim();
	if (!/^\d+(\.\d*)?$|^\.\d+$/.test(text)) return null;
	const [whole = "0", fraction = ""] = text.split(".");
	if (isZeroDecimal(currency)) {
		if (fraction.replace(/0+$/, "").length > 0) return null;
		return minor(Number(whole || "0"));
	}
	if (fraction.length > 2) return null;
	return minor(Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0")));
}

export interface Separators {
	thousands: string;
	decimal: string;
}

/**
 * Thousands separator by page language (spec 1 §1): a space for fr and pl; an apostrophe for
 * de-CH; a dot for de, nl, it, es and pt; a comma otherwise. The decimal mark is the one that
 * does not clash with it: a comma where the thousands mark is a dot or a space.
 */
export function separatorsFor(locale: string | undefined): Separators {
	const normalized = (locale ?? "en").replace("_", "-").toLowerCase();
	const language = normalized.split("-")[0];
	if (normalized === "de-ch") return { thousands: "'", decimal: "." };
	if (language === "fr" || language === "pl") return { thousands: " ", decimal: "," };
	if (["de", "nl", "it", "es", "pt"].includes(language ?? "")) {
		return { thousands: ".", decimal: "," };
	}
	return { thousands: ",", decimal: "." };
}

export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
	usd: "$",
	eur: "€",
	gbp: "£",
	jpy: "¥",
	aud: "A$",
	cad: "CA$",
	chf: "CHF ",
	dkk: "kr.",
	nok: "kr",
	nzd: "NZ$",
	sek: "kr",
	inr: "₹",
	pln: "zł",
};

export function currencySymbol(currency: string): string {
	return CURRENCY_SYMBOLS[currency.toLowerCase()] ?? `${currency.toUpperCase()} `;
}

export interface FormatOptions {
	/** Page language, e.g. "en-US", "fr", "de-CH". */
	locale?: string;
	/** Show the currency symbol (default true). */
	symbol?: boolean;
	/** Append the upper-case currency code, e.g. "$10.00 USD". */
	code?: boolean;
}

/** Groups the digits of a non-negative integer string by three. */
function groupThousands(digits: string, separator: string): string {
	return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** A count with the page language's thousands separator (spec 1 §1): 12345 in fr → "12 345". */
export function formatCount(count: number, locale?: string): string {
	const digits = groupThousands(String(Math.abs(Math.trunc(count))), separatorsFor(locale).thousands);
	return count < 0 ? `-${digits}` : digits;
}

const symbolAfterNumber = new Map<string, boolean>();

/**
 * Whether the language writes the currency after the number ("1 234,56 €" in French and German,
 * "$1,234.56" in English), as CLDR says through Intl; the separators stay spec 1 §1's.
 */
function writesSymbolAfter(locale: string | undefined, currency: string): boolean {
	const key = `${locale ?? ""}|${currency}`;
	let after = symbolAfterNumber.get(key);
	if (after === undefined) {
		try {
			const tag = (locale ?? "en-US").replace(/_/g, "-");
			const parts = new Intl.NumberFormat(tag, { style: "currency", currency }).formatToParts(1);
			const symbolAt = parts.findIndex((part) => part.type === "currency");
			const numberAt = parts.findIndex((part) => part.type === "integer");
			after = symbolAt > numberAt;
		} catch {
			after = false;
		}
		symbolAfterNumber.set(key, after);
	}
	return after;
}

/**
 * Formats minor units for display: formatAmount(123456, "usd") -> "$1,234.56", and in French
 * formatAmount(123456, "eur", { locale: "fr" }) -> "1 234,56 €".
 */
export function formatAmount(amount: number, currency: string, options: FormatOptions = {}): string {
	const { thousands, decimal } = separatorsFor(options.locale);
	const negative = amount < 0;
	const absolute = Math.abs(Math.trunc(amount));
	let number: string;
	if (isZeroDecimal(currency)) {
		number = groupThousands(String(absolute), thousands);
	} else {
		const whole = Math.floor(absolute / 100);
		const cents = String(absolute % 100).padStart(2, "0");
		number = `${groupThousands(String(whole), thousands)}${decimal}${cents}`;
	}
	const code = options.code ? ` ${currency.toUpperCase()}` : "";
	const sign = negative ? "-" : "";
	if (options.symbol === false) return `${sign}${number}${code}`;
	const symbol = currencySymbol(currency);
	if (writesSymbolAfter(options.locale, currency)) return `${sign}${number} ${symbol.trim()}${code}`;
	return `${sign}${symbol}${number}${code}`;
}

/** Plain major-unit number for CSV cells: no symbol, no grouping, "." as decimal mark. */
export function formatPlainAmount(amount: number, currency: string): string {
	if (isZeroDecimal(currency)) return String(Math.trunc(amount));
	const negative = amount < 0;
	const absolute = Math.abs(Math.trunc(amount));
	return `${negative ? "-" : ""}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}
