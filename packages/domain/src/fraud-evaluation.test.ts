import { describe, expect, it } from "vitest";
import { evaluateFraudRules, type PaymentFacts, sameAddress } from "./fraud-evaluation.ts";
import { buildProtectionRules, type FraudFilters, NO_FRAUD_FILTERS } from "./fraud-rules.ts";

const NONE = NO_FRAUD_FILTERS;
const rulesOf = (filters: Partial<FraudFilters>) =>
	buildProtectionRules(
		{ ...NONE, ...filters },
		{ storeCurrency: "usd", selling: { mode: "specific", countries: ["US", "CA"] } },
	);
const CLEAN: PaymentFacts = {
	avs_mismatch: false,
	billing_shipping_address_same: true,
	ip_country: "us",
	ip_billing_country_same: true,
	item_count: 2,
	order_total: 5000,
	currency: "usd",
	cvc_check_failed: false,
};
const flags = { declineOnCVCFailure: true, declineOnAVSFailure: false };
const block = { enabled: true, block: true };
const review = { enabled: true, block: false };

describe("fraud rules act on each payment's own data (spec 3 §3.12, §4.5)", () => {
	it("a clean payment trips no rule", () => {
		const rules = rulesOf({ avs_verification: block, address_mismatch: block, ip_address_mismatch: block });
		expect(evaluateFraudRules(rules, CLEAN, flags)).toBeNull();
	});

	it.each([
		["avs_verification", { avs_verification: block }, { avs_mismatch: true }],
		["address_mismatch", { address_mismatch: block }, { billing_shipping_address_same: false }],
		["international_ip_address", { international_ip_address: block }, { ip_country: "gb" }],
		["ip_address_mismatch", { ip_address_mismatch: block }, { ip_billing_country_same: false }],
		[
			"order_items_threshold",
			{ order_items_threshold: { ...block, min_items: null, max_items: 3 } },
			{ item_count: 4 },
		],
		[
			"purchase_price_threshold",
			{ purchase_price_threshold: { ...block, min_amount: 1000, max_amount: 10000 } },
			{ order_total: 10001 },
		],
	] as const)("%s blocks a payment that matches it", (key, filters, facts) => {
		const verdict = evaluateFraudRules(rulesOf(filters), { ...CLEAN, ...facts }, flags);
		expect(verdict).toMatchObject({ outcome: "block", rule: key });
	});

	it("a range is the merchant's accepted range: inside it nothing fires, at its bounds neither", () => {
		const rules = rulesOf({ purchase_price_threshold: { ...review, min_amount: 1000, max_amount: 10000 } });
		expect(evaluateFraudRules(rules, { ...CLEAN, order_total: 10000 }, flags)).toBeNull();
		expect(evaluateFraudRules(rules, { ...CLEAN, order_total: 999 }, flags)?.outcome).toBe("review");
	});

	it("a block outranks a review, and every matched rule is listed", () => {
		const rules = rulesOf({ ip_address_mismatch: review, address_mismatch: block });
		const verdict = evaluateFraudRules(
			rules,
			{ ...CLEAN, ip_billing_country_same: false, billing_shipping_address_same: false },
			flags,
		);
		expect(verdict).toEqual({
			outcome: "block",
			rule: "address_mismatch",
			results: { address_mismatch: "block", ip_address_mismatch: "review" },
		});
	});

	it("an unknown fact never fires a rule (no IP, no shipping address)", () => {
		const rules = rulesOf({
			international_ip_address: block,
			ip_address_mismatch: block,
			address_mismatch: block,
		});
		expect(
			evaluateFraudRules(
				rules,
				{ ...CLEAN, ip_country: null, ip_billing_country_same: null, billing_shipping_address_same: null },
				flags,
			),
		).toBeNull();
	});

	it("the CVC filter is fixed: a failed CVC check is blocked while the account declines on CVC failure", () => {
		expect(evaluateFraudRules([], { ...CLEAN, cvc_check_failed: true }, flags)).toMatchObject({
			outcome: "block",
			rule: "cvc_verification",
		});
		expect(
			evaluateFraudRules([], { ...CLEAN, cvc_check_failed: true }, { ...flags, declineOnCVCFailure: false }),
		).toBeNull();
	});

	it("the account's decline-on-AVS flag blocks an AVS mismatch when no AVS rule is saved", () => {
		expect(
			evaluateFraudRules([], { ...CLEAN, avs_mismatch: true }, { ...flags, declineOnAVSFailure: true })?.rule,
		).toBe("avs_verification");
	});

	it("an amount rule in another currency than the payment's total does not apply", () => {
		const rules = rulesOf({ purchase_price_threshold: { ...block, min_amount: null, max_amount: 100 } });
		expect(evaluateFraudRules(rules, { ...CLEAN, currency: "eur" }, flags)).toBeNull();
	});

	it("two addresses are the same place whatever their case, spacing and punctuation", () => {
		const a = { line1: "510 Townsend St.", city: "San Francisco", postal_code: "94103", country: "US" };
		expect(
			sameAddress(a, {
				line1: "510 townsend st",
				city: "SAN FRANCISCO",
				postal_code: "94103",
				country: "us",
			}),
		).toBe(true);
		expect(sameAddress(a, { ...a, line1: "1 Market St" })).toBe(false);
	});
});
