import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, COUNTRY_STATES, countryDisplayName, parseStoreLocation } from "./countries.ts";

describe("the store's base location is WooCommerce's country:state", () => {
	it("a country with states names one of them", () => {
		expect(parseStoreLocation("US:CA")).toEqual({ country: "US", state: "CA" });
		expect(parseStoreLocation("CA:QC")).toEqual({ country: "CA", state: "QC" });
		expect(parseStoreLocation("US"), "the United States need a state").toBeNull();
		expect(parseStoreLocation("US:XX")).toBeNull();
	});

	it("a country without states stands alone", () => {
		expect(parseStoreLocation("FR")).toEqual({ country: "FR", state: "" });
		expect(parseStoreLocation("FR:75")).toBeNull();
	});

	it("anything else is not a location", () => {
		for (const value of ["", "XX", "fr", "US:CA:SF", ":CA"]) expect(parseStoreLocation(value)).toBeNull();
	});
});

describe("countries and states", () => {
	it("lists every ISO country once, and the states WooCommerce has for the United States", () => {
		expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
		expect(COUNTRY_CODES.length).toBeGreaterThan(240);
		expect(Object.keys(COUNTRY_STATES.US ?? {})).toHaveLength(54);
		expect(COUNTRY_STATES.US?.CA).toBe("California");
	});

	it("names a country as WooCommerce does in English, and in the reader's language", () => {
		expect(countryDisplayName("US")).toBe("United States (US)");
		expect(countryDisplayName("GB")).toBe("United Kingdom (UK)");
		expect(countryDisplayName("DE")).toBe("Germany");
		expect(countryDisplayName("DE", "fr")).toBe("Allemagne");
	});
});
