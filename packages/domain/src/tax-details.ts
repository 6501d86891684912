/**
 * Tax details of spec 1 §3/§4.6/§5: the 'Set your tax details' modal asked before a tax invoice
 * is downloaded. Step 1 takes an optional VAT number (a Corporate Number in Japan), step 2 the
 * business name and address. The number format rules are shared by the admin's hints and the
 * server's validation of GET /vat/{number} and POST /vat.
 */
import { sprintf, type Translator } from "./translator.ts";

/**
 * The prefix the number field starts with (spec 1 §5): none for JP, 'EL ' for Greece (its VAT
 * prefix is not its country code), 'CHE ' for Switzerland, otherwise the country code.
 */
export function taxNumberPrefix(country: string): string {
	const code = country.trim().toUpperCase();
	if (code === "JP") return "";
	if (code === "GR") return "EL ";
	if (code === "CH") return "CHE ";
	return `${code} `;
}

/** The field's name: Japan calls its number a Corporate Number. */
export function taxNumberLabel(country: string, t: Translator): string {
	return country.trim().toUpperCase() === "JP"
		? t.__("Corporate Number", "paydesk")
		: t.__("VAT Number", "paydesk");
}

/** The confirmation step's line of the number: "VAT Number: DE123456789". */
export function taxNumberLine(country: string, number: string, t: Translator): string {
	const format =
		country.trim().toUpperCase() === "JP"
			? /* translators: %s: a Japanese Corporate Number, 13 digits */
				t.__("Corporate Number: %s", "paydesk")
			: /* translators: %s: a VAT number with its country prefix, e.g. DE123456789 */
				t.__("VAT Number: %s", "paydesk");
	return sprintf(format, number);
}

/** The hint under the field (spec 1 §5). */
export function taxNumberHint(country: string, t: Translator): string {
	return country.trim().toUpperCase() === "JP"
		? t.__("A 13 digit number, for example 1234567890123.", "paydesk")
		: t.__("8 to 12 digits with your country code prefix, for example DE 123456789.", "paydesk");
}

/**
 * Continue is disabled while the 'registered for a VAT number' checkbox is on and the number is
 * only the prefix, or while a request is in flight (spec 1 §5).
 */
export function isTaxNumberContinueDisabled(step: {
	registered: boolean;
	number: string;
	prefix: string;
	busy: boolean;
}): boolean {
	if (step.busy) return true;
	return step.registered && step.number.trim() === step.prefix.trim();
}

/** Confirm needs a non-empty business name and address after trimming (spec 1 §5). */
export function canConfirmBusinessDetails(details: {
	name: string;
	address: string;
	busy?: boolean;
}): boolean {
	return !details.busy && details.name.trim() !== "" && details.address.trim() !== "";
}

export type TaxNumberCheck =
	| { valid: true; number: string; country: string }
	| { valid: false; reason: string };

/** Upper case, without the spaces, dots and dashes people type between groups. */
export function normaliseTaxNumber(input: string): string {
	return input.toUpperCase().replace(/[\s.-]/g, "");
}

/**
 * Whether a number is well formed for its prefix. The sandbox partner checks the shape only
 * (a live partner asks the tax registries): a Japanese Corporate Number is 13 digits; a Swiss
 * UID is CHE and 9 digits (its MWST / TVA / IVA suffix allowed); Greece writes EL, not GR;
 * every other number is a two-letter country code and 8 to 12 letters or digits, at least one
 * a digit (French, Dutch, Irish and Austrian numbers hold letters).
 */
export function checkTaxNumber(input: string): TaxNumberCheck {
	const number = normaliseTaxNumber(input);
	if (number === "") return { valid: false, reason: "Please enter a VAT number." };
	if (/^\d+$/.test(number)) {
		return number.length === 13
			? { valid: true, number, country: "JP" }
			: { valid: false, reason: "A Corporate Number has 13 digits, for example 1234567890123." };
	}
	if (number.startsWith("CHE")) {
		return /^CHE\d{9}(MWST|TVA|IVA)?$/.test(number)
			? { valid: true, number, country: "CH" }
			: { valid: false, reason: "A Swiss VAT number is CHE and 9 digits, for example CHE 123456789." };
	}
	if (number.startsWith("GR")) {
		return { valid: false, reason: "Greek VAT numbers start with EL, for example EL 123456789." };
	}
	const match = /^([A-Z]{2})([0-9A-Z]+)$/.exec(number);
	if (!match) {
		return {
			valid: false,
			reason: "The VAT number must start with your country code, for example DE 123456789.",
		};
	}
	const [, prefix = "", body = ""] = match;
	if (body.length < 8 || body.length > 12 || !/\d/.test(body)) {
		return {
			valid: false,
			reason: "The VAT number must have 8 to 12 digits after its country code, for example DE 123456789.",
		};
	}
	return { valid: true, number, country: prefix === "EL" ? "GR" : prefix };
}
