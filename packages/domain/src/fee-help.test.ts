import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "./countries.ts";
import { FEE_HELP_COUNTRIES, feeHelpUrl } from "./fee-help.ts";

describe("fee help links exist for a fixed list of countries (spec 3 §9)", () => {
	it("links an account in a listed country to its processor's pricing page", () => {
		expect(feeHelpUrl("US")).toBe("https://stripe.com/us/pricing");
		expect(feeHelpUrl("GB")).toBe("https://stripe.com/gb/pricing");
		expect(feeHelpUrl("fr")).toBe("https://stripe.com/fr/pricing");
	});

	it("has no link for any other country, nor without a country", () => {
		expect(feeHelpUrl("PR")).toBeNull();
		expect(feeHelpUrl("BR")).toBeNull();
		expect(feeHelpUrl("")).toBeNull();
		expect(feeHelpUrl(null)).toBeNull();
		expect(feeHelpUrl(undefined)).toBeNull();
	});

	it("lists each country once, by its ISO code", () => {
		expect(new Set(FEE_HELP_COUNTRIES).size).toBe(FEE_HELP_COUNTRIES.length);
		expect(FEE_HELP_COUNTRIES.every((code) => COUNTRY_CODES.includes(code))).toBe(true);
	});
});
