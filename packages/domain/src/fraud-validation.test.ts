import { describe, expect, it } from "vitest";
import type { FraudFilters } from "./fraud-rules.ts";
import {
	amountDecimalsError,
	amountInputText,
	decideFraudSave,
	fraudAmountSymbol,
	fraudMessages,
	fraudValidationError,
	itemRangeWarning,
	parseItemCount,
	priceRangeWarning,
	sanitizeAmountInput,
} from "./fraud-validation.ts";
import { englishTranslator as t } from "./translator.ts";

const off = { enabled: false, block: true };
const allOff: FraudFilters = {
	avs_verification: off,
	address_mismatch: off,
	international_ip_address: off,
	ip_address_mismatch: off,
	order_items_threshold: { ...off, min_items: null, max_items: null },
	purchase_price_threshold: { ...off, min_amount: null, max_amount: null },
};
const context = { storeCurrency: "usd", selling: { mode: "all" as const, countries: [] } };
const price = (min: number | null, max: number | null) => ({
	...allOff,
	purchase_price_threshold: { enabled: true, block: true, min_amount: min, max_amount: max },
});
const items = (min: number | null, max: number | null) => ({
	...allOff,
	order_items_threshold: { enabled: true, block: true, min_items: min, max_items: max },
});

describe("fraud protection validation (spec 3 §5.5)", () => {
	it("an enabled purchase price filter needs min or max", () => {
		expect(fraudValidationError(price(null, null), t)).toBe(
			'A price range must be set for the "Purchase Price threshold" filter.',
		);
		expect(fraudValidationError(price(100, null), t)).toBeNull();
		expect(fraudValidationError(price(null, 100), t)).toBeNull();
	});

	it("with both set, the maximum purchase price must exceed the minimum", () => {
		expect(fraudValidationError(price(5_000, 1_000), t)).toBe(
			"Maximum purchase price must be greater than the minimum purchase price.",
		);
		expect(fraudValidationError(price(1_000, 1_000), t)).toBe(fraudMessages(t).priceMaxBelowMin);
		expect(fraudValidationError(price(1_000, 1_001), t)).toBeNull();
	});

	it("an enabled item filter needs one bound, and its max must exceed its min", () => {
		expect(fraudValidationError(items(null, null), t)).toBe(
			'An item range must be set for the "Order Item Threshold" filter.',
		);
		expect(fraudValidationError(items(5, 3), t)).toBe(
			'Maximum item count must be greater than the minimum item count on the "Order Item Threshold" rule.',
		);
		expect(fraudValidationError(items(3, 5), t)).toBeNull();
	});

	it("inline warnings: a range must be set for the filter to take effect", () => {
		expect(priceRangeWarning(price(null, null).purchase_price_threshold, t)).toBe(
			"A price range must be set for this filter to take effect.",
		);
		expect(itemRangeWarning(items(null, null).order_items_threshold, t)).toBe(
			"An item range must be set for this filter to take effect.",
		);
		expect(itemRangeWarning(items(4, 2).order_items_threshold, t)).toBe(
			"Maximum item count must be greater than the minimum item count.",
		);
		expect(priceRangeWarning(allOff.purchase_price_threshold, t)).toBeNull();
	});

	it("amount inputs keep only digits and one decimal point; blank means no limit", () => {
		expect(sanitizeAmountInput("1a2.3.4e")).toBe("12.34");
		expect(sanitizeAmountInput("-5")).toBe("5");
		expect(sanitizeAmountInput("")).toBe("");
		expect(amountInputText(15_050, "usd")).toBe("150.50");
		expect(amountInputText(10_000, "usd")).toBe("100");
		expect(amountInputText(1_500, "jpy")).toBe("1500");
		expect(amountInputText(null, "usd")).toBe("");
	});

	it("item inputs are whole numbers of at least 1; blank means no limit", () => {
		expect(parseItemCount("3")).toBe(3);
		expect(parseItemCount("")).toBeNull();
		expect(parseItemCount("0")).toBeNull();
		expect(parseItemCount("1.5")).toBeNull();
	});
});

describe("saving sets the protection level (spec 3 §4.5)", () => {
	it("with at least one filter on, the level becomes advanced", () => {
		const decision = decideFraudSave(
			{ ...allOff, avs_verification: { enabled: true, block: true } },
			"basic",
			context,
			t,
		);
		expect(decision).toMatchObject({
			kind: "advanced",
			notice: 'Current protection level is set to "advanced".',
		});
	});

	it("with none on, a basic store is refused and an advanced store falls back to basic", () => {
		expect(decideFraudSave(allOff, "basic", context, t)).toEqual({
			kind: "refused",
			notice: "At least one risk filter needs to be enabled for advanced protection.",
		});
		expect(decideFraudSave(allOff, "advanced", context, t)).toEqual({
			kind: "basic",
			rules: [],
			notice:
				'Current protection level is set to "basic". At least one risk filter needs to be enabled for advanced protection.',
		});
	});

	it("an invalid range is refused with 'Settings were not saved.' and the reason", () => {
		expect(decideFraudSave(price(9_000, 100), "advanced", context, t)).toEqual({
			kind: "invalid",
			notice:
				"Settings were not saved. Maximum purchase price must be greater than the minimum purchase price.",
		});
	});

	it("an amount the page could not read is refused first, with 'Settings were not saved.' and why", () => {
		const tooPrecise = amountDecimalsError("10.005", "usd", t);
		expect(decideFraudSave(price(9_000, 100), "advanced", context, t, tooPrecise)).toEqual({
			kind: "invalid",
			notice: "Settings were not saved. USD amounts have at most 2 decimal places.",
		});
	});
});

describe("amounts have no more decimals than the store currency (spec 3 §3.12, §9)", () => {
	it("refuses 10.005 for USD and 10.5 for JPY with a clear message instead of reading no limit", () => {
		expect(amountDecimalsError("10.005", "usd", t)).toBe("USD amounts have at most 2 decimal places.");
		expect(amountDecimalsError("10.5", "jpy", t)).toBe("JPY amounts have no decimal places.");
		expect(amountDecimalsError("10.500", "eur", t)).toBe("EUR amounts have at most 2 decimal places.");
	});

	it("accepts what the currency can hold, and blank (no limit)", () => {
		for (const text of ["", "10", "10.", "10.5", "10.05", ".5"])
			expect(amountDecimalsError(text, "usd", t)).toBeNull();
		for (const text of ["", "1500", "1500."]) expect(amountDecimalsError(text, "jpy", t)).toBeNull();
	});
});

describe("the amount inputs' symbol: default $ unless multi-currency is on (spec 3 §9)", () => {
	it("is $ while multi-currency is off, whatever the store currency", () => {
		expect(fraudAmountSymbol("usd", false)).toBe("$");
		expect(fraudAmountSymbol("eur", false)).toBe("$");
	});

	it("is the store currency's own symbol while multi-currency is on", () => {
		expect(fraudAmountSymbol("eur", true)).toBe("€");
		expect(fraudAmountSymbol("jpy", true)).toBe("¥");
		expect(fraudAmountSymbol("usd", true)).toBe("$");
	});
});
