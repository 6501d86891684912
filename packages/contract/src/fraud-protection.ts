/**
 * Advanced fraud protection as the settings entity saves it (spec 3 §3.12, §4.5): the protection
 * level and the rule list `advanced_fraud_protection_settings`, read and saved through GET and
 * POST /settings (spec 3 §7 leaves the method and path open; one entity, one route).
 *
 * The rule names are fixed in packages/domain/fraud-rules; a rule set is checked first for its
 * shape (this schema) and then against the grammar (fraud-rule-grammar), and refused with
 * 400 rest_invalid_param naming the broken part, e.g.
 * `advanced_fraud_protection_settings.0.check.value`.
 *
 * The store's selling countries (international IP filter) are WooCommerce's own options,
 * read through GET /wc-admin/options: woocommerce_allowed_countries ("all" when unset,
 * "all_except", "specific"), woocommerce_all_except_countries and
 * woocommerce_specific_allowed_countries (lists of upper-case country codes).
 */
import { protectionRuleIssues } from "@paydesk/domain/fraud-rule-grammar";
import {
	CHECK_KEYS,
	COMPARISON_OPERATORS,
	LIST_OPERATORS,
	PROTECTION_LEVELS,
	RULE_KEYS,
	RULE_OUTCOMES,
} from "@paydesk/domain/fraud-rules";
import { z } from "zod";

export const comparison = z.object({
	key: z.enum(CHECK_KEYS),
	operator: z.enum(COMPARISON_OPERATORS),
	value: z.union([z.string(), z.number(), z.boolean()]),
});

export const checkGroup = z.object({
	operator: z.enum(LIST_OPERATORS),
	checks: z.array(comparison),
});

export const protectionRule = z.object({
	key: z.enum(RULE_KEYS),
	outcome: z.enum(RULE_OUTCOMES),
	check: z.union([comparison, checkGroup]),
});

/**
 * The rule list as a save takes it: the grammar runs first, so a broken rule is refused with a
 * message that says what that rule key takes, then the shape above types the result.
 */
export const protectionRules = z
	.array(z.unknown())
	.max(RULE_KEYS.length, { error: `must hold at most ${RULE_KEYS.length} rules` })
	.superRefine((rules, context) => {
		for (const issue of protectionRuleIssues(rules)) {
			context.addIssue({ code: "custom", message: issue.message, path: issue.path });
		}
	})
	.pipe(z.array(protectionRule))
	.meta({
		description:
			"Protection rules { key, outcome, check }: rule keys, check keys and operators as in packages/domain/fraud-rules.",
	});

export const protectionLevel = z.enum(PROTECTION_LEVELS);

/** WooCommerce options that say where the store sells (spec 3 §3.12 settings sources). */
export const SELLING_COUNTRY_OPTIONS = {
	mode: "woocommerce_allowed_countries",
	allExcept: "woocommerce_all_except_countries",
	specific: "woocommerce_specific_allowed_countries",
} as const;
