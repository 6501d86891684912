/**
 * Account requirement errors (spec 1 §8): each code of requirements.errors maps to a friendly
 * text; a code without one falls back to the server's reason; invalid_value_other is ignored
 * (it says nothing the merchant can act on). The overview shows these texts.
 */
import type { Translator } from "./translator.ts";

export interface RequirementError {
	code: string;
	reason: string;
	requirement?: string | undefined;
}

/** The code the partner sends for "some other value is invalid": never shown. */
export const IGNORED_REQUIREMENT_CODE = "invalid_value_other";

const ADDRESS = ["invalid_address_city_state_postal_code", "invalid_street_address"] as const;
const TERMS_AND_REPRESENTATIVE = ["invalid_tos_acceptance", "invalid_representative_country"] as const;
const AGE = ["invalid_dob_age_under_18"] as const;
const DOCUMENT = [
	"verification_document_address_mismatch",
	"verification_document_address_missing",
	"verification_document_corrupt",
	"verification_document_country_not_supported",
	"verification_document_dob_mismatch",
	"verification_document_duplicate_type",
	"verification_document_expired",
	"verification_document_failed_copy",
	"verification_document_failed_greyscale",
	"verification_document_failed_other",
	"verification_document_failed_test_mode",
	"verification_document_fraudulent",
	"verification_document_id_number_mismatch",
	"verification_document_id_number_missing",
	"verification_document_incomplete",
	"verification_document_invalid",
	"verification_document_issue_or_expiry_date_missing",
	"verification_document_manipulated",
	"verification_document_missing_back",
	"verification_document_missing_front",
	"verification_document_name_mismatch",
	"verification_document_name_missing",
	"verification_document_nationality_mismatch",
	"verification_document_not_readable",
	"verification_document_not_signed",
	"verification_document_not_uploaded",
	"verification_document_photo_mismatch",
	"verification_document_too_large",
	"verification_document_type_not_supported",
] as const;
const FAILED = [
	"verification_failed_address_match",
	"verification_failed_business_iec_number",
	"verification_failed_document_match",
	"verification_failed_id_number_match",
	"verification_failed_keyed_identity",
	"verification_failed_keyed_match",
	"verification_failed_name_match",
	"verification_failed_residential_address",
	"verification_failed_tax_id_match",
	"verification_failed_tax_id_not_issued",
	"verification_failed_other",
] as const;
const COMPANY_PEOPLE = [
	"verification_missing_owners",
	"verification_missing_executives",
	"verification_requires_additional_memorandum_of_associations",
] as const;

/** Every friendly text, by code, in the merchant's language. */
export function requirementErrorTexts(t: Translator): Readonly<Record<string, string>> {
	return {
		invalid_dob_age_under_18: t.__("Underage. Age must be at least 18.", "paydesk"),
		invalid_address_city_state_postal_code: t.__(
			"The city, state and postal code of the address do not match. Please check the address.",
			"paydesk",
		),
		invalid_street_address: t.__(
			"The street address could not be verified. Please check the address.",
			"paydesk",
		),
		invalid_tos_acceptance: t.__(
			"The terms of service must be accepted again before payments can continue.",
			"paydesk",
		),
		invalid_representative_country: t.__(
			"The account representative must live in a country where the account is supported.",
			"paydesk",
		),
		verification_document_address_mismatch: t.__(
			"The address on the document does not match the address provided.",
			"paydesk",
		),
		verification_document_address_missing: t.__(
			"The document does not show an address. Please upload one that does.",
			"paydesk",
		),
		verification_document_corrupt: t.__(
			"The uploaded document file is damaged. Please upload it again.",
			"paydesk",
		),
		verification_document_country_not_supported: t.__(
			"Documents from this country are not accepted. Please upload a document from a supported country.",
			"paydesk",
		),
		verification_document_dob_mismatch: t.__(
			"The date of birth on the document does not match the one provided.",
			"paydesk",
		),
		verification_document_duplicate_type: t.__(
			"The same document was uploaded twice. Please upload two different documents.",
			"paydesk",
		),
		verification_document_expired: t.__(
			"The document has expired. Please upload a valid document.",
			"paydesk",
		),
		verification_document_failed_copy: t.__(
			"A copy of a document cannot be accepted. Please upload the original.",
			"paydesk",
		),
		verification_document_failed_greyscale: t.__(
			"Black and white documents cannot be accepted. Please upload a colour image.",
			"paydesk",
		),
		verification_document_failed_other: t.__(
			"The document could not be verified. Please upload another one.",
			"paydesk",
		),
		verification_document_failed_test_mode: t.__(
			"Test documents cannot be used to verify a live account.",
			"paydesk",
		),
		verification_document_fraudulent: t.__(
			"The document appears to be fraudulent and could not be accepted.",
			"paydesk",
		),
		verification_document_id_number_mismatch: t.__(
			"The ID number on the document does not match the one provided.",
			"paydesk",
		),
		verification_document_id_number_missing: t.__(
			"The document does not show an ID number. Please upload one that does.",
			"paydesk",
		),
		verification_document_incomplete: t.__(
			"Part of the document is missing. Please upload an image of the whole document.",
			"paydesk",
		),
		verification_document_invalid: t.__("This type of document is not accepted for verification.", "paydesk"),
		verification_document_issue_or_expiry_date_missing: t.__(
			"The document must show its issue or expiry date. Please upload one that does.",
			"paydesk",
		),
		verification_document_manipulated: t.__(
			"The document appears to have been altered and could not be accepted.",
			"paydesk",
		),
		verification_document_missing_back: t.__(
			"The back of the document is missing. Please upload both sides.",
			"paydesk",
		),
		verification_document_missing_front: t.__(
			"The front of the document is missing. Please upload both sides.",
			"paydesk",
		),
		verification_document_name_mismatch: t.__(
			"The name on the document does not match the name provided.",
			"paydesk",
		),
		verification_document_name_missing: t.__(
			"The document does not show a name. Please upload one that does.",
			"paydesk",
		),
		verification_document_nationality_mismatch: t.__(
			"The nationality on the document does not match the one provided.",
			"paydesk",
		),
		verification_document_not_readable: t.__(
			"The document is not readable. Please upload a clearer image.",
			"paydesk",
		),
		verification_document_not_signed: t.__(
			"The document must be signed. Please upload a signed copy.",
			"paydesk",
		),
		verification_document_not_uploaded: t.__(
			"The document upload did not complete. Please upload it again.",
			"paydesk",
		),
		verification_document_photo_mismatch: t.__(
			"The photo on the document does not match the person.",
			"paydesk",
		),
		verification_document_too_large: t.__(
			"The document file is larger than 10 MB. Please upload a smaller file.",
			"paydesk",
		),
		verification_document_type_not_supported: t.__(
			"This file type is not supported. Please upload the document as a JPG, PNG or PDF.",
			"paydesk",
		),
		verification_failed_address_match: t.__(
			"The address could not be verified. Please check it and try again.",
			"paydesk",
		),
		verification_failed_business_iec_number: t.__(
			"The business's Import Export Code (IEC) could not be verified.",
			"paydesk",
		),
		verification_failed_document_match: t.__("The document does not match the details provided.", "paydesk"),
		verification_failed_id_number_match: t.__(
			"The ID number could not be matched to the name provided.",
			"paydesk",
		),
		verification_failed_keyed_identity: t.__(
			"The identity details provided could not be verified.",
			"paydesk",
		),
		verification_failed_keyed_match: t.__("The business details provided could not be verified.", "paydesk"),
		verification_failed_name_match: t.__(
			"The business name could not be matched to the details provided.",
			"paydesk",
		),
		verification_failed_residential_address: t.__(
			"A residential address cannot be used as the business address.",
			"paydesk",
		),
		verification_failed_tax_id_match: t.__(
			"The tax ID could not be matched to the business name provided.",
			"paydesk",
		),
		verification_failed_tax_id_not_issued: t.__("The tax ID provided has not been issued.", "paydesk"),
		verification_failed_other: t.__(
			"The account details could not be verified. Please review them and try again.",
			"paydesk",
		),
		verification_missing_owners: t.__(
			"Details of the business's owners are missing. Please add every owner.",
			"paydesk",
		),
		verification_missing_executives: t.__(
			"Details of the business's executives are missing. Please add them.",
			"paydesk",
		),
		verification_requires_additional_memorandum_of_associations: t.__(
			"An additional memorandum of association is needed to verify the business.",
			"paydesk",
		),
	};
}

/** The code families of spec 1 §8, for tests and documentation. */
export const REQUIREMENT_CODE_FAMILIES = {
	address: ADDRESS,
	termsAndRepresentative: TERMS_AND_REPRESENTATIVE,
	age: AGE,
	verificationDocument: DOCUMENT,
	verificationFailed: FAILED,
	companyPeople: COMPANY_PEOPLE,
} as const;

/** One error's text, or null when it is the ignored code. */
export function requirementErrorText(error: RequirementError, t: Translator): string | null {
	if (error.code === IGNORED_REQUIREMENT_CODE) return null;
	return requirementErrorTexts(t)[error.code] ?? error.reason;
}

/** The texts to show for an account's requirement errors, in order, without repeats. */
export function requirementErrorMessages(errors: readonly RequirementError[], t: Translator): string[] {
	const texts: string[] = [];
	for (const error of errors) {
		const text = requirementErrorText(error, t);
		if (text && !texts.includes(text)) texts.push(text);
	}
	return texts;
}
