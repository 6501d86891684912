/**
 * Advanced fraud protection (spec 3 §3.12, §4.5, §5.5; spec 1 §5 'Fraud rule card toggle'):
 * the filters as the merchant sets them, the protection rules they are saved as, and the way
 * back. The spec leaves the saved names open; this file fixes them and is the one place
 * that spells them:
 *
 * - rule keys: avs_verification, address_mismatch, international_ip_address, ip_address_mismatch,
 *   order_items_threshold, purchase_price_threshold (CVC is the account's declineOnCVCFailure);
 * - check keys: avs_mismatch, billing_shipping_address_same, ip_country, ip_billing_country_same,
 *   item_count, order_total;
 * - comparison operators equals, not_equals, greater_or_equal, greater_than, less_or_equal,
 *   less_than, in, not_in; list operators and, or.
 *
 * A range is an `or` group: `less_than` the minimum or `greater_than` the maximum, so the rule
 * fires for orders outside the range the merchant accepts. Amounts are minor units, a pipe and the
 * store currency ("10000|usd"); country lists are lowercase codes joined by a pipe ("fr|de").
 */
export const RULE_KEYS = [
	"avs_verification",
	"address_mismatch",
	"international_ip_address",
	"ip_address_mismatch",
	"order_items_threshold",
	"purchase_price_threshold",
] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

export const CHECK_KEYS = [
	"avs_mismatch",
	"billing_shipping_address_same",
	"ip_country",
	"ip_billing_country_same",
	"item_count",
	"order_total",
] as const;
export type CheckKey = (typeof CHECK_KEYS)[number];

export const COMPARISON_OPERATORS = [
	"equals",
	"not_equals",
	"greater_or_equal",
	"greater_than",
	"less_or_equal",
	"less_than",
	"in",
	"not_in",
] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];

export const LIST_OPERATORS = ["and", "or"] as const;
export type ListOperator = (typeof LIST_OPERATORS)[number];

export const RULE_OUTCOMES = ["review", "block"] as const;
export type RuleOutcome = (typeof RULE_OUTCOMES)[number];

export interface Comparison {
	key: CheckKey;
	operator: ComparisonOperator;
	value: string | number | boolean;
}
export interface CheckGroup {
	operator: ListOperator;
	checks: Comparison[];
}
export type Check = Comparison | CheckGroup;

export interface ProtectionRule {
	key: RuleKey;
	outcome: RuleOutcome;
	check: Check;
}

export const PROTECTION_LEVELS = ["basic", "advanced"] as const;
export type ProtectionLevel = (typeof PROTECTION_LEVELS)[number];

export interface FilterToggle {
	enabled: boolean;
	/** Block the payment; false holds it for review. */
	block: boolean;
}
export interface ItemRangeFilter extends FilterToggle {
	min_items: number | null;
	max_items: number | null;
}
export interface AmountRangeFilter extends FilterToggle {
	/** Minor units of the store currency; null means no limit. */
	min_amount: number | null;
	max_amount: number | null;
}
export interface FraudFilters {
	avs_verification: FilterToggle;
	address_mismatch: FilterToggle;
	international_ip_address: FilterToggle;
	ip_address_mismatch: FilterToggle;
	order_items_threshold: ItemRangeFilter;
	purchase_price_threshold: AmountRangeFilter;
}

const OFF: FilterToggle = { enabled: false, block: true };

/** Every filter off: what a store that never saved its fraud rules has. */
export const NO_FRAUD_FILTERS: FraudFilters = {
	avs_verification: OFF,
	address_mismatch: OFF,
	international_ip_address: OFF,
	ip_address_mismatch: OFF,
	order_items_threshold: { ...OFF, min_items: null, max_items: null },
	purchase_price_threshold: { ...OFF, min_amount: null, max_amount: null },
};

/** Where the store sells (WooCommerce's allowed-countries setting). */
export type CountryMode = "all" | "all_except" | "specific";
export interface SellingCountries {
	mode: CountryMode;
	/** Countries excluded (all_except) or allowed (specific), upper or lower case. */
	countries: readonly string[];
}

export interface BuildContext {
	/** Default usd (spec 3 §9). */
	storeCurrency?: string;
	selling: SellingCountries;
}

const outcomeOf = (filter: FilterToggle): RuleOutcome => (filter.block ? "block" : "review");

/** Spec 3 §4.5: the international IP filter cannot be used when the store sells everywhere. */
export function isInternationalIpAvailable(selling: SellingCountries): boolean {
	return selling.mode !== "all" && selling.countries.length > 0;
}

function rangeCheck(key: CheckKey, min: string | number | null, max: string | number | null): Check | null {
	const below: Comparison | null = min === null ? null : { key, operator: "less_than", value: min };
	const above: Comparison | null = max === null ? null : { key, operator: "greater_than", value: max };
	if (below && above) return { operator: "or", checks: [below, above] };
	return below ?? above;
}

/** The rules a set of filters saves as (spec 3 §3.12); disabled filters save nothing. */
export function buildProtectionRules(filters: FraudFilters, context: BuildContext): ProtectionRule[] {
	const currency = (context.storeCurrency ?? "usd").toLowerCase();
	const rules: ProtectionRule[] = [];
	const add = (key: RuleKey, filter: FilterToggle, check: Check | null) => {
		if (filter.enabled && check) rules.push({ key, outcome: outcomeOf(filter), check });
	};
	add("avs_verification", filters.avs_verification, { key: "avs_mismatch", operator: "equals", value: true });
	add("address_mismatch", filters.address_mismatch, {
		key: "billing_shipping_address_same",
		operator: "equals",
		value: false,
	});
	if (isInternationalIpAvailable(context.selling)) {
		add("international_ip_address", filters.international_ip_address, {
			key: "ip_country",
			// Flag an IP in an excluded country, or outside the countries the store sells to.
			operator: context.selling.mode === "all_except" ? "in" : "not_in",
			value: context.selling.countries.map((code) => code.toLowerCase()).join("|"),
		});
	}
	add("ip_address_mismatch", filters.ip_address_mismatch, {
		key: "ip_billing_country_same",
		operator: "equals",
		value: false,
	});
	const items = filters.order_items_threshold;
	add("order_items_threshold", items, rangeCheck("item_count", items.min_items, items.max_items));
	const price = filters.purchase_price_threshold;
	const amount = (value: number | null) => (value === null ? null : `${value}|${currency}`);
	add(
		"purchase_price_threshold",
		price,
		rangeCheck("order_total", amount(price.min_amount), amount(price.max_amount)),
	);
	return rules;
}

export interface ParseContext {
	/** accountStatus.fraudProtection.declineOnAVSFailure (default false, spec 3 §9). */
	declineOnAVSFailure: boolean;
	/** featureFlags.isFRTReviewFeatureActive. */
	reviewFeatureActive: boolean;
}

const comparisonsOf = (check: Check): Comparison[] => ("checks" in check ? check.checks : [check]);

export function bounds(check: Check | undefined): {
	min: string | number | null;
	max: string | number | null;
} {
	let min: string | number | null = null;
	let max: string | number | null = null;
	for (const comparison of check ? comparisonsOf(check) : []) {
		if (comparison.operator === "less_than" || comparison.operator === "less_or_equal")
			min = comparison.value as string | number;
		if (comparison.operator === "greater_than" || comparison.operator === "greater_or_equal")
			max = comparison.value as string | number;
	}
	return { min, max };
}

export const parseAmountValue = (value: string | number | null): number | null => {
	if (value === null) return null;
	const amount = Number(String(value).split("|")[0]);
	return Number.isSafeInteger(amount) ? amount : null;
};
const countOf = (value: string | number | null): number | null =>
	value === null || !Number.isSafeInteger(Number(value)) ? null : Number(value);

/**
 * The filters the saved rules describe. Without the review feature every filter blocks
 * (spec 1 §5); the AVS filter is on when an AVS rule exists or the account declines on AVS
 * failure (spec 3 §4.5: the flag is the default, and saving keeps the two in step).
 */
export function parseProtectionRules(rules: readonly ProtectionRule[], context: ParseContext): FraudFilters {
	const byKey = new Map(rules.map((rule) => [rule.key, rule]));
	const toggle = (key: RuleKey): FilterToggle => {
		const rule = byKey.get(key);
		return { enabled: rule !== undefined, block: !context.reviewFeatureActive || rule?.outcome !== "review" };
	};
	const avs = toggle("avs_verification");
	const items = byKey.get("order_items_threshold");
	const itemBounds = bounds(items?.check);
	const price = byKey.get("purchase_price_threshold");
	const priceBounds = bounds(price?.check);
	return {
		avs_verification: { ...avs, enabled: avs.enabled || context.declineOnAVSFailure },
		address_mismatch: toggle("address_mismatch"),
		international_ip_address: toggle("international_ip_address"),
		ip_address_mismatch: toggle("ip_address_mismatch"),
		order_items_threshold: {
			...toggle("order_items_threshold"),
			min_items: countOf(itemBounds.min),
			max_items: countOf(itemBounds.max),
		},
		purchase_price_threshold: {
			...toggle("purchase_price_threshold"),
			min_amount: parseAmountValue(priceBounds.min),
			max_amount: parseAmountValue(priceBounds.max),
		},
	};
}

/** After a save the account's decline-on-AVS flag is whether an AVS rule exists (spec 3 §4.5). */
export const declinesOnAvs = (rules: readonly ProtectionRule[]): boolean =>
	rules.some((rule) => rule.key === "avs_verification");

/** What a saved rule set does with each filter: off, or on and blocking or holding for review. */
export const RULE_STATES = ["off", ...RULE_OUTCOMES] as const;
export type RuleState = (typeof RULE_STATES)[number];

/**
 * Each filter's state in saved rules, for the usage log: which filters are on and their action,
 * never their amounts or countries.
 */
export function ruleStates(rules: readonly ProtectionRule[]): Record<RuleKey, RuleState> {
	const states = Object.fromEntries(RULE_KEYS.map((key) => [key, "off"])) as Record<RuleKey, RuleState>;
	for (const rule of rules) states[rule.key] = rule.outcome;
	return states;
}
