import { describe, expect, it } from "vitest";
import {
	canConfirmBusinessDetails,
	checkTaxNumber,
	isTaxNumberContinueDisabled,
	normaliseTaxNumber,
	taxNumberHint,
	taxNumberLabel,
	taxNumberPrefix,
} from "./tax-details.ts";
import { englishTranslator as t } from "./translator.ts";

describe("tax number prefix (spec 1 §5)", () => {
	it("is none for JP, 'EL ' for GR, 'CHE ' for CH, otherwise the country code", () => {
		expect(taxNumberPrefix("JP")).toBe("");
		expect(taxNumberPrefix("GR")).toBe("EL ");
		expect(taxNumberPrefix("CH")).toBe("CHE ");
		expect(taxNumberPrefix("DE")).toBe("DE ");
		expect(taxNumberPrefix("fr")).toBe("FR ");
	});

	it("calls the number a Corporate Number in Japan and a VAT Number elsewhere", () => {
		expect(taxNumberLabel("JP", t)).toBe("Corporate Number");
		expect(taxNumberLabel("DE", t)).toBe("VAT Number");
	});

	it("gives the two hints of the spec", () => {
		expect(taxNumberHint("DE", t)).toBe(
			"8 to 12 digits with your country code prefix, for example DE 123456789.",
		);
		expect(taxNumberHint("US", t)).toBe(
			"8 to 12 digits with your country code prefix, for example DE 123456789.",
		);
		expect(taxNumberHint("JP", t)).toBe("A 13 digit number, for example 1234567890123.");
	});
});

describe("Continue is disabled (spec 1 §5)", () => {
	it("while the checkbox is on and the number is only the prefix", () => {
		const step = { registered: true, prefix: "DE ", busy: false };
		expect(isTaxNumberContinueDisabled({ ...step, number: "DE " })).toBe(true);
		expect(isTaxNumberContinueDisabled({ ...step, number: "DE" })).toBe(true);
		expect(isTaxNumberContinueDisabled({ ...step, number: "DE 1" })).toBe(false);
	});

	it("for JP, whose prefix is empty, while the number is empty", () => {
		expect(isTaxNumberContinueDisabled({ registered: true, prefix: "", number: "", busy: false })).toBe(true);
	});

	it("not when the checkbox is off, whatever the number", () => {
		expect(
			isTaxNumberContinueDisabled({ registered: false, prefix: "DE ", number: "DE ", busy: false }),
		).toBe(false);
	});

	it("while a request is in flight", () => {
		expect(
			isTaxNumberContinueDisabled({ registered: false, prefix: "DE ", number: "DE 123456789", busy: true }),
		).toBe(true);
	});
});

describe("Confirm needs a business name and address (spec 1 §5)", () => {
	it("non-empty after trimming", () => {
		expect(canConfirmBusinessDetails({ name: "Acme GmbH", address: "Hauptstr. 1, Berlin" })).toBe(true);
		expect(canConfirmBusinessDetails({ name: "  ", address: "Hauptstr. 1" })).toBe(false);
		expect(canConfirmBusinessDetails({ name: "Acme", address: "\n\t" })).toBe(false);
	});

	it("and no request in flight", () => {
		expect(canConfirmBusinessDetails({ name: "Acme", address: "Berlin", busy: true })).toBe(false);
	});
});

describe("tax number format", () => {
	it("drops the spaces, dots and dashes people type", () => {
		expect(normaliseTaxNumber("de 123.456-789")).toBe("DE123456789");
	});

	it("accepts a country code and 8 to 12 digits", () => {
		expect(checkTaxNumber("DE 123456789")).toEqual({ valid: true, number: "DE123456789", country: "DE" });
		expect(checkTaxNumber("FR 12345678901").valid).toBe(true);
		expect(checkTaxNumber("NL 123456789B01").valid).toBe(true);
		expect(checkTaxNumber("ATU12345678").valid).toBe(true);
	});

	it("refuses too few or too many characters, or no country code", () => {
		expect(checkTaxNumber("DE 1234567")).toMatchObject({ valid: false });
		expect(checkTaxNumber("DE 1234567890123")).toMatchObject({ valid: false });
		expect(checkTaxNumber("DE ABCDEFGHI")).toMatchObject({ valid: false });
		expect(checkTaxNumber("DE ")).toMatchObject({ valid: false });
		expect(checkTaxNumber("")).toMatchObject({ valid: false });
	});

	it("wants EL for Greece and CHE with 9 digits for Switzerland", () => {
		expect(checkTaxNumber("EL 123456789")).toEqual({ valid: true, number: "EL123456789", country: "GR" });
		expect(checkTaxNumber("GR 123456789")).toMatchObject({ valid: false });
		expect(checkTaxNumber("CHE-123.456.789 MWST")).toEqual({
			valid: true,
			number: "CHE123456789MWST",
			country: "CH",
		});
		expect(checkTaxNumber("CHE 12345678")).toMatchObject({ valid: false });
	});

	it("reads 13 digits as a Japanese Corporate Number", () => {
		expect(checkTaxNumber("1234567890123")).toEqual({ valid: true, number: "1234567890123", country: "JP" });
		expect(checkTaxNumber("123456789012")).toMatchObject({ valid: false });
	});
});
