import { describe, expect, it } from "vitest";
import {
	REQUIREMENT_CODE_FAMILIES,
	requirementErrorMessages,
	requirementErrorText,
	requirementErrorTexts,
} from "./account-requirements.ts";
import { englishTranslator as t } from "./translator.ts";

describe("account requirement errors (spec 1 §8)", () => {
	it("maps the underage code to 'Underage. Age must be at least 18.'", () => {
		expect(requirementErrorText({ code: "invalid_dob_age_under_18", reason: "x" }, t)).toBe(
			"Underage. Age must be at least 18.",
		);
	});

	it("has a friendly text for every code family", () => {
		expect(REQUIREMENT_CODE_FAMILIES.address).toEqual([
			"invalid_address_city_state_postal_code",
			"invalid_street_address",
		]);
		expect(REQUIREMENT_CODE_FAMILIES.termsAndRepresentative).toEqual([
			"invalid_tos_acceptance",
			"invalid_representative_country",
		]);
		expect(REQUIREMENT_CODE_FAMILIES.verificationDocument.length).toBeGreaterThanOrEqual(29);
		expect(REQUIREMENT_CODE_FAMILIES.verificationFailed).toHaveLength(11);
		expect(REQUIREMENT_CODE_FAMILIES.companyPeople).toEqual([
			"verification_missing_owners",
			"verification_missing_executives",
			"verification_requires_additional_memorandum_of_associations",
		]);
		for (const codes of Object.values(REQUIREMENT_CODE_FAMILIES)) {
			for (const code of codes) {
				const text = requirementErrorText({ code, reason: "server reason" }, t);
				expect(text, code).not.toBe("server reason");
				expect(text?.length, code).toBeGreaterThan(10);
			}
		}
	});

	it("names the 10 MB limit for a document that is too large", () => {
		expect(requirementErrorTexts(t).verification_document_too_large).toContain("10 MB");
	});

	it("falls back to the server's reason for an unknown code", () => {
		expect(requirementErrorText({ code: "brand_new_code", reason: "Please call us." }, t)).toBe(
			"Please call us.",
		);
	});

	it("ignores invalid_value_other", () => {
		expect(requirementErrorText({ code: "invalid_value_other", reason: "Something" }, t)).toBeNull();
		expect(
			requirementErrorMessages(
				[
					{ code: "invalid_value_other", reason: "Something" },
					{ code: "invalid_dob_age_under_18", reason: "too young" },
					{ code: "invalid_dob_age_under_18", reason: "too young" },
				],
				t,
			),
		).toEqual(["Underage. Age must be at least 18."]);
	});
});
