/**
 * The sandbox partner's own pages, rendered on the server (no inline script: the
 * Content-Security-Policy allows only this origin's script files).
 */
import { escapeHtml } from "../../../http/html.ts";
import {
	SANDBOX_VALUES,
	type VerificationField,
	type VerificationForm,
	type VerificationScope,
} from "./verification.ts";

export const PARTNER_NAME = "Sandbox Payments Partner";

export function partnerPage(
	title: string,
	body: string,
	options: { script?: string; lang?: string } = {},
): string {
	const script = options.script ? `<script src="${escapeHtml(options.script)}" defer></script>` : "";
	return `<!doctype html>
<html lang="${escapeHtml(options.lang ?? "en")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${PARTNER_NAME}</title><link rel="stylesheet" href="/sandbox-partner/partner.css">${script}</head>
<body class="partner">${body}</body></html>`;
}

type Errors = Partial<Record<VerificationField, string>>;

function field(
	name: VerificationField,
	label: string,
	form: VerificationForm,
	errors: Errors,
	options: { type?: string; autocomplete?: string; hint?: string; required?: boolean } = {},
): string {
	const id = `partner-${name}`;
	const error = errors[name];
	const described = [options.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
	return `<div class="partner-field${error ? " has-error" : ""}">
<label for="${id}">${escapeHtml(label)}${options.required === false ? ' <span class="partner-optional">(optional)</span>' : ""}</label>
<input id="${id}" name="${name}" type="${options.type ?? "text"}" value="${escapeHtml(form[name])}"${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ""}${described ? ` aria-describedby="${described}"` : ""}${error ? ' aria-invalid="true"' : ""}>
${options.hint ? `<p class="partner-hint-text" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ""}
${error ? `<p class="partner-error" id="${id}-error">${escapeHtml(error)}</p>` : ""}
</div>`;
}

export interface OnboardingFormView {
	clientSecret: string;
	form: VerificationForm;
	errors: Errors;
	scope: VerificationScope;
	testMode: boolean;
	countryName: string;
	lang: string;
}

function sandboxHints(scope: VerificationScope): string {
	const rows = [
		["A date of birth less than 18 years ago", "asks for a valid age"],
		[`Address ${SANDBOX_VALUES.addressNoMatch}`, "fails the address check"],
		...(scope.progressive
			? []
			: [
					[`ID number ${SANDBOX_VALUES.idNumberMismatch}`, "fails the ID number check"],
					[`ID number ${SANDBOX_VALUES.documentMissing}`, "asks for an identity document (restricted)"],
					[`ID number ${SANDBOX_VALUES.underReview}`, "puts the account under review"],
					[`ID number ${SANDBOX_VALUES.rejected}`, "rejects the account"],
					[`Bank account ${SANDBOX_VALUES.failingBankAccount}`, "makes payouts fail"],
				]),
	];
	return `<details class="partner-hints"><summary>Sandbox test values</summary><ul>${rows
		.map(
			([value, effect]) => `<li><strong>${escapeHtml(value ?? "")}</strong> ${escapeHtml(effect ?? "")}</li>`,
		)
		.join("")}</ul><p>Any other values are verified.</p></details>`;
}

export function onboardingFormPage(view: OnboardingFormView): string {
	const { form, errors, scope } = view;
	const errorCount = Object.keys(errors).length;
	const summary =
		errorCount > 0
			? `<div class="partner-alert" role="alert" tabindex="-1" data-partner-focus>${errorCount === 1 ? "1 field needs" : `${errorCount} fields need`} your attention.</div>`
			: "";
	const body = `<main class="partner-card" data-partner-step="form">
<p class="partner-brand">${PARTNER_NAME}${view.testMode ? ' <span class="partner-badge">Test mode</span>' : ""}</p>
<h1>${scope.progressive ? "Tell us about yourself" : "Verify your identity"}</h1>
<p class="partner-lead">${
		scope.progressive
			? "Start selling now: we need a few details about you, and will ask for your payout details later."
			: "We need these details to verify who you are and to send your payouts. They are encrypted and only used for verification."
	}</p>
${summary}
${sandboxHints(scope)}
<form method="post" action="/sandbox-partner/onboarding" novalidate>
<input type="hidden" name="session" value="${escapeHtml(view.clientSecret)}">
<fieldset><legend>About you</legend>
${field("first_name", "First name", form, errors, { autocomplete: "given-name" })}
${field("last_name", "Last name", form, errors, { autocomplete: "family-name" })}
${field("dob", "Date of birth", form, errors, { type: "date", autocomplete: "bday" })}
${field("email", "Email", form, errors, { type: "email", autocomplete: "email" })}
${field("phone", "Phone", form, errors, { type: "tel", autocomplete: "tel", required: false })}
</fieldset>
<fieldset><legend>Home address in ${escapeHtml(view.countryName)}</legend>
${field("address_line1", "Street address", form, errors, { autocomplete: "address-line1" })}
${field("city", "City", form, errors, { autocomplete: "address-level2" })}
${field("state", "State or region", form, errors, { autocomplete: "address-level1", required: false })}
${field("postal_code", "Postal code", form, errors, { autocomplete: "postal-code" })}
</fieldset>
${scope.business ? `<fieldset><legend>Your business</legend>${field("business_name", "Legal business name", form, errors, { autocomplete: "organization" })}</fieldset>` : ""}
${
	scope.progressive
		? ""
		: `<fieldset><legend>Identity and payouts</legend>
${field("id_number", "ID number", form, errors, { hint: "Your national identity or tax number, digits only." })}
${field("bank_account_number", "Bank account number", form, errors, { hint: "Payouts are sent to this account." })}
</fieldset>`
}
<div class="partner-field partner-check${errors.tos ? " has-error" : ""}">
<input id="partner-tos" name="tos" type="checkbox"${form.tos === "on" ? " checked" : ""}${errors.tos ? ' aria-invalid="true" aria-describedby="partner-tos-error"' : ""}>
<label for="partner-tos">I agree to the ${PARTNER_NAME}'s services agreement.</label>
${errors.tos ? `<p class="partner-error" id="partner-tos-error">${escapeHtml(errors.tos)}</p>` : ""}
</div>
<div class="partner-actions">
<button type="button" class="partner-secondary" data-partner-exit>Exit without submitting</button>
<button type="submit" class="partner-primary">Submit</button>
</div>
</form></main>`;
	return partnerPage("Verify your identity", body, {
		script: "/sandbox-partner/onboarding.js",
		lang: view.lang,
	});
}

export function onboardingDonePage(): string {
	return partnerPage(
		"Details submitted",
		`<main class="partner-card" data-partner-step="done">
<p class="partner-brand">${PARTNER_NAME}</p>
<h1>Thanks, your details are submitted</h1>
<p class="partner-lead" role="status">We are checking them now. Taking you back to your store…</p>
</main>`,
		{ script: "/sandbox-partner/onboarding.js" },
	);
}

/** A page the embedded step reports as a load error (an expired or unknown session). */
export function onboardingErrorPage(type: string, message: string): string {
	return partnerPage(
		"Verification unavailable",
		`<main class="partner-card" data-partner-step="error" data-error-type="${escapeHtml(type)}" data-error-message="${escapeHtml(message)}">
<p class="partner-brand">${PARTNER_NAME}</p>
<h1>Verification unavailable</h1>
<p class="partner-lead" role="alert">${escapeHtml(message)}</p>
</main>`,
		{ script: "/sandbox-partner/onboarding.js" },
	);
}
