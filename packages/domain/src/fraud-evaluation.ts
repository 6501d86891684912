/**
 * Fraud rules that act (spec 3 §3.12, §4.5): every incoming payment is judged by the
 * saved protection rules, each with its own data:
 * - avs_mismatch: the issuer's street or postal code check failed;
 * - billing_shipping_address_same: the shipping address is the billing address;
 * - ip_country: the country of the customer's IP address (lowercase);
 * - ip_billing_country_same: that country is the billing country;
 * - item_count: the number of items in the order;
 * - order_total: the order total in minor units of the store currency.
 *
 * A fact that is unknown (no IP country, no shipping address) never makes a rule fire. Every
 * rule is evaluated; a block outranks a review, and among rules of one outcome the first saved
 * one is named. The CVC check is not a saved rule: the account's declineOnCVCFailure blocks a
 * payment whose CVC check failed (spec 3 §4.5 "The CVC filter is fixed").
 */
import type { Check, CheckKey, Comparison, ProtectionRule, RuleOutcome } from "./fraud-rules.ts";

export interface PaymentFacts {
	avs_mismatch: boolean;
	billing_shipping_address_same: boolean | null;
	ip_country: string | null;
	ip_billing_country_same: boolean | null;
	item_count: number;
	order_total: number;
	/** The store currency order_total is in (lowercase). */
	currency: string;
	cvc_check_failed: boolean;
}

/** The rule name the CVC check is recorded under when it blocks a payment. */
export const CVC_RULE = "cvc_verification";

export interface FraudVerdict {
	outcome: RuleOutcome;
	/** The rule key that decided (a saved rule's key, or cvc_verification). */
	rule: string;
	/** Every rule that matched, with its outcome, as the timeline's ruleset_results lists them. */
	results: Record<string, RuleOutcome>;
}

function factOf(facts: PaymentFacts, key: CheckKey): string | number | boolean | null {
	return facts[key];
}

/** "10000|usd" -> 10000 when the currency is the store's; a bare number is taken as it is. */
function amountOf(value: string | number | boolean, currency: string): number | null {
	if (typeof value === "number") return value;
	if (typeof value !== "string") return null;
	const [amount, valueCurrency] = value.split("|");
	if (valueCurrency && valueCurrency.toLowerCase() !== currency) return null;
	const parsed = Number(amount);
	return Number.isFinite(parsed) ? parsed : null;
}

function compare(comparison: Comparison, facts: PaymentFacts): boolean {
	const fact = factOf(facts, comparison.key);
	if (fact === null) return false;
	const { operator, value } = comparison;
	if (operator === "in" || operator === "not_in") {
		const list = String(value)
			.toLowerCase()
			.split("|")
			.filter((code) => code !== "");
		const found = list.includes(String(fact).toLowerCase());
		return operator === "in" ? found : !found;
	}
	if (operator === "equals" || operator === "not_equals") {
		const same =
			typeof fact === "boolean"
				? fact === (value === true || value === "true")
				: String(fact) === String(value);
		return operator === "equals" ? same : !same;
	}
	const bound = comparison.key === "order_total" ? amountOf(value, facts.currency) : Number(value);
	if (bound === null || !Number.isFinite(bound) || typeof fact !== "number") return false;
	switch (operator) {
		case "greater_than":
			return fact > bound;
		case "greater_or_equal":
			return fact >= bound;
		case "less_than":
			return fact < bound;
		case "less_or_equal":
			return fact <= bound;
	}
	return false;
}

export function checkMatches(check: Check, facts: PaymentFacts): boolean {
	if ("checks" in check) {
		const results = check.checks.map((item) => compare(item, facts));
		return check.operator === "and" ? results.every(Boolean) : results.some(Boolean);
	}
	return compare(check, facts);
}

export interface EvaluationContext {
	/** accountStatus.fraudProtection.declineOnCVCFailure. */
	declineOnCVCFailure: boolean;
	/** An AVS failure blocks even without a saved AVS rule (the account's decline-on-AVS flag). */
	declineOnAVSFailure: boolean;
}

/** The verdict of the rules on a payment, or null when no rule fires. */
export function evaluateFraudRules(
	rules: readonly ProtectionRule[],
	facts: PaymentFacts,
	context: EvaluationContext,
): FraudVerdict | null {
	const results: Record<string, RuleOutcome> = {};
	let block: string | null = null;
	let review: string | null = null;
	if (context.declineOnCVCFailure && facts.cvc_check_failed) {
		results[CVC_RULE] = "block";
		block = CVC_RULE;
	}
	const hasAvsRule = rules.some((rule) => rule.key === "avs_verification");
	if (!hasAvsRule && context.declineOnAVSFailure && facts.avs_mismatch) {
		results.avs_verification = "block";
		block ??= "avs_verification";
	}
	for (const rule of rules) {
		if (!checkMatches(rule.check, facts)) continue;
		results[rule.key] = rule.outcome;
		if (rule.outcome === "block") block ??= rule.key;
		else review ??= rule.key;
	}
	if (block) return { outcome: "block", rule: block, results };
	if (review) return { outcome: "review", rule: review, results };
	return null;
}

export interface PostalAddress {
	line1?: string | null;
	line2?: string | null;
	city?: string | null;
	state?: string | null;
	postal_code?: string | null;
	country?: string | null;
}

const squash = (value: string | null | undefined) =>
	(value ?? "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** Whether two addresses are the same place, ignoring case, spaces and punctuation. */
export function sameAddress(a: PostalAddress, b: PostalAddress): boolean {
	const fields: (keyof PostalAddress)[] = ["line1", "line2", "city", "state", "postal_code", "country"];
	return fields.every((field) => squash(a[field]) === squash(b[field]));
}
