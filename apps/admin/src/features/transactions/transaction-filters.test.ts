/**
 * The Payment method filter offers what the store's transactions carry as their source: an online
 * card payment's brand, any other method's type (the summary's `sources`), by their names.
 */
import { describe, expect, it } from "vitest";
import { transactionFilterFields } from "./transaction-filters.ts";

const paymentMethodOptions = (sources?: readonly string[]) => {
	const field = transactionFilterFields(sources ? { sources } : {}).find((item) => item.key === "source");
	return field?.kind === "select" ? field.options : [];
};

describe("the Payment method filter", () => {
	it("offers the card brands and methods the summary lists, by name", () => {
		expect(paymentMethodOptions(["visa", "klarna", "amex", "mastercard"])).toEqual([
			{ value: "amex", label: "American Express" },
			{ value: "klarna", label: "Klarna" },
			{ value: "mastercard", label: "Mastercard" },
			{ value: "visa", label: "Visa" },
		]);
	});

	it("offers every brand and method until the summary has loaded", () => {
		const values = paymentMethodOptions().map((option) => option.value);
		expect(values).toEqual(
			expect.arrayContaining(["visa", "mastercard", "amex", "discover", "jcb", "diners", "unionpay"]),
		);
		expect(values).toContain("sepa_debit");
	});
});
