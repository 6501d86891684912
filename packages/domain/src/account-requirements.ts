/**
 * Account requirement errors (spec 1 §8): each code of requirements.errors maps to a friendly
 * text; a code without one falls back to the server's reason; invalid_value_other is ignored
 * (it says nothing the merchant can act on). The overview shows these texts.
 */

export interface RequirementError {
	code: string;
	reason: string;
	requirement?: string | undefined;
}

/** The code the partner sends for "some other value is invalid": never shown. */
export const IGNORED_REQUIREMENT_CODE = "invalid_value_other";

const ADDRESS = {
	invalid_address_city_state_postal_code:
		"The city, state and postal code of the address do not match. Please check the address.",
	invalid_street_address: "The street address could not be verified. Please check the address.",
};

const TERMS_AND_REPRESENTATIVE = {
	invalid_tos_acceptance: "The terms of service must be accepted again before payments can continue.",
	invalid_representative_country:
		"The account representative must live in a country where the account is supported.",
};

const AGE = { invalid_dob_age_under_18: "Underage. Age must be at least 18." };

const DOCUMENT = {
	verification_document_address_mismatch: "The address on the document does not match the address provided.",
	verification_document_address_missing:
		"The document does not show an address. Please upload one that does.",
	verification_document_corrupt: "The uploaded document file is damaged. Please upload it again.",
	verification_document_country_not_supported:
		"Documents from this country are not accepted. Please upload a document from a supported country.",
	verification_document_dob_mismatch: "The date of birth on the document does not match the one provided.",
	verification_document_duplicate_type:
		"The same document was uploaded twice. Please upload two different documents.",
	verification_document_expired: "The document has expired. Please upload a valid document.",
	verification_document_failed_copy: "A copy of a document cannot be accepted. Please upload the original.",
	verification_document_failed_greyscale:
		"Black and white documents cannot be accepted. Please upload a colour image.",
	verification_document_failed_other: "The document could not be verified. Please upload another one.",
	verification_document_failed_test_mode: "Test documents cannot be used to verify a live account.",
	verification_document_fraudulent: "The document appears to be fraudulent and could not be accepted.",
	verification_document_id_number_mismatch: "The ID number on the document does not match the one provided.",
	verification_document_id_number_missing:
		"The document does not show an ID number. Please upload one that does.",
	verification_document_incomplete:
		"Part of the document is missing. Please upload an image of the whole document.",
	verification_document_invalid: "This type of document is not accepted for verification.",
	verification_document_issue_or_expiry_date_missing:
		"The document must show its issue or expiry date. Please upload one that does.",
	verification_document_manipulated: "The document appears to have been altered and could not be accepted.",
	verification_document_missing_back: "The back of the document is missing. Please upload both sides.",
	verification_document_missing_front: "The front of the document is missing. Please upload both sides.",
	verification_document_name_mismatch: "The name on the document does not match the name provided.",
	verification_document_name_missing: "The document does not show a name. Please upload one that does.",
	verification_document_nationality_mismatch:
		"The nationality on the document does not match the one provided.",
	verification_document_not_readable: "The document is not readable. Please upload a clearer image.",
	verification_document_not_signed: "The document must be signed. Please upload a signed copy.",
	verification_document_not_uploaded: "The document upload did not complete. Please upload it again.",
	verification_document_photo_mismatch: "The photo on the document does not match the person.",
	verification_document_too_large: "The document file is larger than 10 MB. Please upload a smaller file.",
	verification_document_type_not_supported:
		"This file type is not supported. Please upload the document as a JPG, PNG or PDF.",
};

const FAILED = {
	verification_failed_address_match: "The address could not be verified. Please check it and try again.",
	verification_failed_business_iec_number: "The business's Import Export Code (IEC) could not be verified.",
	verification_failed_document_match: "The document does not match the details provided.",
	verification_failed_id_number_match: "The ID number could not be matched to the name provided.",
	verification_failed_keyed_identity: "The identity details provided could not be verified.",
	verification_failed_keyed_match: "The business details provided could not be verified.",
	verification_failed_name_match: "The business name could not be matched to the details provided.",
	verification_failed_residential_address: "A residential address cannot be used as the business address.",
	verification_failed_tax_id_match: "The tax ID could not be matched to the business name provided.",
	verification_failed_tax_id_not_issued: "The tax ID provided has not been issued.",
	verification_failed_other: "The account details could not be verified. Please review them and try again.",
};

const COMPANY_PEOPLE = {
	verification_missing_owners: "Details of the business's owners are missing. Please add every owner.",
	verification_missing_executives: "Details of the business's executives are missing. Please add them.",
	verification_requires_additional_memorandum_of_associations:
		"An additional memorandum of association is needed to verify the business.",
};

/** Every friendly text, by code. */
export const REQUIREMENT_ERROR_TEXTS: Readonly<Record<string, string>> = {
	...ADDRESS,
	...TERMS_AND_REPRESENTATIVE,
	...AGE,
	...DOCUMENT,
	...FAILED,
	...COMPANY_PEOPLE,
};

/** The code families of spec 1 §8, for tests and documentation. */
export const REQUIREMENT_CODE_FAMILIES = {
	address: Object.keys(ADDRESS),
	termsAndRepresentative: Object.keys(TERMS_AND_REPRESENTATIVE),
	age: Object.keys(AGE),
	verificationDocument: Object.keys(DOCUMENT),
	verificationFailed: Object.keys(FAILED),
	companyPeople: Object.keys(COMPANY_PEOPLE),
} as const;

/** One error's text, or null when it is the ignored code. */
export function requirementErrorText(error: RequirementError): string | null {
	if (error.code === IGNORED_REQUIREMENT_CODE) return null;
	return REQUIREMENT_ERROR_TEXTS[error.code] ?? error.reason;
}

/** The texts to show for an account's requirement errors, in order, without repeats. */
export function requirementErrorMessages(errors: readonly RequirementError[]): string[] {
	const texts: string[] = [];
	for (const error of errors) {
		const text = requirementErrorText(error);
		if (text && !texts.includes(text)) texts.push(text);
	}
	return texts;
}
