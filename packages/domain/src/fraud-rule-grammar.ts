/**
 * The grammar of saved protection rules (spec 3 §3.12): which check, operators and
 * values each rule key takes. The server refuses any other rule set, naming where it breaks.
 */
import {
	bounds,
	type CheckKey,
	type Comparison,
	type ComparisonOperator,
	LIST_OPERATORS,
	type ListOperator,
	parseAmountValue,
	RULE_KEYS,
	RULE_OUTCOMES,
	type RuleKey,
	type RuleOutcome,
} from "./fraud-rules.ts";

const NUMERIC_OPERATORS: readonly ComparisonOperator[] = [
	"greater_or_equal",
	"greater_than",
	"less_or_equal",
	"less_than",
];

interface RuleShape {
	checkKey: CheckKey;
	operators: readonly ComparisonOperator[];
	valid: (value: unknown) => boolean;
	describe: string;
	/** Ranges may combine two comparisons in an and/or group. */
	range: boolean;
}

const COUNTRY_LIST = /^[a-z]{2}(\|[a-z]{2})*$/;
const AMOUNT_VALUE = /^\d{1,15}\|[a-z]{3}$/;

const RULE_SHAPES: Readonly<Record<RuleKey, RuleShape>> = {
	avs_verification: {
		checkKey: "avs_mismatch",
		operators: ["equals"],
		valid: (value) => value === true,
		describe: "must be avs_mismatch equals true",
		range: false,
	},
	address_mismatch: {
		checkKey: "billing_shipping_address_same",
		operators: ["equals"],
		valid: (value) => value === false,
		describe: "must be billing_shipping_address_same equals false",
		range: false,
	},
	international_ip_address: {
		checkKey: "ip_country",
		operators: ["in", "not_in"],
		valid: (value) => typeof value === "string" && COUNTRY_LIST.test(value),
		describe: "must be ip_country in or not_in a lowercase country list joined by | (such as fr|de)",
		range: false,
	},
	ip_address_mismatch: {
		checkKey: "ip_billing_country_same",
		operators: ["equals"],
		valid: (value) => value === false,
		describe: "must be ip_billing_country_same equals false",
		range: false,
	},
	order_items_threshold: {
		checkKey: "item_count",
		operators: NUMERIC_OPERATORS,
		valid: (value) => typeof value === "number" && Number.isSafeInteger(value) && value >= 1,
		describe: "must compare item_count with a whole number of at least 1",
		range: true,
	},
	purchase_price_threshold: {
		checkKey: "order_total",
		operators: NUMERIC_OPERATORS,
		valid: (value) => typeof value === "string" && AMOUNT_VALUE.test(value),
		describe: "must compare order_total with minor units, a pipe and a currency (such as 10000|usd)",
		range: true,
	},
};

export interface GrammarIssue {
	/** Path below the rule list, e.g. [0, "check", "value"]. */
	path: (string | number)[];
	message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

function comparisonIssue(shape: RuleShape, check: unknown, at: (string | number)[]): GrammarIssue | null {
	if (!isRecord(check)) return { path: at, message: "must be a comparison { key, operator, value }" };
	if (check.key !== shape.checkKey)
		return { path: [...at, "key"], message: `must be ${shape.checkKey} for this rule` };
	if (!shape.operators.includes(check.operator as ComparisonOperator))
		return { path: [...at, "operator"], message: `must be one of ${shape.operators.join(", ")}` };
	if (!shape.valid(check.value)) return { path: [...at, "value"], message: shape.describe };
	return null;
}

function rangeOrderIssue(checks: Comparison[], at: (string | number)[]): GrammarIssue | null {
	const { min, max } = bounds({ operator: "or", checks });
	const low = parseAmountValue(min);
	const high = parseAmountValue(max);
	if (low !== null && high !== null && high <= low)
		return { path: at, message: "the maximum must be greater than the minimum" };
	return null;
}

/** Every way a rule set breaks the grammar; empty when it is valid. */
export function protectionRuleIssues(rules: unknown): GrammarIssue[] {
	if (!Array.isArray(rules)) return [{ path: [], message: "must be a list of rules" }];
	const issues: GrammarIssue[] = [];
	const seen = new Set<string>();
	rules.forEach((rule, index) => {
		if (!isRecord(rule)) {
			issues.push({ path: [index], message: "must be a rule { key, outcome, check }" });
			return;
		}
		const key = rule.key as RuleKey;
		const shape = RULE_SHAPES[key];
		if (!shape || !RULE_KEYS.includes(key)) {
			issues.push({ path: [index, "key"], message: `must be one of ${RULE_KEYS.join(", ")}` });
			return;
		}
		if (seen.has(key)) issues.push({ path: [index, "key"], message: `${key} appears more than once` });
		seen.add(key);
		if (!RULE_OUTCOMES.includes(rule.outcome as RuleOutcome))
			issues.push({ path: [index, "outcome"], message: "must be review or block" });
		const check = rule.check;
		if (isRecord(check) && "checks" in check) {
			const at = [index, "check"];
			if (!shape.range) {
				issues.push({ path: at, message: "must be a single comparison for this rule" });
				return;
			}
			if (!LIST_OPERATORS.includes(check.operator as ListOperator))
				issues.push({ path: [...at, "operator"], message: "must be and or or" });
			const checks = check.checks;
			if (!Array.isArray(checks) || checks.length < 1 || checks.length > 2) {
				issues.push({ path: [...at, "checks"], message: "must hold one or two comparisons" });
				return;
			}
			const found = checks
				.map((item, position) => comparisonIssue(shape, item, [...at, "checks", position]))
				.filter((issue): issue is GrammarIssue => issue !== null);
			issues.push(...found);
			if (found.length === 0) {
				const order = rangeOrderIssue(checks as Comparison[], at);
				if (order) issues.push(order);
			}
			return;
		}
		const single = comparisonIssue(shape, check, [index, "check"]);
		if (single) issues.push(single);
	});
	return issues;
}
