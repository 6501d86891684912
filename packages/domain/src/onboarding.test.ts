import { describe, expect, it } from "vitest";
import {
	BUSINESS_FIELD_MESSAGES,
	type BusinessData,
	businessStepVisibility,
	businessTypesFor,
	changeBusinessField,
	EMPTY_BUSINESS_DATA,
	filterMccTree,
	type OnboardingFieldsData,
	onboardingSteps,
	poEligibilityRequest,
	sanitiseOnboardingSource,
	toSelfAssessment,
	validateBusinessStep,
} from "./onboarding.ts";

const US_TYPES = [
	{ key: "individual", name: "Individual", structures: [] },
	{
		key: "company",
		name: "Company",
		structures: [
			{ key: "single_member_llc", name: "Single member LLC" },
			{ key: "private_corporation", name: "Private corporation" },
		],
	},
	{
		key: "non_profit",
		name: "Non-profit",
		structures: [{ key: "incorporated_non_profit", name: "Incorporated" }],
	},
];
const FIELDS: OnboardingFieldsData = {
	business_types: [
		{ key: "US", name: "United States (US)", types: US_TYPES },
		{ key: "FR", name: "France", types: [{ key: "individual", name: "Individual", structures: [] }] },
	],
	mccs_display_tree: [
		{
			id: "retail",
			title: "Retail",
			items: [
				{ id: "5691", title: "Clothing stores", keywords: ["apparel", "fashion"] },
				{ id: "5942", title: "Book stores" },
			],
		},
		{ id: "food", title: "Food and drink", items: [{ id: "5812", title: "Restaurants" }] },
	],
	industry_to_mcc: { fashion: "5691" },
};

const filled = (patch: Partial<BusinessData>): BusinessData => ({ ...EMPTY_BUSINESS_DATA, ...patch });

describe("onboarding source keeps word characters and dashes; default unknown", () => {
	it("keeps dashes, unlike the connect page", () => {
		expect(sanitiseOnboardingSource("wcadmin-payment-task")).toBe("wcadmin-payment-task");
		expect(sanitiseOnboardingSource("a b/c<d>")).toBe("abcd");
		expect(sanitiseOnboardingSource("")).toBe("unknown");
		expect(sanitiseOnboardingSource(null)).toBe("unknown");
	});
});

describe("business type options come from the country; Puerto Rico uses the United States; company first", () => {
	it("lists company first", () => {
		expect(businessTypesFor(FIELDS, "US").map((type) => type.key)).toEqual([
			"company",
			"individual",
			"non_profit",
		]);
	});
	it("gives Puerto Rico the United States options", () => {
		expect(businessTypesFor(FIELDS, "PR").map((type) => type.key)).toEqual([
			"company",
			"individual",
			"non_profit",
		]);
	});
	it("has no options for an unknown country", () => {
		expect(businessTypesFor(FIELDS, "ZZ")).toEqual([]);
	});
});

describe("dependencies: a new country clears the business type; a new type clears the structure", () => {
	const start = filled({ country: "US", business_type: "company", "company.structure": "single_member_llc" });
	it("clears type and structure on a country change", () => {
		expect(changeBusinessField(start, "country", "FR")).toMatchObject({
			country: "FR",
			business_type: "",
			"company.structure": "",
		});
	});
	it("clears the structure on a type change", () => {
		expect(changeBusinessField(start, "business_type", "non_profit")).toMatchObject({
			business_type: "non_profit",
			"company.structure": "",
		});
	});
	it("keeps dependants when the same value is chosen again", () => {
		expect(changeBusinessField(start, "country", "US")).toEqual(start);
	});
});

describe("visibility of the business step's selects", () => {
	it("shows the structure select only when the chosen type has structures", () => {
		expect(
			businessStepVisibility(FIELDS, filled({ country: "US", business_type: "company" })).structure,
		).toBe(true);
		expect(
			businessStepVisibility(FIELDS, filled({ country: "US", business_type: "individual" })).structure,
		).toBe(false);
	});
	it("shows goods and services once country, type and structure are chosen", () => {
		expect(businessStepVisibility(FIELDS, filled({ country: "US", business_type: "company" })).mcc).toBe(
			false,
		);
		expect(
			businessStepVisibility(
				FIELDS,
				filled({ country: "US", business_type: "company", "company.structure": "single_member_llc" }),
			).mcc,
		).toBe(true);
		expect(businessStepVisibility(FIELDS, filled({ country: "US", business_type: "individual" })).mcc).toBe(
			true,
		);
	});
	it("shows annual revenue, go-live timeframe and the terms once goods and services is chosen", () => {
		const data = filled({ country: "US", business_type: "individual" });
		expect(businessStepVisibility(FIELDS, data).store).toBe(false);
		expect(businessStepVisibility(FIELDS, { ...data, mcc: "5691" }).store).toBe(true);
	});
});

describe("business step validation: required fields with their messages", () => {
	it("names each empty field with its message", () => {
		expect(validateBusinessStep(FIELDS, filled({ country: "US", business_type: "company" }))).toEqual({
			"company.structure": "Please provide a response",
			mcc: "Please provide a type of goods or services",
			annual_revenue: "Please provide a response",
			go_live_timeframe: "Please provide a response",
		});
		expect(validateBusinessStep(FIELDS, EMPTY_BUSINESS_DATA)).toMatchObject({
			country: "Please provide a country",
			business_type: "Please provide a business type",
		});
	});
	it("does not ask for a structure when the type has none", () => {
		const data = filled({
			country: "US",
			business_type: "individual",
			mcc: "5691",
			annual_revenue: "less_than_250k",
			go_live_timeframe: "within_1month",
		});
		expect(validateBusinessStep(FIELDS, data)).toEqual({});
	});
	it("uses the generic message for structure, revenue and timeframe", () => {
		expect(BUSINESS_FIELD_MESSAGES.annual_revenue).toBe("Please provide a response");
	});
});

describe("payloads", () => {
	it("sends the self assessment as a nested object, skipping empty values", () => {
		expect(
			toSelfAssessment({
				country: "US",
				business_type: "company",
				"company.structure": "single_member_llc",
				mcc: "",
				annual_revenue: "less_than_250k",
			}),
		).toEqual({
			country: "US",
			business_type: "company",
			company: { structure: "single_member_llc" },
			annual_revenue: "less_than_250k",
		});
	});
	it("sends business and store to the payout-eligibility check", () => {
		const data = filled({
			country: "US",
			business_type: "individual",
			mcc: "5691",
			annual_revenue: "less_than_250k",
			go_live_timeframe: "already_live",
		});
		expect(poEligibilityRequest(data)).toEqual({
			business: { country: "US", type: "individual", mcc: "5691" },
			store: { annual_revenue: "less_than_250k", go_live_timeframe: "already_live" },
		});
	});
	it("has business then embedded steps, or only embedded when collecting payout requirements", () => {
		expect(onboardingSteps(false)).toEqual(["business", "embedded"]);
		expect(onboardingSteps(true)).toEqual(["embedded"]);
	});
});

describe("goods and services search matches titles and keywords, case-insensitively", () => {
	it("filters the grouped tree", () => {
		expect(
			filterMccTree(FIELDS.mccs_display_tree, "FASHION").map((group) => group.items.map((i) => i.id)),
		).toEqual([["5691"]]);
		expect(filterMccTree(FIELDS.mccs_display_tree, "food")[0]?.items).toHaveLength(1);
		expect(filterMccTree(FIELDS.mccs_display_tree, "")).toHaveLength(2);
	});
});
