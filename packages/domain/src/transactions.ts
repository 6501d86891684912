/**
 * Transaction rules of spec 2 (§2 Transactions screen, §3 entities, §4 value lists, §9 default
 * sorts), shared by the server and the admin: the value lists with their labels, the capture
 * deadline, which summary figures show, the payment details link of a row, and what switching
 * tabs does to the URL.
 */

import { CARD_BRANDS, PAYMENT_METHOD_TYPES } from "./payment-methods.ts";
import type { Translator } from "./translator.ts";

export const TRANSACTION_TYPES = [
	"charge",
	"payment",
	"payment_failure_refund",
	"payment_refund",
	"refund",
	"refund_failure",
	"dispute",
	"dispute_reversal",
	"card_reader_fee",
	"financing_payout",
	"financing_paydown",
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The label of each transaction type (spec 2 §4). */
export function transactionTypeLabels(t: Translator): Readonly<Record<TransactionType, string>> {
	return {
		charge: t.__("Charge", "paydesk"),
		payment: t.__("Payment", "paydesk"),
		payment_failure_refund: t.__("Payment failure refund", "paydesk"),
		payment_refund: t.__("Payment refund", "paydesk"),
		refund: t.__("Refund", "paydesk"),
		refund_failure: t.__("Refund failure", "paydesk"),
		dispute: t.__("Dispute", "paydesk"),
		dispute_reversal: t.__("Dispute reversal", "paydesk"),
		card_reader_fee: t.__("Card reader fee", "paydesk"),
		financing_payout: t.__("Loan disbursement", "paydesk"),
		financing_paydown: t.__("Loan repayment", "paydesk"),
	};
}

export function isTransactionType(value: string): value is TransactionType {
	return (TRANSACTION_TYPES as readonly string[]).includes(value);
}

/** A type outside the known list (a processor's newer one, say) reads 'Unknown transactions' (spec 3). */
export function transactionTypeLabel(type: string, t: Translator): string {
	return isTransactionType(type) ? transactionTypeLabels(t)[type] : t.__("Unknown transactions", "paydesk");
}

export const TRANSACTION_CHANNELS = ["online", "in_person", "in_person_pos"] as const;
export type TransactionChannel = (typeof TRANSACTION_CHANNELS)[number];

export function channelLabels(t: Translator): Readonly<Record<TransactionChannel, string>> {
	return {
		online: t.__("Online", "paydesk"),
		in_person: t.__("In-Person", "paydesk"),
		in_person_pos: t.__("In-Person (POS)", "paydesk"),
	};
}

/** A channel's label; "" for a row without a known channel. */
export function channelLabel(channel: string | null | undefined, t: Translator): string {
	return (TRANSACTION_CHANNELS as readonly string[]).includes(channel ?? "")
		? channelLabels(t)[channel as TransactionChannel]
		: "";
}

/**
 * Values of the payment method (source) filter: the payment methods of spec 2 §9, and the card
 * brands, which a card transaction may carry as its source.
 */
export const TRANSACTION_SOURCES = [...PAYMENT_METHOD_TYPES, ...CARD_BRANDS] as const;

/**
 * A transaction's source, the value the payment method filter matches: an online card payment
 * is its card's brand (visa, mastercard, amex …), since fees differ by brand and merchants filter
 * by it; every other method is its type. An in-person card keeps card_present (its fees are its
 * own, whatever the brand), and a card whose brand is not one the filter knows stays "card".
 */
export function transactionSource(methodType: string, brand: unknown): string {
	if (methodType !== "card" || typeof brand !== "string") return methodType;
	return (CARD_BRANDS as readonly string[]).includes(brand) ? brand : methodType;
}

export const SOURCE_DEVICES = ["android", "ios"] as const;
export type SourceDevice = (typeof SOURCE_DEVICES)[number];

/** Device names are brands: the same in every language. */
export const SOURCE_DEVICE_LABELS: Readonly<Record<SourceDevice, string>> = {
	android: "Android",
	ios: "iOS",
};

/** Risk levels as the processor scores them; any other value (or none) was not assessed. */
export const RISK_LEVELS = [0, 1, 2] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export function riskLevelLabels(t: Translator): Readonly<Record<RiskLevel, string>> {
	return {
		0: t.__("Normal", "paydesk"),
		1: t.__("Elevated", "paydesk"),
		2: t.__("Highest", "paydesk"),
	};
}

export function riskLevelLabel(level: number | null | undefined, t: Translator): string {
	return level === 0 || level === 1 || level === 2
		? riskLevelLabels(t)[level]
		: t.__("Not assessed", "paydesk");
}

export const FRAUD_OUTCOME_STATUSES = ["allow", "review", "block"] as const;
export type FraudOutcomeStatus = (typeof FRAUD_OUTCOME_STATUSES)[number];

export function fraudOutcomeStatusLabel(status: string, t: Translator): string {
	switch (status) {
		case "allow":
			return t.__("Succeeded", "paydesk");
		case "review":
			return t.__("Needs review", "paydesk");
		case "block":
			return t.__("Payment blocked", "paydesk");
		default:
			return status;
	}
}

/**
 * The transactions summary shows total, fees and net only when there is at most one store
 * currency or a store currency filter is set (spec 2 §2); the count always shows.
 */
export function transactionTotalsShown(summary: {
	storeCurrencies: readonly string[];
	storeCurrencyFilter?: string | null | undefined;
}): boolean {
	return summary.storeCurrencies.length <= 1 || Boolean(summary.storeCurrencyFilter);
}

/**
 * The uncaptured and blocked tabs show their total only when every amount shares one currency
 * (spec 2 §2).
 */
export function singleCurrencyTotalShown(currencies: readonly string[]): boolean {
	return new Set(currencies.map((currency) => currency.toLowerCase())).size === 1;
}

/** The default sorts of spec 2 §9. */
export const AUTHORIZATIONS_DEFAULT_SORT = { orderby: "created", order: "asc" } as const;
export const BLOCKED_DEFAULT_SORT = { orderby: "date", order: "desc" } as const;

/** The uncaptured tab's sort key 'capture_by' is sent to the server as created (spec 2 §2). */
export function authorizationSortKey(orderby: string | null | undefined): string {
	return !orderby || orderby === "capture_by" ? "created" : orderby;
}

export const TRANSACTION_TABS = ["transactions-page", "uncaptured-page", "blocked-page"] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];
export const DEFAULT_TRANSACTION_TAB: TransactionTab = "transactions-page";

/**
 * The query change of switching tabs: paged back to 1, per_page to 25, order and orderby
 * cleared (null removes a key), other filters kept (spec 2 §2).
 */
export function tabSwitchQuery(tab: TransactionTab): {
	tab: TransactionTab;
	paged: number;
	per_page: number;
	order: null;
	orderby: null;
} {
	return { tab, paged: 1, per_page: 25, order: null, orderby: null };
}

export const PAYMENT_DETAILS_PATH = "/payments/transactions/details";

/**
 * Where a customer's name leads: this customer's payments, the transactions list searched by
 * their e-mail (Paydesk has no orders list of its own to search).
 */
export function customerPaymentsUrl(email: string): string {
	return `/wp-admin/admin.php?page=wc-admin&path=/payments/transactions&search=${encodeURIComponent(email)}`;
}

/** What a transaction row needs to link to its payment. */
export interface TransactionLinkSource {
	transaction_id: string;
	type: string;
	charge_id: string | null;
	payment_intent_id: string | null;
	metadata?: { charge_type?: string | null } | null;
}

/**
 * The payment details link of a transaction row (spec 2 §2 "Transaction detail link"): the
 * payment details page of its payment intent (else its charge), with transaction_id and
 * transaction_type added. Card reader fees use the charge type and open by charge id, as the
 * details page opens its card reader fee view from the charge. Null when the row has no payment
 * behind it (loan disbursements, for example).
 */
export function transactionDetailsLink(
	transaction: TransactionLinkSource,
): { path: string; query: { id: string; transaction_id: string; transaction_type: string } } | null {
	const isReaderFee = transaction.type === "card_reader_fee";
	const id = isReaderFee
		? (transaction.charge_id ?? transaction.payment_intent_id)
		: (transaction.payment_intent_id ?? transaction.charge_id);
	if (!id) return null;
	const transactionType = isReaderFee
		? (transaction.metadata?.charge_type ?? transaction.type)
		: transaction.type;
	return {
		path: PAYMENT_DETAILS_PATH,
		query: { id, transaction_id: transaction.transaction_id, transaction_type: transactionType },
	};
}
