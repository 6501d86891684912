import { describe, expect, it } from "vitest";
import {
	bankDisplayName,
	CARD_BRANDS,
	cardBrandLabel,
	cardFundingLabel,
	checkResultLabel,
	P24_BANK_NAMES,
	PAYMENT_METHOD_LABELS,
	PAYMENT_METHOD_TYPES,
	p24BankName,
	paymentMethodLabel,
	paymentMethodLast4,
	paymentMethodRows,
} from "./payment-methods.ts";
import { englishTranslator as t } from "./translator.ts";

const rowValue = (rows: { key: string; value: string }[], key: string) =>
	rows.find((row) => row.key === key)?.value;

describe("payment methods and card brands of spec 2 §9", () => {
	it("names all 18 payment methods", () => {
		expect(PAYMENT_METHOD_TYPES).toHaveLength(18);
		for (const type of PAYMENT_METHOD_TYPES) expect(PAYMENT_METHOD_LABELS[type]).toBeTruthy();
		expect(paymentMethodLabel("sepa_debit")).toBe("SEPA Direct Debit");
		expect(paymentMethodLabel("new_method")).toBe("New method");
	});
	it("names all 8 card brands", () => {
		expect(CARD_BRANDS).toHaveLength(8);
		expect(cardBrandLabel("amex", t)).toBe("American Express");
		expect(cardBrandLabel("cartes_bancaires", t)).toBe("Cartes Bancaires");
		expect(cardBrandLabel(null, t)).toBe("Unknown");
	});
});

describe("card type labels: credit, debit, prepaid, unknown", () => {
	it("labels each funding type and treats anything else as unknown", () => {
		expect(cardFundingLabel("credit", t)).toBe("Credit");
		expect(cardFundingLabel("debit", t)).toBe("Debit");
		expect(cardFundingLabel("prepaid", t)).toBe("Prepaid");
		expect(cardFundingLabel("unknown", t)).toBe("Unknown");
		expect(cardFundingLabel(undefined, t)).toBe("Unknown");
	});
});

describe("check results: Passed, Failed, Unavailable, Not checked", () => {
	it("labels the processor's results, missing ones as Not checked", () => {
		expect(checkResultLabel("pass", t)).toBe("Passed");
		expect(checkResultLabel("fail", t)).toBe("Failed");
		expect(checkResultLabel("unavailable", t)).toBe("Unavailable");
		expect(checkResultLabel("unchecked", t)).toBe("Not checked");
		expect(checkResultLabel(null, t)).toBe("Not checked");
	});
});

describe("p24 shows the Polish bank's display name (about 25 banks)", () => {
	it("maps the bank codes to their public names", () => {
		expect(Object.keys(P24_BANK_NAMES).length).toBeGreaterThanOrEqual(25);
		expect(p24BankName("pbac_z_ipko")).toBe("PKO Bank Polski");
		expect(p24BankName("mbank_mtransfer")).toBe("mBank");
		expect(p24BankName("blik")).toBe("BLIK");
		expect(bankDisplayName("p24", "santander_przelew24")).toBe("Santander Bank Polska");
		expect(p24BankName("some_new_bank")).toBe("Some new bank");
	});
});

describe("per-type fields of the payment method card", () => {
	it("shows a card's number, expiry, type, brand, origin and its three checks", () => {
		const rows = paymentMethodRows(
			{
				type: "card",
				card: {
					brand: "visa",
					last4: "4242",
					funding: "debit",
					network: "visa",
					country: "US",
					exp_month: 3,
					exp_year: 2029,
					checks: { cvc_check: "pass", address_line1_check: "fail", address_postal_code_check: null },
				},
			},
			t,
		);
		expect(rowValue(rows, "type")).toBe("Card");
		expect(rowValue(rows, "last4")).toBe("•••• 4242");
		expect(rowValue(rows, "exp_month")).toBe("03 / 2029");
		expect(rowValue(rows, "funding")).toBe("Debit");
		expect(rowValue(rows, "brand")).toBe("Visa");
		expect(rowValue(rows, "cvc_check")).toBe("Passed");
		expect(rowValue(rows, "address_line1_check")).toBe("Failed");
		expect(rowValue(rows, "address_postal_code_check")).toBe("Not checked");
	});
	it("shows bank methods' bank, bank code and IBAN last 4", () => {
		const sepa = paymentMethodRows(
			{
				type: "sepa_debit",
				sepa_debit: { bank_code: "37040044", iban_last4: "3000" },
			},
			t,
		);
		expect(rowValue(sepa, "bank_code")).toBe("37040044");
		expect(rowValue(sepa, "iban_last4")).toBe("•••• 3000");
		const ideal = paymentMethodRows({ type: "ideal", ideal: { bank: "abn_amro", iban_last4: "1234" } }, t);
		expect(rowValue(ideal, "bank")).toBe("ABN AMRO");
		const p24 = paymentMethodRows({ type: "p24", p24: { bank: "ing", reference: "P24-1" } }, t);
		expect(rowValue(p24, "bank")).toBe("ING Bank Śląski");
	});
	it("shows how an in-person card was read and leaves out missing fields", () => {
		const rows = paymentMethodRows(
			{
				type: "card_present",
				card_present: { last4: "1111", read_method: "contactless_emv" },
			},
			t,
		);
		expect(rowValue(rows, "read_method")).toBe("Contactless");
		expect(rowValue(rows, "exp_month")).toBeUndefined();
		expect(rowValue(rows, "cvc_check")).toBeUndefined();
	});
	it("finds the last 4 digits of a card or an account", () => {
		expect(paymentMethodLast4({ type: "card", card: { last4: "4242" } })).toBe("4242");
		expect(paymentMethodLast4({ type: "ideal", ideal: { iban_last4: "9876" } })).toBe("9876");
		expect(paymentMethodLast4({ type: "alipay" })).toBeNull();
	});
});
