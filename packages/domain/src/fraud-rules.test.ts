import { describe, expect, it } from "vitest";
import { protectionRuleIssues } from "./fraud-rule-grammar.ts";
import {
	type BuildContext,
	buildProtectionRules,
	declinesOnAvs,
	type FraudFilters,
	isInternationalIpAvailable,
	parseProtectionRules,
	ruleStates,
} from "./fraud-rules.ts";

const off = { enabled: false, block: true };
const allOff: FraudFilters = {
	avs_verification: off,
	address_mismatch: off,
	international_ip_address: off,
	ip_address_mismatch: off,
	order_items_threshold: { ...off, min_items: null, max_items: null },
	purchase_price_threshold: { ...off, min_amount: null, max_amount: null },
};
const specific: BuildContext = {
	storeCurrency: "usd",
	selling: { mode: "specific", countries: ["US", "CA"] },
};
const parseContext = { declineOnAVSFailure: false, reviewFeatureActive: true };

describe("protection rules as saved (spec 3 §3.12)", () => {
	it("disabled filters save no rule", () => {
		expect(buildProtectionRules(allOff, specific)).toEqual([]);
	});

	it("AVS is avs_mismatch equals true; address mismatch is billing_shipping_address_same equals false", () => {
		const rules = buildProtectionRules(
			{
				...allOff,
				avs_verification: { enabled: true, block: true },
				address_mismatch: { enabled: true, block: false },
			},
			specific,
		);
		expect(rules).toEqual([
			{
				key: "avs_verification",
				outcome: "block",
				check: { key: "avs_mismatch", operator: "equals", value: true },
			},
			{
				key: "address_mismatch",
				outcome: "review",
				check: { key: "billing_shipping_address_same", operator: "equals", value: false },
			},
		]);
	});

	it("international IP: the selling countries lowercased and joined by a pipe, not_in for specific, in for all_except", () => {
		const filters = { ...allOff, international_ip_address: { enabled: true, block: true } };
		expect(buildProtectionRules(filters, specific)[0]?.check).toEqual({
			key: "ip_country",
			operator: "not_in",
			value: "us|ca",
		});
		const except = buildProtectionRules(filters, { selling: { mode: "all_except", countries: ["RU"] } });
		expect(except[0]?.check).toEqual({ key: "ip_country", operator: "in", value: "ru" });
	});

	it("the international IP filter is unavailable, and saves nothing, when selling to all countries", () => {
		const all: BuildContext = { selling: { mode: "all", countries: [] } };
		expect(isInternationalIpAvailable(all.selling)).toBe(false);
		const filters = { ...allOff, international_ip_address: { enabled: true, block: true } };
		expect(buildProtectionRules(filters, all)).toEqual([]);
	});

	it("a price range is an or group of less_than min and greater_than max, in minor units with the store currency", () => {
		const rules = buildProtectionRules(
			{
				...allOff,
				purchase_price_threshold: { enabled: true, block: false, min_amount: 1_000, max_amount: 150_050 },
			},
			specific,
		);
		expect(rules).toEqual([
			{
				key: "purchase_price_threshold",
				outcome: "review",
				check: {
					operator: "or",
					checks: [
						{ key: "order_total", operator: "less_than", value: "1000|usd" },
						{ key: "order_total", operator: "greater_than", value: "150050|usd" },
					],
				},
			},
		]);
	});

	it("a single bound is a single comparison; the currency defaults to usd", () => {
		const rules = buildProtectionRules(
			{
				...allOff,
				order_items_threshold: { enabled: true, block: true, min_items: null, max_items: 10 },
				purchase_price_threshold: { enabled: true, block: true, min_amount: 500, max_amount: null },
			},
			{ selling: { mode: "all", countries: [] } },
		);
		expect(rules.map((rule) => rule.check)).toEqual([
			{ key: "item_count", operator: "greater_than", value: 10 },
			{ key: "order_total", operator: "less_than", value: "500|usd" },
		]);
	});
});

describe("reading saved rules back (round trip)", () => {
	const every: FraudFilters = {
		avs_verification: { enabled: true, block: true },
		address_mismatch: { enabled: true, block: false },
		international_ip_address: { enabled: true, block: true },
		ip_address_mismatch: { enabled: true, block: false },
		order_items_threshold: { enabled: true, block: true, min_items: 2, max_items: 20 },
		purchase_price_threshold: { enabled: true, block: false, min_amount: 2_500, max_amount: 90_000 },
	};

	it("parse(build(filters)) gives the filters back", () => {
		expect(parseProtectionRules(buildProtectionRules(every, specific), parseContext)).toEqual(every);
		expect(parseProtectionRules(buildProtectionRules(allOff, specific), parseContext)).toEqual(allOff);
	});

	it("without the review feature every filter blocks when loading (spec 1 §5, spec 3 §4.5)", () => {
		const parsed = parseProtectionRules(buildProtectionRules(every, specific), {
			...parseContext,
			reviewFeatureActive: false,
		});
		expect(Object.values(parsed).every((filter) => filter.block)).toBe(true);
	});

	it("the AVS filter defaults to the account's decline-on-AVS flag; saving makes the flag whether an AVS rule exists", () => {
		expect(parseProtectionRules([], { ...parseContext, declineOnAVSFailure: true }).avs_verification).toEqual(
			{
				enabled: true,
				block: true,
			},
		);
		expect(declinesOnAvs(buildProtectionRules(every, specific))).toBe(true);
		expect(declinesOnAvs(buildProtectionRules(allOff, specific))).toBe(false);
	});
});

describe("the rule grammar the server accepts", () => {
	it("accepts every rule set the page builds", () => {
		const every = parseProtectionRules([], parseContext);
		expect(protectionRuleIssues(buildProtectionRules(every, specific))).toEqual([]);
		const built = buildProtectionRules(
			{
				...allOff,
				avs_verification: { enabled: true, block: true },
				international_ip_address: { enabled: true, block: true },
				order_items_threshold: { enabled: true, block: true, min_items: 1, max_items: 5 },
				purchase_price_threshold: { enabled: true, block: true, min_amount: 1, max_amount: 2 },
			},
			specific,
		);
		expect(protectionRuleIssues(built)).toEqual([]);
	});

	it("refuses unknown rule keys, outcomes, check keys, operators and values, naming where", () => {
		expect(protectionRuleIssues([{ key: "velocity", outcome: "block", check: {} }])).toEqual([
			{ path: [0, "key"], message: expect.stringContaining("must be one of avs_verification") },
		]);
		expect(
			protectionRuleIssues([
				{
					key: "avs_verification",
					outcome: "hold",
					check: { key: "avs_mismatch", operator: "equals", value: true },
				},
			]),
		).toEqual([{ path: [0, "outcome"], message: "must be review or block" }]);
		expect(
			protectionRuleIssues([
				{
					key: "address_mismatch",
					outcome: "block",
					check: { key: "ip_country", operator: "equals", value: false },
				},
			])[0]?.path,
		).toEqual([0, "check", "key"]);
		expect(
			protectionRuleIssues([
				{
					key: "international_ip_address",
					outcome: "block",
					check: { key: "ip_country", operator: "equals", value: "us" },
				},
			])[0]?.path,
		).toEqual([0, "check", "operator"]);
		expect(
			protectionRuleIssues([
				{
					key: "international_ip_address",
					outcome: "block",
					check: { key: "ip_country", operator: "in", value: "US,CA" },
				},
			])[0]?.path,
		).toEqual([0, "check", "value"]);
		expect(
			protectionRuleIssues([
				{
					key: "purchase_price_threshold",
					outcome: "block",
					check: { key: "order_total", operator: "less_than", value: "12.50" },
				},
			])[0]?.path,
		).toEqual([0, "check", "value"]);
	});

	it("refuses a duplicated rule, a group on a single-check rule, and a range whose max is not above min", () => {
		const avs = {
			key: "avs_verification",
			outcome: "block",
			check: { key: "avs_mismatch", operator: "equals", value: true },
		};
		expect(protectionRuleIssues([avs, avs])[0]?.message).toBe("avs_verification appears more than once");
		expect(
			protectionRuleIssues([{ ...avs, check: { operator: "or", checks: [avs.check] } }])[0]?.message,
		).toBe("must be a single comparison for this rule");
		const range = {
			key: "order_items_threshold",
			outcome: "block",
			check: {
				operator: "or",
				checks: [
					{ key: "item_count", operator: "less_than", value: 10 },
					{ key: "item_count", operator: "greater_than", value: 5 },
				],
			},
		};
		expect(protectionRuleIssues([range])).toEqual([
			{ path: [0, "check"], message: "the maximum must be greater than the minimum" },
		]);
		expect(protectionRuleIssues({})).toEqual([{ path: [], message: "must be a list of rules" }]);
	});
});

describe("the saved rules as the usage log records them", () => {
	it("names each filter off, or on with its action, and nothing of its amounts or countries", () => {
		const rules = buildProtectionRules(
			{
				...allOff,
				avs_verification: { enabled: true, block: true },
				international_ip_address: { enabled: true, block: false },
				purchase_price_threshold: { enabled: true, block: false, min_amount: 1000, max_amount: null },
			},
			specific,
		);
		expect(ruleStates(rules)).toEqual({
			avs_verification: "block",
			address_mismatch: "off",
			international_ip_address: "review",
			ip_address_mismatch: "off",
			order_items_threshold: "off",
			purchase_price_threshold: "review",
		});
	});
});
