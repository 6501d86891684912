/**
 * Payment methods as the payment method card shows them (spec 2 §3 "Payment method details",
 * §9; spec 3 §8 "Timeline reasons and checks"): names of the methods and card brands, card type
 * labels, check results, the display names of p24's Polish banks, and the rows of details each
 * method type shows. The rows are a table per type rather than code per type, so adding a
 * method is adding a line.
 */
import type { Translator } from "./translator.ts";

export const PAYMENT_METHOD_TYPES = [
	"affirm",
	"afterpay_clearpay",
	"alipay",
	"au_becs_debit",
	"bancontact",
	"card",
	"card_present",
	"eps",
	"giropay",
	"grabpay",
	"ideal",
	"klarna",
	"link",
	"multibanco",
	"p24",
	"sepa_debit",
	"sofort",
	"wechat_pay",
] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethodType, string>> = {
	affirm: "Affirm",
	afterpay_clearpay: "Afterpay / Clearpay",
	alipay: "Alipay",
	au_becs_debit: "BECS Direct Debit",
	bancontact: "Bancontact",
	card: "Card",
	card_present: "In-person card",
	eps: "EPS",
	giropay: "giropay",
	grabpay: "GrabPay",
	ideal: "iDEAL",
	klarna: "Klarna",
	link: "Link",
	multibanco: "Multibanco",
	p24: "Przelewy24 (P24)",
	sepa_debit: "SEPA Direct Debit",
	sofort: "Sofort",
	wechat_pay: "WeChat Pay",
};

/** A readable name for any code: "bank_austria" -> "Bank austria". */
export function humanizeCode(code: string): string {
	const text = code.replace(/_/g, " ").trim();
	return text.charAt(0).toUpperCase() + text.slice(1);
}

export function paymentMethodLabel(type: string): string {
	return PAYMENT_METHOD_LABELS[type as PaymentMethodType] ?? humanizeCode(type);
}

export const CARD_BRANDS = [
	"amex",
	"cartes_bancaires",
	"diners",
	"discover",
	"jcb",
	"mastercard",
	"unionpay",
	"visa",
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_LABELS: Readonly<Record<CardBrand, string>> = {
	amex: "American Express",
	cartes_bancaires: "Cartes Bancaires",
	diners: "Diners Club",
	discover: "Discover",
	jcb: "JCB",
	mastercard: "Mastercard",
	unionpay: "UnionPay",
	visa: "Visa",
};

/** A brand's name (names are the same in every language); a missing brand is Unknown. */
export function cardBrandLabel(brand: string | null | undefined, t: Translator): string {
	if (!brand) return t.__("Unknown", "paydesk");
	return CARD_BRAND_LABELS[brand as CardBrand] ?? humanizeCode(brand);
}

/** Card type (funding) labels: credit, debit, prepaid, unknown. */
export function cardFundingLabel(funding: string | null | undefined, t: Translator): string {
	switch (funding) {
		case "credit":
			return t.__("Credit", "paydesk");
		case "debit":
			return t.__("Debit", "paydesk");
		case "prepaid":
			return t.__("Prepaid", "paydesk");
		default:
			return t.__("Unknown", "paydesk");
	}
}

/** Check results: pass, fail, unavailable; anything else (unchecked, missing) was not checked. */
export function checkResultLabel(result: string | null | undefined, t: Translator): string {
	switch (result) {
		case "pass":
			return t.__("Passed", "paydesk");
		case "fail":
			return t.__("Failed", "paydesk");
		case "unavailable":
			return t.__("Unavailable", "paydesk");
		default:
			return t.__("Not checked", "paydesk");
	}
}

function readMethodLabels(t: Translator): Readonly<Record<string, string>> {
	return {
		contactless_emv: t.__("Contactless", "paydesk"),
		contact_emv: t.__("Chip", "paydesk"),
		magnetic_stripe_track2: t.__("Swipe", "paydesk"),
		magnetic_stripe_fallback: t.__("Swipe (fallback)", "paydesk"),
		contactless_magstripe_mode: t.__("Contactless (magnetic stripe)", "paydesk"),
	};
}

function klarnaCategoryLabels(t: Translator): Readonly<Record<string, string>> {
	return {
		pay_later: t.__("Pay later", "paydesk"),
		pay_now: t.__("Pay now", "paydesk"),
		pay_over_time: t.__("Pay over time", "paydesk"),
		pay_in_installments: t.__("Pay in installments", "paydesk"),
	};
}

/**
 * Display names of the Polish banks p24 payers choose from (spec 2 §9: about 25), keyed by
 * the processor's bank codes. Two older codes of the same banks are kept as aliases.
 */
export const P24_BANK_NAMES: Readonly<Record<string, string>> = {
	alior_bank: "Alior Bank",
	bank_millennium: "Bank Millennium",
	bank_nowy_bfg_sa: "Bank Nowy BFG S.A.",
	bank_pekao_sa: "Bank Pekao S.A.",
	banki_spbdzielcze: "Banki Spółdzielcze",
	blik: "BLIK",
	bnp_paribas: "BNP Paribas",
	boz: "Bank Ochrony Środowiska",
	citi_handlowy: "Citi Handlowy",
	credit_agricole: "Credit Agricole",
	envelobank: "EnveloBank",
	etransfer_pocztowy24: "Pocztowy24",
	getin_bank: "Getin Bank",
	ideabank: "Idea Bank",
	ing: "ING Bank Śląski",
	inteligo: "Inteligo",
	mbank_mtransfer: "mBank",
	nest_przelew: "Nest Bank",
	noble_pay: "Noble Pay",
	pbac_z_ipko: "PKO Bank Polski",
	plus_bank: "Plus Bank",
	santander_przelew24: "Santander Bank Polska",
	tmobile_usbugi_bankowe: "T-Mobile Usługi Bankowe",
	toyota_bank: "Toyota Bank",
	velobank: "VeloBank",
	volkswagen_bank: "Volkswagen Bank",
	pko_bank_polski: "PKO Bank Polski",
	pekao_bank: "Bank Pekao S.A.",
};

export function p24BankName(code: string): string {
	return P24_BANK_NAMES[code] ?? humanizeCode(code);
}

/** Display names of iDEAL and EPS bank codes; other banks come as display names already. */
const BANK_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
	ideal: {
		abn_amro: "ABN AMRO",
		asn_bank: "ASN Bank",
		bunq: "bunq",
		ing: "ING",
		knab: "Knab",
		rabobank: "Rabobank",
		regiobank: "RegioBank",
		revolut: "Revolut",
		sns_bank: "SNS Bank",
		triodos_bank: "Triodos Bank",
		van_lanschot: "Van Lanschot",
	},
	eps: {
		bank_austria: "Bank Austria",
		bawag_psk_ag: "BAWAG P.S.K.",
		erste_bank_und_sparkassen: "Erste Bank und Sparkassen",
		raiffeisen_bank: "Raiffeisen Bank",
		volksbank_gruppe: "Volksbank Gruppe",
	},
};

/** The display name of a bank of a bank-based method (p24 uses its own list). */
export function bankDisplayName(type: string, bank: string): string {
	if (type === "p24") return p24BankName(bank);
	return BANK_NAMES[type]?.[bank] ?? bank;
}

export interface PaymentMethodRow {
	key: string;
	label: string;
	value: string;
}

type Details = Readonly<Record<string, unknown>>;
type Formatter = (value: unknown, details: Details, type: string) => string | null;

const text: Formatter = (value) => (typeof value === "string" && value !== "" ? value : null);
const masked: Formatter = (value) => (typeof value === "string" && value !== "" ? `•••• ${value}` : null);
const bank: Formatter = (value, _details, type) =>
	typeof value === "string" ? bankDisplayName(type, value) : null;
const expiry: Formatter = (_value, details) => {
	const month = details.exp_month;
	const year = details.exp_year;
	if (typeof month !== "number" || typeof year !== "number") return null;
	return `${String(month).padStart(2, "0")} / ${year}`;
};
const fromLabels =
	(labels: Readonly<Record<string, string>>): Formatter =>
	(value) =>
		typeof value === "string" ? (labels[value] ?? humanizeCode(value)) : null;

/** [field, label, formatter]: the rows of one method type, in the order the card shows them. */
type RowSpec = readonly [field: string, label: string, format: Formatter];

/** The rows of every method type, their labels in the reader's language. */
function rowSpecs(t: Translator): Readonly<Record<string, readonly RowSpec[]>> {
	const cardRows: readonly RowSpec[] = [
		["last4", t.__("Number", "paydesk"), masked],
		["exp_month", t.__("Expires", "paydesk"), expiry],
		[
			"funding",
			t.__("Type", "paydesk"),
			(value) => cardFundingLabel(typeof value === "string" ? value : null, t),
		],
		[
			"brand",
			t.__("Brand", "paydesk"),
			(value) => cardBrandLabel(typeof value === "string" ? value : null, t),
		],
		[
			"network",
			t.__("Network", "paydesk"),
			(value) => (typeof value === "string" ? cardBrandLabel(value, t) : null),
		],
		["country", t.__("Origin", "paydesk"), text],
	];

	return {
		card: cardRows,
		card_present: [
			...cardRows,
			["read_method", t.__("Read method", "paydesk"), fromLabels(readMethodLabels(t))],
		],
		sepa_debit: [
			["bank_code", t.__("Bank code", "paydesk"), text],
			["iban_last4", t.__("IBAN", "paydesk"), masked],
			["country", t.__("Country", "paydesk"), text],
		],
		ideal: [
			["bank", t.__("Bank", "paydesk"), bank],
			["bic", t.__("BIC", "paydesk"), text],
			["iban_last4", t.__("IBAN", "paydesk"), masked],
		],
		bancontact: [
			["bank_name", t.__("Bank", "paydesk"), text],
			["bank_code", t.__("Bank code", "paydesk"), text],
			["iban_last4", t.__("IBAN", "paydesk"), masked],
			["country", t.__("Country", "paydesk"), text],
		],
		sofort: [
			["bank_name", t.__("Bank", "paydesk"), text],
			["bank_code", t.__("Bank code", "paydesk"), text],
			["iban_last4", t.__("IBAN", "paydesk"), masked],
			["country", t.__("Country", "paydesk"), text],
		],
		giropay: [
			["bank_name", t.__("Bank", "paydesk"), text],
			["bank_code", t.__("Bank code", "paydesk"), text],
			["bic", t.__("BIC", "paydesk"), text],
		],
		p24: [
			["bank", t.__("Bank", "paydesk"), bank],
			["reference", t.__("Reference", "paydesk"), text],
		],
		eps: [["bank", t.__("Bank", "paydesk"), bank]],
		au_becs_debit: [
			["bsb_number", t.__("BSB number", "paydesk"), text],
			["last4", t.__("Account number", "paydesk"), masked],
		],
		multibanco: [
			["entity", t.__("Entity", "paydesk"), text],
			["reference", t.__("Reference", "paydesk"), text],
		],
		klarna: [
			["payment_method_category", t.__("Payment option", "paydesk"), fromLabels(klarnaCategoryLabels(t))],
		],
		afterpay_clearpay: [["reference", t.__("Reference", "paydesk"), text]],
		link: [["country", t.__("Country", "paydesk"), text]],
	};
}

/** The card's address checks: CVC, street and postal code. */
function checkRows(t: Translator): readonly (readonly [field: string, label: string])[] {
	return [
		["cvc_check", t.__("CVC check", "paydesk")],
		["address_line1_check", t.__("Street check", "paydesk")],
		["address_postal_code_check", t.__("Zip check", "paydesk")],
	];
}

/**
 * The rows of the payment method card for Stripe-shaped details ({ type, [type]: {…} }): every
 * field the type has, in order; missing fields are left out. Cards add their three checks.
 */
export function paymentMethodRows(
	details: { type: string } & Readonly<Record<string, unknown>>,
	t: Translator,
): PaymentMethodRow[] {
	const own = details[details.type];
	const fields: Details = own && typeof own === "object" ? (own as Details) : {};
	const rows: PaymentMethodRow[] = [
		{ key: "type", label: t.__("Payment method", "paydesk"), value: paymentMethodLabel(details.type) },
	];
	for (const [field, label, format] of rowSpecs(t)[details.type] ?? []) {
		const value = format(fields[field], fields, details.type);
		if (value !== null) rows.push({ key: field, label, value });
	}
	const checks = fields.checks;
	if (details.type === "card") {
		const results: Details = checks && typeof checks === "object" ? (checks as Details) : {};
		for (const [field, label] of checkRows(t)) {
			const result = results[field];
			rows.push({
				key: field,
				label,
				value: checkResultLabel(typeof result === "string" ? result : null, t),
			});
		}
	}
	return rows;
}

/** The last four digits a method identifies the payer by (card or account), when it has any. */
export function paymentMethodLast4(
	details: { type: string } & Readonly<Record<string, unknown>>,
): string | null {
	const own = details[details.type];
	if (!own || typeof own !== "object") return null;
	const fields = own as Details;
	const last4 = fields.last4 ?? fields.iban_last4;
	return typeof last4 === "string" ? last4 : null;
}
