/** The payment method of a charge: its type, its per-type details and its fee rate. */
import { transactionSource } from "@paydesk/domain/transactions";
import {
	BANKS,
	CARD_METHODS,
	CHECK_RESULTS,
	FEE_FIXED,
	METHOD_MIX,
	methodFeePercentage,
} from "./catalog-payments.ts";
import type { SettlementCurrency } from "./catalog-people.ts";
import type { Customer } from "./customers.ts";
import { type Random, Weighted } from "./random.ts";

export interface PaymentMethod {
	type: string;
	/** Balance transaction type of a successful payment: charge for cards, payment otherwise. */
	btType: "charge" | "payment";
	details: string;
	/** The last four digits shown as the transaction's source identifier, when the method has any. */
	identifier: string | null;
	/** What the disputes list shows as the source: card brand, else the method type. */
	label: string;
	/** The balance transactions' source: an online card's brand, else the method type. */
	source: string;
	feePercentage: number;
	feeFixed: number;
}

const mixes = {
	usd: new Weighted(METHOD_MIX.usd),
	eur: new Weighted(METHOD_MIX.eur),
	gbp: new Weighted(METHOD_MIX.gbp),
};
const checks = new Weighted(CHECK_RESULTS);
const readMethods = new Weighted([
	["contactless_emv", 78],
	["contact_emv", 19],
	["magnetic_stripe_track2", 3],
] as const);

export function onlineMethodType(random: Random, currency: SettlementCurrency): string {
	return mixes[currency].pick(random);
}

export interface CardOptions {
	/** Forces the CVC check result (a declined "incorrect_cvc" fails it; fraud rules decline on failure). */
	cvc?: string;
}

function cardDetails(random: Random, customer: Customer, options: CardOptions): string {
	const card = customer.card;
	let cvc = options.cvc ?? checks.pick(random);
	// The account declines on CVC failure, so a charge that went through never failed its CVC.
	if (cvc === "fail" && options.cvc === undefined) cvc = "pass";
	const line1 = checks.pick(random);
	const postal = line1 === "pass" ? (random.chance(0.97) ? "pass" : "fail") : line1;
	return `{"brand":"${card.brand}","last4":"${card.last4}","funding":"${card.funding}","network":"${card.brand}","exp_month":${card.expMonth},"exp_year":${card.expYear},"country":"${customer.country}","checks":{"cvc_check":"${cvc}","address_line1_check":"${line1}","address_postal_code_check":"${postal}"},"wallet":null}`;
}

function cardPresentDetails(random: Random, customer: Customer): string {
	const card = customer.card;
	const readMethod = readMethods.pick(random);
	return `{"brand":"${card.brand}","last4":"${card.last4}","funding":"${card.funding}","network":"${card.brand}","exp_month":${card.expMonth},"exp_year":${card.expYear},"country":"${customer.country}","read_method":"${readMethod}","receipt":{"account_type":"${card.funding}","application_preferred_name":"${card.brand.toUpperCase()} ${card.funding.toUpperCase()}"}}`;
}

function bankDetails(random: Random, type: string, customer: Customer): string {
	const bank = random.pick(BANKS[type] ?? ["Bank"]);
	switch (type) {
		case "sepa_debit":
			return JSON.stringify({
				bank_code: random.digits(8),
				country: customer.country,
				last4: customer.ibanLast4,
				iban_last4: customer.ibanLast4,
			});
		case "ideal":
			return JSON.stringify({
				bank,
				bic: `${bank.slice(0, 4).toUpperCase()}NL2A`,
				iban_last4: customer.ibanLast4,
			});
		case "bancontact":
		case "sofort":
			return JSON.stringify({
				bank_code: random.digits(4),
				bank_name: bank,
				country: customer.country,
				iban_last4: customer.ibanLast4,
			});
		case "giropay":
			return JSON.stringify({ bank_code: random.digits(8), bank_name: bank, bic: "GENODEF1XXX" });
		case "p24":
			return JSON.stringify({
				bank,
				reference: `P24-${random.digits(3)}-${random.digits(3)}-${random.digits(3)}`,
			});
		case "eps":
			return JSON.stringify({ bank });
		case "au_becs_debit":
			return JSON.stringify({ bsb_number: random.digits(6), last4: customer.ibanLast4 });
		case "multibanco":
			return JSON.stringify({ entity: random.digits(5), reference: random.digits(9) });
		case "klarna":
			return JSON.stringify({
				payment_method_category: random.pick(["pay_later", "pay_over_time", "pay_now"]),
			});
		case "afterpay_clearpay":
			return JSON.stringify({ reference: random.base62(10).toUpperCase() });
		default:
			return "{}";
	}
}

function identifierOf(type: string, customer: Customer): string | null {
	if (type === "card" || type === "card_present") return customer.card.last4;
	if (["sepa_debit", "ideal", "bancontact", "sofort", "au_becs_debit"].includes(type))
		return customer.ibanLast4;
	return null;
}

/** Builds the payment method of a type for a customer. */
export function paymentMethod(
	random: Random,
	type: string,
	customer: Customer,
	currency: SettlementCurrency,
	options: CardOptions = {},
): PaymentMethod {
	let details: string;
	if (type === "card") details = cardDetails(random, customer, options);
	else if (type === "card_present") details = cardPresentDetails(random, customer);
	else if (type === "link") details = JSON.stringify({ country: customer.country });
	else details = bankDetails(random, type, customer);
	const isCard = CARD_METHODS.has(type);
	return {
		type,
		btType: isCard ? "charge" : "payment",
		details,
		identifier: identifierOf(type, customer),
		label: type === "card" || type === "card_present" ? customer.card.brand : type,
		source: transactionSource(type, customer.card.brand),
		feePercentage: methodFeePercentage(type),
		feeFixed: type === "card_present" ? 10 : FEE_FIXED[currency],
	};
}
