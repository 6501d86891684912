/** Payment-side lists of the demo store: methods, card brands, failures, disputes, payouts. */
import type { SettlementCurrency } from "./catalog-people.ts";

/** Online payment methods by settlement currency, with their share of orders. */
export const METHOD_MIX: Record<SettlementCurrency, readonly (readonly [string, number])[]> = {
	usd: [
		["card", 88],
		["link", 3],
		["affirm", 2.5],
		["afterpay_clearpay", 2.5],
		["klarna", 2.5],
		["alipay", 0.7],
		["wechat_pay", 0.4],
		["au_becs_debit", 0.4],
	],
	eur: [
		["card", 56],
		["sepa_debit", 10],
		["ideal", 10],
		["klarna", 7],
		["bancontact", 5],
		["sofort", 3],
		["giropay", 2.5],
		["eps", 2],
		["p24", 2.5],
		["multibanco", 1],
		["link", 1],
	],
	gbp: [
		["card", 84],
		["klarna", 8],
		["afterpay_clearpay", 5],
		["link", 2],
		["grabpay", 1],
	],
};

/** Card-based methods settle as "charge" transactions; the others as "payment". */
export const CARD_METHODS: ReadonlySet<string> = new Set(["card", "card_present", "link"]);

export const CARD_BRANDS: readonly (readonly [string, number])[] = [
	["visa", 52],
	["mastercard", 30],
	["amex", 9],
	["discover", 4],
	["diners", 1],
	["jcb", 1.5],
	["unionpay", 1],
	["cartes_bancaires", 1.5],
];

export const CARD_FUNDING: readonly (readonly [string, number])[] = [
	["credit", 62],
	["debit", 34],
	["prepaid", 3],
	["unknown", 1],
];

export const CHECK_RESULTS: readonly (readonly [string, number])[] = [
	["pass", 90],
	["unavailable", 4],
	["unchecked", 4],
	["fail", 2],
];

export const BANKS: Record<string, readonly string[]> = {
	ideal: ["ing", "rabobank", "abn_amro", "sns_bank", "asn_bank", "bunq", "knab", "triodos_bank"],
	p24: [
		"ing",
		"mbank_mtransfer",
		"pko_bank_polski",
		"santander_przelew24",
		"pekao_bank",
		"alior_bank",
		"blik",
	],
	eps: ["erste_bank_und_sparkassen", "bank_austria", "raiffeisen_bank", "bawag_psk_ag"],
	bancontact: ["KBC", "Belfius", "ING Belgique", "BNP Paribas Fortis"],
	sofort: ["Commerzbank", "Deutsche Bank", "Sparkasse", "Volksbank"],
	giropay: ["Sparkasse KölnBonn", "Postbank", "Volksbank Berlin"],
};

/** Online fee rates by settlement currency: percentage and fixed part in minor units. */
export const FEE_FIXED: Record<SettlementCurrency, number> = { usd: 30, eur: 25, gbp: 20 };

export function methodFeePercentage(method: string): number {
	if (method === "card" || method === "link") return 0.029;
	if (method === "card_present") return 0.026;
	if (method === "sepa_debit" || method === "au_becs_debit") return 0.008;
	if (method === "affirm" || method === "afterpay_clearpay" || method === "klarna") return 0.06;
	return 0.014;
}

/** Declines: outcome type, failure code and the issuer's message. */
export const DECLINES: readonly (readonly [readonly [string, string, string], number])[] = [
	[["issuer_declined", "card_declined", "Your card was declined."], 40],
	[["issuer_declined", "insufficient_funds", "Your card has insufficient funds."], 22],
	[["issuer_declined", "expired_card", "Your card has expired."], 9],
	[["issuer_declined", "incorrect_cvc", "Your card's security code is incorrect."], 8],
	[
		[
			"issuer_declined",
			"processing_error",
			"An error occurred while processing your card. Try again in a little bit.",
		],
		4,
	],
	[
		[
			"issuer_declined",
			"authentication_required",
			"Your card was declined. This transaction requires authentication.",
		],
		3,
	],
	[["invalid", "incorrect_number", "Your card number is incorrect."], 4],
	[["invalid", "invalid_expiry_year", "Your card's expiration year is invalid."], 2],
	[["invalid", "incorrect_zip", "Your card's zip code failed validation."], 2],
	[["blocked", "card_declined", "Your card was declined."], 6],
];

/** Spec 3 §3.4, with the share each reason has among real disputes. */
export const DISPUTE_REASONS: readonly (readonly [string, number])[] = [
	["fraudulent", 38],
	["product_not_received", 20],
	["product_unacceptable", 9],
	["subscription_canceled", 6],
	["unrecognized", 7],
	["duplicate", 4],
	["credit_not_processed", 6],
	["general", 5],
	["customer_initiated", 1],
	["debit_not_authorized", 1],
	["bank_cannot_process", 1],
	["check_returned", 0.5],
	["incorrect_account_details", 0.5],
	["insufficient_funds", 1],
];

/** Spec 2 §8: payout failure codes, with the message the bank returns. */
export const PAYOUT_FAILURES: readonly (readonly [string, string])[] = [
	["insufficient_funds", "Your Stripe account has insufficient funds to cover the payout."],
	["account_closed", "The bank account has been closed."],
	[
		"no_account",
		"The bank account details on file are probably incorrect. No bank account could be located with those details.",
	],
	["invalid_account_number", "The routing number seems correct, but the account number is invalid."],
	[
		"bank_account_restricted",
		"The bank account has restrictions on either the type or number of payouts allowed.",
	],
	["could_not_process", "The bank could not process this payout."],
	["account_frozen", "The bank account has been frozen."],
	["declined", "The bank has declined this transfer."],
	[
		"incorrect_account_holder_name",
		"The bank notified us that the account holder name on file is incorrect.",
	],
	["invalid_currency", "The bank was unable to process this payout because of its currency."],
];

export const REFUND_FAILURES = ["expired_or_canceled_card", "lost_or_stolen_card"] as const;

export const REFUND_REASONS: readonly (readonly [string | null, number])[] = [
	["requested_by_customer", 60],
	[null, 25],
	["duplicate", 10],
	["fraudulent", 5],
];

/** Bank account shown on payouts, per currency (the external accounts of the account row). */
export const BANK_LAST4: Record<SettlementCurrency, string> = { usd: "6789", eur: "3000", gbp: "2345" };

export function bankAccountLabel(currency: SettlementCurrency): string {
	return `STRIPE TEST BANK •••• ${BANK_LAST4[currency]} (${currency.toUpperCase()})`;
}
