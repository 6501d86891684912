/**
 * The onboarding wizard's rules (spec 1 §2.3, §3 onboarding data, §4.6, §5 business step):
 * its source, the business step's options, dependencies, visibility and validation, and the
 * payloads it sends (self assessment, payout eligibility).
 */
import { UNKNOWN_SOURCE } from "./connect.ts";

export const ANNUAL_REVENUE_VALUES = [
	"less_than_250k",
	"from_250k_to_1m",
	"from_1m_to_20m",
	"from_20m_to_100m",
	"more_than_100m",
] as const;
export const GO_LIVE_TIMEFRAME_VALUES = [
	"already_live",
	"within_1month",
	"from_1_to_3months",
	"from_3_to_6months",
	"more_than_6months",
] as const;
export const BUSINESS_TYPE_VALUES = ["individual", "company", "non_profit", "government_entity"] as const;

export type AnnualRevenue = (typeof ANNUAL_REVENUE_VALUES)[number];
export type GoLiveTimeframe = (typeof GO_LIVE_TIMEFRAME_VALUES)[number];

/** The business step's fields, by their onboarding-data names (dot for nesting). */
export const BUSINESS_FIELDS = [
	"country",
	"business_type",
	"company.structure",
	"mcc",
	"annual_revenue",
	"go_live_timeframe",
] as const;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];

/** What the business step has collected; an empty string is "not chosen". */
export type BusinessData = Record<BusinessField, string>;

export const EMPTY_BUSINESS_DATA: BusinessData = {
	country: "",
	business_type: "",
	"company.structure": "",
	mcc: "",
	annual_revenue: "",
	go_live_timeframe: "",
};

/** Shapes of the page settings' onboardingFieldsData, as this package reads them. */
export interface BusinessStructure {
	key: string;
	name: string;
}
export interface BusinessType {
	key: string;
	name: string;
	description?: string;
	structures: readonly BusinessStructure[];
}
export interface CountryBusinessTypes {
	key: string;
	name: string;
	types: readonly BusinessType[];
}
export interface MccOption {
	id: string;
	title: string;
	keywords?: readonly string[];
}
export interface MccGroup {
	id: string;
	title: string;
	items: readonly MccOption[];
}
export interface OnboardingFieldsData {
	business_types: readonly CountryBusinessTypes[];
	mccs_display_tree: readonly MccGroup[];
	industry_to_mcc: Readonly<Record<string, string>>;
}

/** The wizard's source keeps word characters and dashes; default unknown. */
export function sanitiseOnboardingSource(value: string | null | undefined): string {
	const kept = (value ?? "").replace(/[^\w-]/g, "");
	return kept || UNKNOWN_SOURCE;
}

/** Puerto Rico onboards with the United States' business types and structures. */
export function businessTypesCountry(country: string): string {
	return country.toUpperCase() === "PR" ? "US" : country.toUpperCase();
}

/** Business type options of a country, company first. */
export function businessTypesFor(fields: OnboardingFieldsData, country: string): BusinessType[] {
	const key = businessTypesCountry(country);
	const types = fields.business_types.find((entry) => entry.key === key)?.types ?? [];
	return [...types].sort((a, b) => Number(b.key === "company") - Number(a.key === "company"));
}

export function structuresFor(
	fields: OnboardingFieldsData,
	data: BusinessData,
): readonly BusinessStructure[] {
	return (
		businessTypesFor(fields, data.country).find((type) => type.key === data.business_type)?.structures ?? []
	);
}

/**
 * Sets one field and clears what depended on it: a new country clears the business type (and
 * so its structure); a new business type clears the company structure.
 */
export function changeBusinessField(data: BusinessData, field: BusinessField, value: string): BusinessData {
	const next: BusinessData = { ...data, [field]: value };
	if (field === "country" && value !== data.country) {
		next.business_type = "";
		next["company.structure"] = "";
	}
	if (field === "business_type" && value !== data.business_type) next["company.structure"] = "";
	return next;
}

export interface BusinessStepVisibility {
	structure: boolean;
	mcc: boolean;
	/** Annual revenue, go-live timeframe and the terms notice. */
	store: boolean;
}

/**
 * The structure select only when the chosen type has structures; goods and services once
 * country, type and (when there are any) structure are chosen; the rest once goods and
 * services is chosen.
 */
export function businessStepVisibility(
	fields: OnboardingFieldsData,
	data: BusinessData,
): BusinessStepVisibility {
	const hasStructures = structuresFor(fields, data).length > 0;
	const mcc =
		data.country !== "" && data.business_type !== "" && (!hasStructures || data["company.structure"] !== "");
	return { structure: hasStructures, mcc, store: mcc && data.mcc !== "" };
}

export const BUSINESS_FIELD_MESSAGES: Readonly<Record<BusinessField, string>> = {
	country: "Please provide a country",
	business_type: "Please provide a business type",
	"company.structure": "Please provide a response",
	mcc: "Please provide a type of goods or services",
	annual_revenue: "Please provide a response",
	go_live_timeframe: "Please provide a response",
};

export type BusinessErrors = Partial<Record<BusinessField, string>>;

/** Every required field left empty, with its message; structure only when the type has some. */
export function validateBusinessStep(fields: OnboardingFieldsData, data: BusinessData): BusinessErrors {
	const errors: BusinessErrors = {};
	const needsStructure = structuresFor(fields, data).length > 0;
	for (const field of BUSINESS_FIELDS) {
		if (field === "company.structure" && !needsStructure) continue;
		if (data[field].trim() === "") errors[field] = BUSINESS_FIELD_MESSAGES[field];
	}
	return errors;
}

export type SelfAssessment = { [key: string]: string | SelfAssessment };

/** Onboarding data as a nested object ("company.structure" → company.structure), empty values skipped. */
export function toSelfAssessment(data: Readonly<Record<string, string | undefined>>): SelfAssessment {
	const result: SelfAssessment = {};
	for (const [path, value] of Object.entries(data)) {
		if (value === undefined || value.trim() === "") continue;
		const keys = path.split(".");
		let node = result;
		for (const key of keys.slice(0, -1)) {
			const child = node[key];
			if (typeof child === "object") node = child;
			else {
				const created: SelfAssessment = {};
				node[key] = created;
				node = created;
			}
		}
		node[keys[keys.length - 1] ?? path] = value;
	}
	return result;
}

/** The payout-eligibility request body sent before the embedded step. */
export function poEligibilityRequest(data: BusinessData) {
	return {
		business: { country: data.country, type: data.business_type, mcc: data.mcc },
		store: { annual_revenue: data.annual_revenue, go_live_timeframe: data.go_live_timeframe },
	};
}

export const PO_ELIGIBLE_RESULT = "eligible";

/** The two variants: business then embedded, or (collect_payout_requirements) embedded only. */
export type OnboardingStep = "business" | "embedded";
export function onboardingSteps(collectPayoutRequirements: boolean): OnboardingStep[] {
	return collectPayoutRequirements ? ["embedded"] : ["business", "embedded"];
}

/** Finds an mcc option by id in the grouped tree. */
export function findMcc(fields: OnboardingFieldsData, id: string): MccOption | undefined {
	for (const group of fields.mccs_display_tree) {
		const found = group.items.find((item) => item.id === id);
		if (found) return found;
	}
	return undefined;
}

/** Groups and options whose title or keywords contain the search, case-insensitively. */
export function filterMccTree(tree: readonly MccGroup[], search: string): MccGroup[] {
	const needle = search.trim().toLowerCase();
	if (!needle) return [...tree];
	return tree
		.map((group) => {
			const groupMatches = group.title.toLowerCase().includes(needle);
			const items = groupMatches
				? group.items
				: group.items.filter(
						(item) =>
							item.title.toLowerCase().includes(needle) ||
							(item.keywords ?? []).some((keyword) => keyword.toLowerCase().includes(needle)),
					);
			return { ...group, items };
		})
		.filter((group) => group.items.length > 0);
}
