/**
 * Enabling payment methods (spec 3 §3.8, §4.3, §5.3, §9; spec 2 §9 payment methods): what each
 * method accepts, the statuses and requirements a merchant sees, and the wizard's rules.
 */
import { paymentMethodLabel } from "./payment-methods.ts";
import { sprintf, type Translator } from "./translator.ts";

export interface PaymentMethodDefinition {
	id: string;
	label: string;
	description: string;
	/** Upper-case codes of the currencies it takes; empty means any currency. */
	currencies: readonly string[];
	/** The key of its status in payment_method_statuses. */
	stripe_key: string;
	allows_manual_capture: boolean;
	allows_pay_later: boolean;
	accepts_only_domestic_payment: boolean;
}

type Definition = Omit<PaymentMethodDefinition, "id" | "label" | "description" | "stripe_key">;

const ANY: readonly string[] = [];
const EUR = ["EUR"];

const DEFINITIONS: Readonly<Record<string, Definition>> = {
	card: {
		currencies: ANY,
		allows_manual_capture: true,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	card_present: {
		currencies: ANY,
		allows_manual_capture: true,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	link: {
		currencies: ANY,
		allows_manual_capture: true,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	affirm: {
		currencies: ["USD", "CAD"],
		allows_manual_capture: true,
		allows_pay_later: true,
		accepts_only_domestic_payment: true,
	},
	afterpay_clearpay: {
		currencies: ["USD", "AUD", "CAD", "NZD", "GBP"],
		allows_manual_capture: true,
		allows_pay_later: true,
		accepts_only_domestic_payment: true,
	},
	klarna: {
		currencies: ["USD", "EUR", "GBP", "DKK", "NOK", "SEK", "CHF", "CZK", "PLN", "AUD", "NZD", "CAD"],
		allows_manual_capture: true,
		allows_pay_later: true,
		accepts_only_domestic_payment: true,
	},
	alipay: {
		currencies: ["USD", "AUD", "CAD", "EUR", "GBP", "HKD", "JPY", "SGD", "NZD", "CNY", "MYR"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	wechat_pay: {
		currencies: ["USD", "AUD", "CAD", "EUR", "GBP", "HKD", "JPY", "SGD", "CNY", "DKK", "NOK", "SEK", "CHF"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	au_becs_debit: {
		currencies: ["AUD"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	grabpay: {
		currencies: ["SGD", "MYR"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	p24: {
		currencies: ["EUR", "PLN"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	sepa_debit: {
		currencies: EUR,
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
};

/** Bank redirects of the euro area share one shape. */
const EURO_REDIRECTS: readonly string[] = ["bancontact", "eps", "giropay", "ideal", "multibanco", "sofort"];

/** What a method is, in a sentence the wizard and the settings show under its name. */
function methodDescription(id: string, t: Translator): string {
	switch (id) {
		case "card":
			return t.__(
				"Let your customers pay with major credit and debit cards without leaving your store.",
				"paydesk",
			);
		case "card_present":
			return t.__("Take card payments in person with a card reader.", "paydesk");
		case "link":
			return t.__("Customers pay with their saved card details in one click.", "paydesk");
		case "affirm":
			return t.__("Customers buy now and pay later in monthly installments.", "paydesk");
		case "afterpay_clearpay":
			return t.__("Customers pay in four interest-free installments.", "paydesk");
		case "klarna":
			return t.__("Customers pay now, in installments, or later.", "paydesk");
		case "alipay":
		case "wechat_pay":
			return t.__("A digital wallet popular with customers from China.", "paydesk");
		case "au_becs_debit":
			return t.__("Direct debit from Australian bank accounts.", "paydesk");
		case "grabpay":
			return t.__("A digital wallet popular in Southeast Asia.", "paydesk");
		case "sepa_debit":
			return t.__("Direct debit from bank accounts in the Single Euro Payments Area.", "paydesk");
		case "bancontact":
			return t.__("Bank payments popular with customers in Belgium.", "paydesk");
		case "eps":
			return t.__("Bank payments popular with customers in Austria.", "paydesk");
		case "giropay":
			return t.__("Bank payments popular with customers in Germany.", "paydesk");
		case "ideal":
			return t.__("Bank payments popular with customers in the Netherlands.", "paydesk");
		case "multibanco":
			return t.__("Bank payments popular with customers in Portugal.", "paydesk");
		case "sofort":
			return t.__("Bank payments popular with customers in Europe.", "paydesk");
		default:
			return t.__("Another way for customers to pay.", "paydesk");
	}
}

export function paymentMethodDefinition(id: string, t: Translator): PaymentMethodDefinition {
	const euroRedirect = EURO_REDIRECTS.includes(id);
	const definition: Definition = DEFINITIONS[id] ?? {
		currencies: euroRedirect ? EUR : ANY,
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	};
	return {
		id,
		label: paymentMethodLabel(id),
		description: methodDescription(id, t),
		stripe_key: `${id}_payments`,
		...definition,
	};
}

export interface MethodStatusEntry {
	status: string;
	requirements: string[];
}

/** A method's status from payment_method_statuses (keyed "<id>_payments"); unrequested when absent. */
export function methodStatus(
	statuses: Readonly<Record<string, MethodStatusEntry>>,
	id: string,
): MethodStatusEntry {
	return statuses[`${id}_payments`] ?? { status: "unrequested", requirements: [] };
}

/** Spec 3 §4.3: the label a checkbox carries for its status; none for active and unrequested. */
export function methodStatusLabel(status: string, t: Translator): string | undefined {
	switch (status) {
		case "pending":
			return t.__("Pending approval", "paydesk");
		case "pending_verification":
			return t.__("Pending activation", "paydesk");
		case "inactive":
			return t.__("More information needed", "paydesk");
		default:
			return undefined;
	}
}

/** Spec 3 §3.8: what each requirement asks the merchant for; an unknown one as sent. */
export function requirementLabel(requirement: string, t: Translator): string {
	switch (requirement) {
		case "individual.id_number":
			return t.__("Personal Identification Number", "paydesk");
		case "business_profile.url":
			return t.__("Business Website", "paydesk");
		case "company.tax_id":
			return t.__("Business Number", "paydesk");
		default:
			return requirement;
	}
}

/** Spec 3 §9: checking waits 1500 ms behind a spinner; unchecking applies at once. */
export const ENABLE_DELAY_MS = 1500;
export const DISABLE_DELAY_MS = 0;

/** An inactive method is forced unchecked and cannot be checked (spec 3 §4.3). */
export const isMethodLocked = (id: string, status: MethodStatusEntry): boolean =>
	id === "card" || status.status === "inactive";

/** Checking an unrequested method that has requirements asks first (spec 3 §4.3). */
export const needsRequirementConfirmation = (status: MethodStatusEntry): boolean =>
	status.status === "unrequested" && status.requirements.length > 0;

/** The wizard offers every online method; the card reader method is set up elsewhere. */
export function wizardMethodIds(available: readonly string[]): string[] {
	const ids = available.filter((id) => id !== "card_present");
	return ["card", ...ids.filter((id) => id !== "card")];
}

/**
 * The currencies a method takes for this account (spec 3 §5.3): a method that accepts only
 * domestic payments takes the account's domestic currency, whatever its own list says; the
 * others their own list (empty: any). An account whose domestic currency is not known yet
 * leaves the method's own list.
 */
export function methodCurrencies(
	method: PaymentMethodDefinition,
	domesticCurrency: string,
): readonly string[] {
	const domestic = domesticCurrency.toUpperCase();
	return method.accepts_only_domestic_payment && domestic !== "" ? [domestic] : method.currencies;
}

/**
 * Spec 3 §5.3: with multi-currency off, a non-card method whose currencies (the account's
 * domestic currency for domestic-only methods) leave out the store currency needs setup. Answers
 * the currencies to add, or null when none is needed.
 */
export function requiredCurrencies(
	method: PaymentMethodDefinition,
	context: { multiCurrencyEnabled: boolean; storeCurrency: string; domesticCurrency: string },
): string[] | null {
	if (context.multiCurrencyEnabled || method.id === "card") return null;
	const accepted = methodCurrencies(method, context.domesticCurrency);
	if (accepted.length === 0 || accepted.includes(context.storeCurrency.toUpperCase())) return null;
	return [...accepted];
}

/** Why a method needs a currency added first: "iDEAL requires the EUR currency. …" */
export function currencyRequirementText(label: string, currencies: readonly string[], t: Translator): string {
	return sprintf(
		/* translators: %1$s: a payment method, e.g. iDEAL, %2$s: the currency codes it takes, e.g. EUR, PLN */
		t._n(
			"%1$s requires the %2$s currency. To enable this payment method, add this currency to your store.",
			"%1$s requires the %2$s currencies. To enable this payment method, add one of these currencies to your store.",
			currencies.length,
			"paydesk",
		),
		label,
		currencies.join(", "),
	);
}

/** Spec 2 §4: toggling a payment method adds or removes its id in the enabled list. */
export function toggleMethodId(enabled: readonly string[], id: string, on: boolean): string[] {
	if (on) return enabled.includes(id) ? [...enabled] : [...enabled, id];
	return enabled.filter((existing) => existing !== id);
}

/** Spec 3 §5.3: Continue needs at least one newly selected method and no save in flight. */
export const canContinueEnablement = (selected: readonly string[], saving: boolean): boolean =>
	selected.length > 0 && !saving;

/**
 * The sandbox partner's answer to enabling a method: an unrequested capability is requested,
 * and becomes active at once unless it has requirements, which leave it pending approval.
 */
export function requestedStatus(current: MethodStatusEntry): MethodStatusEntry {
	if (current.status !== "unrequested") return current;
	return current.requirements.length > 0
		? { status: "pending", requirements: current.requirements }
		: { status: "active", requirements: [] };
}
