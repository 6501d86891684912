import { describe, expect, it } from "vitest";
import {
	addCurrenciesButton,
	currencyFlag,
	currencyInfo,
	currencyLabel,
	matchesCurrencySearch,
	orderForWizard,
	RECOMMENDED_CURRENCIES,
	spellCount,
} from "./currencies.ts";

describe("currency label and flag", () => {
	it("names a currency with its symbol and code, not repeating a symbol that is the code", () => {
		expect(currencyLabel(currencyInfo("eur"))).toBe("Euro (€ EUR)");
		expect(currencyLabel(currencyInfo("CHF"))).toBe("Swiss franc (CHF)");
		expect(currencyLabel(currencyInfo("xyz"))).toBe("XYZ (XYZ)");
	});

	it("shows the flag of the currency's country", () => {
		expect(currencyFlag("JPY")).toBe("🇯🇵");
		expect(currencyFlag("eur")).toBe("🇪🇺");
	});
});

describe("currency search (spec 3 §5.4)", () => {
	const euro = currencyInfo("EUR");
	it("matches symbol, code or name, case-insensitively", () => {
		expect(matchesCurrencySearch(euro, "€")).toBe(true);
		expect(matchesCurrencySearch(euro, "eur")).toBe(true);
		expect(matchesCurrencySearch(euro, "EURO")).toBe(true);
		expect(matchesCurrencySearch(euro, "yen")).toBe(false);
		expect(matchesCurrencySearch(euro, "  ")).toBe(true);
	});
});

describe("wizard order (spec 3 §9)", () => {
	it("lists the recommended currencies first, USD, EUR, JPY, GBP, AUD, CAD, INR, then the rest by name", () => {
		const codes = ["ZAR", "INR", "CHF", "USD", "CAD", "EUR", "AUD", "GBP", "JPY", "BRL"];
		const ordered = orderForWizard(codes.map(currencyInfo)).map((currency) => currency.code);
		expect(ordered).toEqual([...RECOMMENDED_CURRENCIES, "BRL", "ZAR", "CHF"]);
	});
});

describe("the add button (spec 3 §5.4, §9)", () => {
	it("counts newly selected currencies, spelling numbers up to nine", () => {
		expect(addCurrenciesButton({ newlySelected: 1, enabledCount: 1, saving: false })).toEqual({
			label: "Add one currency",
			disabled: false,
		});
		expect(addCurrenciesButton({ newlySelected: 2, enabledCount: 1, saving: false }).label).toBe(
			"Add two currencies",
		);
		expect(addCurrenciesButton({ newlySelected: 9, enabledCount: 1, saving: false }).label).toBe(
			"Add nine currencies",
		);
		expect(addCurrenciesButton({ newlySelected: 12, enabledCount: 1, saving: false }).label).toBe(
			"Add 12 currencies",
		);
		expect(spellCount(10)).toBe("10");
	});

	it("is disabled while saving, or with at most one currency enabled and none selected", () => {
		expect(addCurrenciesButton({ newlySelected: 2, enabledCount: 1, saving: true }).disabled).toBe(true);
		expect(addCurrenciesButton({ newlySelected: 0, enabledCount: 1, saving: false })).toEqual({
			label: "Add currencies",
			disabled: true,
		});
		expect(addCurrenciesButton({ newlySelected: 0, enabledCount: 3, saving: false })).toEqual({
			label: "Continue",
			disabled: false,
		});
	});
});
