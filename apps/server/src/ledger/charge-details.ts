/**
 * A charge's payment method details and billing details as the charges table keeps them: only
 * what the charge's own columns and its kind of payment method do not already say
 * (db/derived-json.ts). The billing name, e-mail and country are the customer columns, the street,
 * city and postcode those of the charge's order, a card's network is its brand and its country the
 * customer's, and its checks pass unless stored otherwise; the rest is stored by position.
 * Every writer of a charge stores them through storedChargeDetails; every reader rebuilds them
 * through paymentMethodDetailsOf and billingDetailsOf.
 */
import {
	type JsonObject,
	type JsonTemplate,
	type JsonValue,
	omitDerived,
	parseObject,
	parseStored,
	restoreDerived,
} from "../db/derived-json.ts";
import type { ChargesTable, OrdersTable } from "../db/schema.ts";
import { billingAddressOf } from "./order-details.ts";

export type ChargeFacts = Pick<
	ChargesTable,
	"payment_method_type" | "customer_name" | "customer_email" | "customer_country"
>;

const PASSED_CHECKS: JsonTemplate = {
	cvc_check: "pass",
	address_line1_check: "pass",
	address_postal_code_check: "pass",
};

/** A card's network is its brand's, as the processor and the demo store give it. */
const brandOf = (card: JsonObject) => card.brand;

/** What a payment method's details say that the charge already knows, with their key order. */
function methodTemplate(charge: ChargeFacts): JsonTemplate {
	const country = charge.customer_country;
	switch (charge.payment_method_type) {
		case "card":
			return {
				brand: undefined,
				last4: undefined,
				funding: undefined,
				network: brandOf,
				exp_month: undefined,
				exp_year: undefined,
				country,
				checks: PASSED_CHECKS,
				wallet: null,
				fingerprint: undefined,
			};
		case "card_present":
			return {
				brand: undefined,
				last4: undefined,
				funding: undefined,
				network: brandOf,
				exp_month: undefined,
				exp_year: undefined,
				country,
				read_method: undefined,
			};
		case "link":
			return { country };
		case "sepa_debit":
			return { bank_code: undefined, country, last4: undefined, iban_last4: undefined };
		case "bancontact":
		case "sofort":
			return { bank_code: undefined, bank_name: undefined, country, iban_last4: undefined };
		default:
			return {};
	}
}

/** The charge's order, whose billing address (never changed once written) the charge's repeats. */
export type ChargeOrder = Pick<OrdersTable, "customer_country" | "billing_address"> | null | undefined;

const text = (value: JsonValue | undefined): string | undefined =>
	typeof value === "string" ? value : undefined;

function billingTemplate(charge: ChargeFacts, order: ChargeOrder): JsonTemplate {
	const address = order ? billingAddressOf(order) : {};
	return {
		address: {
			city: text(address.city),
			country: charge.customer_country,
			line1: text(address.address_1),
			line2: null,
			postal_code: text(address.postcode),
			state: undefined,
		},
		email: charge.customer_email,
		name: charge.customer_name,
		phone: undefined,
	};
}

/** The two columns as a writer stores them, from the whole documents and the charge's order. */
export function storedChargeDetails(
	charge: ChargeFacts,
	order: ChargeOrder,
	paymentMethodDetails: JsonObject,
	billingDetails: JsonObject,
): Pick<ChargesTable, "payment_method_details" | "billing_details"> {
	return {
		payment_method_details: JSON.stringify(omitDerived(paymentMethodDetails, methodTemplate(charge))),
		billing_details: JSON.stringify(omitDerived(billingDetails, billingTemplate(charge, order))),
	};
}

/** The payment method's per-type details (brand, last4, checks … for a card). */
export function paymentMethodDetailsOf(
	charge: ChargeFacts & Pick<ChargesTable, "payment_method_details">,
): JsonObject {
	return restoreDerived(parseStored(charge.payment_method_details), methodTemplate(charge));
}

/** The billing details: address, e-mail, name and phone; `order` is the charge's (by its order_id). */
export function billingDetailsOf(
	charge: ChargeFacts & Pick<ChargesTable, "billing_details">,
	order: ChargeOrder,
): JsonObject {
	return restoreDerived(parseStored(charge.billing_details), billingTemplate(charge, order));
}

/** A charge row whose details columns hold the whole documents, made a row as the table keeps it. */
export function withStoredDetails<
	T extends ChargeFacts & Pick<ChargesTable, "payment_method_details" | "billing_details">,
>(row: T, order: ChargeOrder): T {
	return {
		...row,
		...storedChargeDetails(
			row,
			order,
			parseObject(row.payment_method_details),
			parseObject(row.billing_details),
		),
	};
}
