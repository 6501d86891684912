import { describe, expect, it } from "vitest";
import {
	currencyDecimals,
	formatAmount,
	formatCount,
	formatPlainAmount,
	isZeroDecimal,
	minor,
	parseMajor,
	separatorsFor,
	toMajor,
} from "./money.ts";

describe("amounts are held in minor units and divided by 100 unless the currency has zero decimals", () => {
	it("a currency has 2 decimals, or none when it is zero-decimal", () => {
		expect(currencyDecimals("usd")).toBe(2);
		expect(currencyDecimals("EUR")).toBe(2);
		expect(currencyDecimals("jpy")).toBe(0);
	});
	it("divides two-decimal currencies by 100", () => {
		expect(toMajor(1050, "usd")).toBe(10.5);
		expect(toMajor(1050, "EUR")).toBe(10.5);
	});
	it("leaves zero-decimal currencies undivided", () => {
		expect(isZeroDecimal("jpy")).toBe(true);
		expect(toMajor(1050, "jpy")).toBe(1050);
		expect(formatAmount(123456, "jpy")).toBe("¥123,456");
	});
	it("refuses a fractional minor amount", () => {
		expect(() => minor(10.5)).toThrow(RangeError);
	});
	it("parses a merchant's typed amount into minor units", () => {
		expect(parseMajor("12.3", "usd")).toBe(1230);
		expect(parseMajor("0.05", "usd")).toBe(5);
		expect(parseMajor("1.234", "usd")).toBeNull();
		expect(parseMajor("12", "jpy")).toBe(12);
		expect(parseMajor("12.5", "jpy")).toBeNull();
		expect(parseMajor("abc", "usd")).toBeNull();
	});
});

describe("thousands separator depends on the page language", () => {
	it("is a space for fr and pl", () => {
		expect(separatorsFor("fr").thousands).toBe(" ");
		expect(separatorsFor("fr-FR").thousands).toBe(" ");
		expect(separatorsFor("pl_PL").thousands).toBe(" ");
	});
	it("is an apostrophe for de-CH", () => {
		expect(separatorsFor("de-CH").thousands).toBe("'");
		expect(separatorsFor("de_CH").thousands).toBe("'");
	});
	it("is a dot for de, nl, it, es and pt", () => {
		for (const language of ["de", "de-DE", "nl", "it", "es", "pt", "pt-BR"]) {
			expect(separatorsFor(language).thousands).toBe(".");
		}
	});
	it("is a comma otherwise", () => {
		for (const language of ["en", "en-US", "ja", undefined]) {
			expect(separatorsFor(language).thousands).toBe(",");
		}
	});
	it("formats a large amount with the language's separators", () => {
		expect(formatAmount(123456789, "usd")).toBe("$1,234,567.89");
		expect(formatAmount(123456789, "eur", { locale: "de" })).toBe("1.234.567,89 €");
		expect(formatAmount(123456789, "eur", { locale: "fr" })).toBe("1 234 567,89 €");
		expect(formatAmount(123456789, "chf", { locale: "de-CH" })).toBe("CHF 1'234'567.89");
		expect(formatAmount(123456, "eur", { locale: "fr_FR" })).toBe("1 234,56 €");
		expect(formatAmount(-123456, "usd", { locale: "fr_FR" })).toBe("-1 234,56 $");
		expect(formatAmount(123456, "eur", { locale: "nl" })).toBe("€1.234,56");
	});
	it("groups counts with the same separator", () => {
		expect(formatCount(1234567, "fr")).toBe("1 234 567");
		expect(formatCount(1234567, "de-CH")).toBe("1'234'567");
		expect(formatCount(1234567, "de_DE")).toBe("1.234.567");
		expect(formatCount(-1234, undefined)).toBe("-1,234");
		expect(formatCount(999, "fr")).toBe("999");
	});
});

describe("formatting details", () => {
	it("puts the sign before the symbol", () => {
		expect(formatAmount(-2500, "usd")).toBe("-$25.00");
	});
	it("can append the currency code", () => {
		expect(formatAmount(2500, "usd", { code: true })).toBe("$25.00 USD");
	});
	it("writes plain CSV numbers without grouping", () => {
		expect(formatPlainAmount(123456789, "usd")).toBe("1234567.89");
		expect(formatPlainAmount(-5, "eur")).toBe("-0.05");
		expect(formatPlainAmount(1200, "jpy")).toBe("1200");
	});
});
