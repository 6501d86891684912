import { describe, expect, it } from "vitest";
import {
	exchangeRateOf,
	exchangeRatePrecision,
	feeRatePercent,
	formatExchangeRate,
	formatFeeRate,
	formatFeeRates,
	standardFeeRates,
} from "./fees.ts";

describe("fee rates are shown as percent (rate x 100, 3 decimals)", () => {
	it("multiplies by 100 and rounds to 3 decimals", () => {
		expect(feeRatePercent(0.029)).toBe(2.9);
		expect(feeRatePercent(0.012345)).toBe(1.235);
		expect(feeRatePercent(0.0123444)).toBe(1.234);
		expect(feeRatePercent(0.07)).toBe(7);
		expect(formatFeeRate(0.039)).toBe("3.9%");
		expect(formatFeeRate(0)).toBe("0%");
	});
	it("joins the percentage and the fixed part, leaving out a zero part", () => {
		expect(formatFeeRates({ percentage: 0.029, fixed: 30, currency: "usd" })).toBe("2.9% + $0.30");
		expect(formatFeeRates({ percentage: 0.01, fixed: 0, currency: "usd" })).toBe("1%");
		expect(formatFeeRates({ percentage: 0, fixed: 25, currency: "eur" })).toBe("€0.25");
	});
});

describe("exchange rate precision is 6 digits if the rate is under 1, otherwise 5", () => {
	it("chooses the precision by the rate", () => {
		expect(exchangeRatePrecision(0.92)).toBe(6);
		expect(exchangeRatePrecision(1)).toBe(5);
		expect(exchangeRatePrecision(149.2)).toBe(5);
	});
	it("formats with that many significant digits", () => {
		expect(formatExchangeRate(0.92345678)).toBe("0.923457");
		expect(formatExchangeRate(1.0834567)).toBe("1.0835");
		expect(formatExchangeRate(149.23456)).toBe("149.23");
		expect(formatExchangeRate(1.1)).toBe("1.1");
	});
	it("computes the rate between two amounts, zero-decimal currencies included", () => {
		expect(
			exchangeRateOf({ amount: 10000, currency: "eur" }, { amount: 10835, currency: "usd" }),
		).toBeCloseTo(1.0835);
		expect(exchangeRateOf({ amount: 1000, currency: "usd" }, { amount: 1492, currency: "jpy" })).toBeCloseTo(
			149.2,
		);
		expect(exchangeRateOf({ amount: 0, currency: "usd" }, { amount: 1, currency: "eur" })).toBeNull();
	});
});

describe("the sandbox partner's standard pricing", () => {
	it("charges cards 2.9% + 30 cents in USD", () => {
		const rates = standardFeeRates("card", "usd", false);
		expect(rates).toMatchObject({ percentage: 0.029, fixed: 30, fixed_currency: "usd" });
	});
	it("adds 1% when the customer paid in another currency, listed as its own component", () => {
		const rates = standardFeeRates("card", "eur", true);
		expect(rates.percentage).toBe(0.039);
		expect(rates.fixed).toBe(25);
		expect(rates.history?.map((h) => h.type)).toEqual(["base", "fx"]);
	});
	it("prices in-person cards and bank debits lower", () => {
		expect(standardFeeRates("card_present", "usd", false)).toMatchObject({ percentage: 0.026, fixed: 10 });
		expect(standardFeeRates("sepa_debit", "eur", false).percentage).toBe(0.008);
	});
});
