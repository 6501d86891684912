/**
 * Payment methods as the payment method card shows them (spec 2 §3 "Payment method details",
 * §9; spec 3 §8 "Timeline reasons and checks"): names of the methods and card brands, card type
 * labels, check results, the display names of p24's Polish banks, and the rows of details each
 * method type shows. The rows are a table per type rather than code per type, so adding a
 * method is adding a line.
 */
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

export function cardBrandLabel(brand: string | null | undefined): string {
	if (!brand) return "Unknown";
	return CARD_BRAND_LABELS[brand as CardBrand] ?? humanizeCode(brand);
}

/** Card type (funding) labels: credit, debit, prepaid, unknown. */
export const CARD_FUNDING_LABELS: Readonly<Record<string, string>> = {
	credit: "Credit",
	debit: "Debit",
	prepaid: "Prepaid",
	unknown: "Unknown",
};

export function cardFundingLabel(funding: string | null | undefined): string {
	return CARD_FUNDING_LABELS[funding ?? "unknown"] ?? "Unknown";
}

/** Check results: pass, fail, unavailable; anything else (unchecked, missing) was not checked. */
export const CHECK_RESULT_LABELS: Readonly<Record<string, string>> = {
	pass: "Passed",
	fail: "Failed",
	unavailable: "Unavailable",
	unchecked: "Not checked",
};

export function checkResultLabel(result: string | null | undefined): string {
	return CHECK_RESULT_LABELS[result ?? "unchecked"] ?? "Not checked";
}

const READ_METHOD_LABELS: Readonly<Record<string, string>> = {
	contactless_emv: "Contactless",
	contact_emv: "Chip",
	magnetic_stripe_track2: "Swipe",
	magnetic_stripe_fallback: "Swipe (fallback)",
	contactless_magstripe_mode: "Contactless (magnetic stripe)",
};

const KLARNA_CATEGORY_LABELS: Readonly<Record<string, string>> = {
	pay_later: "Pay later",
	pay_now: "Pay now",
	pay_over_time: "Pay over time",
	pay_in_installments: "Pay in installments",
};

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

const CARD_ROWS: readonly RowSpec[] = [
	["last4", "Number", masked],
	["exp_month", "Expires", expiry],
	["funding", "Type", (value) => cardFundingLabel(typeof value === "string" ? value : null)],
	["brand", "Brand", (value) => cardBrandLabel(typeof value === "string" ? value : null)],
	["network", "Network", (value) => (typeof value === "string" ? cardBrandLabel(value) : null)],
	["country", "Origin", text],
];

const ROWS: Readonly<Record<string, readonly RowSpec[]>> = {
	card: CARD_ROWS,
	card_present: [...CARD_ROWS, ["read_method", "Read method", fromLabels(READ_METHOD_LABELS)]],
	sepa_debit: [
		["bank_code", "Bank code", text],
		["iban_last4", "IBAN", masked],
		["country", "Country", text],
	],
	ideal: [
		["bank", "Bank", bank],
		["bic", "BIC", text],
		["iban_last4", "IBAN", masked],
	],
	bancontact: [
		["bank_name", "Bank", text],
		["bank_code", "Bank code", text],
		["iban_last4", "IBAN", masked],
		["country", "Country", text],
	],
	sofort: [
		["bank_name", "Bank", text],
		["bank_code", "Bank code", text],
		["iban_last4", "IBAN", masked],
		["country", "Country", text],
	],
	giropay: [
		["bank_name", "Bank", text],
		["bank_code", "Bank code", text],
		["bic", "BIC", text],
	],
	p24: [
		["bank", "Bank", bank],
		["reference", "Reference", text],
	],
	eps: [["bank", "Bank", bank]],
	au_becs_debit: [
		["bsb_number", "BSB number", text],
		["last4", "Account number", masked],
	],
	multibanco: [
		["entity", "Entity", text],
		["reference", "Reference", text],
	],
	klarna: [["payment_method_category", "Payment option", fromLabels(KLARNA_CATEGORY_LABELS)]],
	afterpay_clearpay: [["reference", "Reference", text]],
	link: [["country", "Country", text]],
};

/** The card's address checks: CVC, street and postal code. */
const CHECK_ROWS: readonly (readonly [field: string, label: string])[] = [
	["cvc_check", "CVC check"],
	["address_line1_check", "Street check"],
	["address_postal_code_check", "Zip check"],
];

/**
 * The rows of the payment method card for Stripe-shaped details ({ type, [type]: {…} }): every
 * field the type has, in order; missing fields are left out. Cards add their three checks.
 */
export function paymentMethodRows(
	details: { type: string } & Readonly<Record<string, unknown>>,
): PaymentMethodRow[] {
	const own = details[details.type];
	const fields: Details = own && typeof own === "object" ? (own as Details) : {};
	const rows: PaymentMethodRow[] = [
		{ key: "type", label: "Payment method", value: paymentMethodLabel(details.type) },
	];
	for (const [field, label, format] of ROWS[details.type] ?? []) {
		const value = format(fields[field], fields, details.type);
		if (value !== null) rows.push({ key: field, label, value });
	}
	const checks = fields.checks;
	if (details.type === "card") {
		const results: Details = checks && typeof checks === "object" ? (checks as Details) : {};
		for (const [field, label] of CHECK_ROWS) {
			const result = results[field];
			rows.push({ key: field, label, value: checkResultLabel(typeof result === "string" ? result : null) });
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
