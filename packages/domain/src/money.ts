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

/** Formats minor units for display: formatAmount(123456, "usd") -> "$1,234.56". */
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
	const symbol = options.symbol === false ? "" : currencySymbol(currency);
	const code = options.code ? ` ${currency.toUpperCase()}` : "";
	return `${negative ? "-" : ""}${symbol}${number}${code}`;
}

/** Plain major-unit number for CSV cells: no symbol, no grouping, "." as decimal mark. */
export function formatPlainAmount(amount: number, currency: string): string {
	if (isZeroDecimal(currency)) return String(Math.trunc(amount));
	const negative = amount < 0;
	const absolute = Math.abs(Math.trunc(amount));
	return `${negative ? "-" : ""}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}
