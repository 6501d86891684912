/**
 * The partner's identity verification: which details the form asks for, their validation, and
 * the decision the partner takes from them. Like a payment partner's test mode, a few values
 * trigger outcomes (SANDBOX_VALUES); anything else verifies.
 */
import { FAILING_BANK_ACCOUNT_NUMBER } from "@paydesk/domain/processor-schedule";
import type { ExternalAccountRow, RequirementErrorRow } from "../../../accounts/documents.ts";
import type { ReviewOutcome } from "../onboarding.ts";

export const MINIMUM_AGE = 18;

/** Values that make the sandbox partner decide something other than "verified". */
export const SANDBOX_VALUES = {
	idNumberMismatch: "111111111",
	underReview: "222222222",
	rejected: "333333333",
	documentMissing: "444444444",
	unsupportedBusiness: "555555555",
	addressNoMatch: "address_no_match",
	failingBankAccount: FAILING_BANK_ACCOUNT_NUMBER,
} as const;

export interface VerificationForm {
	first_name: string;
	last_name: string;
	dob: string;
	email: string;
	phone: string;
	address_line1: string;
	city: string;
	state: string;
	postal_code: string;
	business_name: string;
	id_number: string;
	bank_account_number: string;
	tos: string;
}
export type VerificationField = keyof VerificationForm;

export const EMPTY_FORM: VerificationForm = {
	first_name: "",
	last_name: "",
	dob: "",
	email: "",
	phone: "",
	address_line1: "",
	city: "",
	state: "",
	postal_code: "",
	business_name: "",
	id_number: "",
	bank_account_number: "",
	tos: "",
};

/** What the session asks for: progressive onboarding leaves identity and payouts for later. */
export interface VerificationScope {
	progressive: boolean;
	/** Companies, non-profits and government entities give their legal name. */
	business: boolean;
}

export function formFromBody(body: unknown): VerificationForm {
	const source = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
	const form = { ...EMPTY_FORM };
	for (const key of Object.keys(EMPTY_FORM) as VerificationField[]) {
		const value = source[key];
		form[key] = typeof value === "string" ? value.trim().slice(0, 200) : "";
	}
	return form;
}

/** Whole years between a yyyy-mm-dd birth date and now. */
export function ageOn(dob: string, now: Date): number | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
	if (!match) return null;
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const birth = new Date(Date.UTC(year, month - 1, day));
	if (birth.getUTCMonth() !== month - 1 || birth > now) return null;
	let age = now.getUTCFullYear() - year;
	const beforeBirthday =
		now.getUTCMonth() < month - 1 || (now.getUTCMonth() === month - 1 && now.getUTCDate() < day);
	if (beforeBirthday) age--;
	return age;
}

/** Field errors of the form; empty when the partner accepts it for verification. */
export function validateVerification(
	form: VerificationForm,
	scope: VerificationScope,
	now: Date,
): Partial<Record<VerificationField, string>> {
	const errors: Partial<Record<VerificationField, string>> = {};
	const required: VerificationField[] = [
		"first_name",
		"last_name",
		"dob",
		"email",
		"address_line1",
		"city",
		"postal_code",
	];
	if (scope.business) required.push("business_name");
	if (!scope.progressive) required.push("id_number", "bank_account_number");
	for (const field of required) if (!form[field]) errors[field] = "This field is required.";
	if (form.dob && ageOn(form.dob, now) === null) errors.dob = "Enter a valid date of birth.";
	if (form.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email))
		errors.email = "Enter a valid email address.";
	if (form.id_number && !/^\d{4,12}$/.test(form.id_number)) errors.id_number = "Enter 4 to 12 digits.";
	if (form.bank_account_number && !/^\d{6,17}$/.test(form.bank_account_number))
		errors.bank_account_number = "Enter an account number of 6 to 17 digits.";
	if (form.tos !== "on") errors.tos = "Accept the services agreement to continue.";
	return errors;
}

const SEVERITY = ["complete", "enabled", "restricted_soon", "restricted", "under_review", "rejected.fraud"];
const worse = (a: string, b: string) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a);

/** The partner's decision on valid details. */
export function decideVerification(
	form: VerificationForm,
	scope: VerificationScope,
	context: { now: Date; currency: string },
): ReviewOutcome {
	const requirements: RequirementErrorRow[] = [];
	let status = scope.progressive ? "enabled" : "complete";
	const require = (row: RequirementErrorRow, next: string) => {
		requirements.push(row);
		status = worse(status, next);
	};
	const age = ageOn(form.dob, context.now);
	if (age !== null && age < MINIMUM_AGE) {
		require({
			code: "invalid_dob_age_under_18",
			reason: "The representative must be at least 18 years old.",
			requirement: "individual.dob.day",
		}, "restricted_soon");
	}
	if (form.address_line1.toLowerCase() === SANDBOX_VALUES.addressNoMatch) {
		require({
			code: "verification_failed_address_match",
			reason: "The address could not be matched.",
			requirement: "individual.address.line1",
		}, "restricted_soon");
	}
	switch (form.id_number) {
		case SANDBOX_VALUES.idNumberMismatch:
			require({
				code: "verification_failed_id_number_match",
				reason: "The ID number does not match the name.",
				requirement: "individual.id_number",
			}, "restricted_soon");
			break;
		case SANDBOX_VALUES.documentMissing:
			require({
				code: "verification_document_missing_front",
				reason: "The front of the identity document is missing.",
				requirement: "individual.verification.document",
			}, "restricted");
			break;
		case SANDBOX_VALUES.unsupportedBusiness:
			require({
				code: "verification_supportability",
				reason: "Please describe your products in more detail so the partner can review your business.",
				requirement: "business_profile.product_description",
			}, "restricted_soon");
			break;
		case SANDBOX_VALUES.underReview:
			status = worse(status, "under_review");
			break;
		case SANDBOX_VALUES.rejected:
			status = "rejected.fraud";
			break;
	}
	const externalAccount: ExternalAccountRow | null = form.bank_account_number
		? {
				currency: context.currency,
				// The failing test number is accepted: its first payout fails (processor/timed-payouts),
				// and only then is the account marked errored, as a partner finds out.
				status: "verified",
				bank_name: "SANDBOX TEST BANK",
				last4: form.bank_account_number.slice(-4),
			}
		: null;
	return { status, requirements, progressive: scope.progressive, externalAccount };
}

/** What the partner's account page may show of the details: nothing secret. */
export function verificationSummary(form: VerificationForm): Record<string, string> {
	return {
		name: `${form.first_name} ${form.last_name}`.trim(),
		email: form.email,
		city: form.city,
		...(form.business_name ? { business_name: form.business_name } : {}),
		...(form.id_number ? { id_number: `•••${form.id_number.slice(-2)}` } : {}),
		...(form.bank_account_number ? { bank_account: `•••• ${form.bank_account_number.slice(-4)}` } : {}),
	};
}
