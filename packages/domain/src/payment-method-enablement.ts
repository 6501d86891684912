/**
 * Enabling payment methods (spec 3 §3.8, §4.3, §5.3, §9; spec 2 §9 payment methods): what each
 * method accepts, the statuses and requirements a merchant sees, and the wizard's rules.
 */
import { paymentMethodLabel } from "./payment-methods.ts";

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

type Definition = Omit<PaymentMethodDefinition, "id" | "label" | "stripe_key">;

const ANY: readonly string[] = [];
const EUR = ["EUR"];

const DEFINITIONS: Readonly<Record<string, Definition>> = {
	card: {
		description: "Let your customers pay with major credit and debit cards without leaving your store.",
		currencies: ANY,
		allows_manual_capture: true,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	card_present: {
		description: "Take card payments in person with a card reader.",
		currencies: ANY,
		allows_manual_capture: true,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	link: {
		description: "Customers pay with their saved card details in one click.",
		currencies: ANY,
		allows_manual_capture: true,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	affirm: {
		description: "Customers buy now and pay later in monthly installments.",
		currencies: ["USD", "CAD"],
		allows_manual_capture: true,
		allows_pay_later: true,
		accepts_only_domestic_payment: true,
	},
	afterpay_clearpay: {
		description: "Customers pay in four interest-free installments.",
		currencies: ["USD", "AUD", "CAD", "NZD", "GBP"],
		allows_manual_capture: true,
		allows_pay_later: true,
		accepts_only_domestic_payment: true,
	},
	klarna: {
		description: "Customers pay now, in installments, or later.",
		currencies: ["USD", "EUR", "GBP", "DKK", "NOK", "SEK", "CHF", "CZK", "PLN", "AUD", "NZD", "CAD"],
		allows_manual_capture: true,
		allows_pay_later: true,
		accepts_only_domestic_payment: true,
	},
	alipay: {
		description: "A digital wallet popular with customers from China.",
		currencies: ["USD", "AUD", "CAD", "EUR", "GBP", "HKD", "JPY", "SGD", "NZD", "CNY", "MYR"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	wechat_pay: {
		description: "A digital wallet popular with customers from China.",
		currencies: ["USD", "AUD", "CAD", "EUR", "GBP", "HKD", "JPY", "SGD", "CNY", "DKK", "NOK", "SEK", "CHF"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	au_becs_debit: {
		description: "Direct debit from Australian bank accounts.",
		currencies: ["AUD"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	grabpay: {
		description: "A digital wallet popular in Southeast Asia.",
		currencies: ["SGD", "MYR"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	p24: {
		description: "Bank transfers popular with customers in Poland.",
		currencies: ["EUR", "PLN"],
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
	sepa_debit: {
		description: "Direct debit from bank accounts in the Single Euro Payments Area.",
		currencies: EUR,
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	},
};

/** Bank redirects of the euro area share one shape. */
const EURO_REDIRECTS: Readonly<Record<string, string>> = {
	bancontact: "Belgium",
	eps: "Austria",
	giropay: "Germany",
	ideal: "the Netherlands",
	multibanco: "Portugal",
	sofort: "Europe",
};

export function paymentMethodDefinition(id: string): PaymentMethodDefinition {
	const country = EURO_REDIRECTS[id];
	const definition: Definition = DEFINITIONS[id] ?? {
		description: country
			? `Bank payments popular with customers in ${country}.`
			: "Another way for customers to pay.",
		currencies: country ? EUR : ANY,
		allows_manual_capture: false,
		allows_pay_later: false,
		accepts_only_domestic_payment: false,
	};
	return { id, label: paymentMethodLabel(id), stripe_key: `${id}_payments`, ...definition };
}

export const METHOD_STATUSES = [
	"active",
	"unrequested",
	"pending",
	"pending_verification",
	"inactive",
] as const;
export type MethodStatus = (typeof METHOD_STATUSES)[number];

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
export const METHOD_STATUS_LABELS: Readonly<Record<string, string>> = {
	pending: "Pending approval",
	pending_verification: "Pending activation",
	inactive: "More information needed",
};

/** Spec 3 §3.8: what each requirement asks the merchant for. */
export const REQUIREMENT_LABELS: Readonly<Record<string, string>> = {
	"individual.id_number": "Personal Identification Number",
	"business_profile.url": "Business Website",
	"company.tax_id": "Business Number",
};

export const requirementLabel = (requirement: string): string =>
	REQUIREMENT_LABELS[requirement] ?? requirement;

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
 * Spec 3 §5.3: with multi-currency off, a non-card method whose currencies (the account's
 * domestic currency for domestic-only methods) leave out the store currency needs setup. Answers
 * the currencies to add, or null when none is needed.
 */
export function requiredCurrencies(
	method: PaymentMethodDefinition,
	context: { multiCurrencyEnabled: boolean; storeCurrency: string; domesticCurrency: string },
): string[] | null {
	if (context.multiCurrencyEnabled || method.id === "card" || method.currencies.length === 0) return null;
	const domestic = context.domesticCurrency.toUpperCase();
	const accepted = method.accepts_only_domestic_payment
		? method.currencies.filter((code) => code === domestic)
		: [...method.currencies];
	if (accepted.includes(context.storeCurrency.toUpperCase())) return null;
	return accepted.length > 0 ? accepted : [domestic];
}

export function currencyRequirementText(label: string, currencies: readonly string[]): string {
	const list = currencies.join(", ");
	return `${label} requires the ${list} ${currencies.length === 1 ? "currency" : "currencies"}. To enable this payment method, add ${currencies.length === 1 ? "this currency" : "one of these currencies"} to your store.`;
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
