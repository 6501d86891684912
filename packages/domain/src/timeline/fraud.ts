/**
 * Fraud protection decisions: held for review or blocked by the rules, and the merchant's own
 * approve or block, which names the user with a link to their profile.
 */
import { customerMoney } from "./money-lines.ts";
import {
	entry,
	type TimelineContext,
	type TimelineEntry,
	type TimelineEvent,
	type TimelinePart,
} from "./types.ts";

export function userEditUrl(userId: number): string {
	return `/wp-admin/user-edit.php?user_id=${encodeURIComponent(String(userId))}`;
}

function reviewer(event: TimelineEvent): TimelinePart {
	const user = event.user;
	if (!user) return "a store manager";
	return { text: user.username, href: userEditUrl(user.id) };
}

/** The filters' titles as the fraud protection page shows them (spec 3 §2.7). */
export const FRAUD_RULE_TITLES: Readonly<Record<string, string>> = {
	avs_verification: "AVS mismatch",
	international_ip_address: "International IP Address",
	ip_address_mismatch: "IP Address Mismatch",
	address_mismatch: "Address Mismatch",
	purchase_price_threshold: "Purchase Price Threshold",
	order_items_threshold: "Order Items Threshold",
	cvc_verification: "CVC Verification",
};

/** "Rule: Address Mismatch", naming the rules that decided (those of the event's outcome first). */
function rulesLine(event: TimelineEvent, outcome: "block" | "review"): string | null {
	const results = Object.entries(event.ruleset_results ?? {});
	if (results.length === 0) return null;
	const ordered = [
		...results.filter(([, value]) => value === outcome),
		...results.filter(([, value]) => value !== outcome),
	];
	const titles = ordered.map(([key]) => FRAUD_RULE_TITLES[key] ?? key);
	return `${titles.length === 1 ? "Rule" : "Rules"}: ${titles.join(", ")}`;
}

export function fraudOutcomeReview(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(
		event,
		"warning",
		`The payment of ${customerMoney(event, context)} was held for review by your fraud protection rules.`,
		[rulesLine(event, "review")],
	);
}

export function fraudOutcomeBlock(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(
		event,
		"error",
		`The payment of ${customerMoney(event, context)} was blocked by your fraud protection rules.`,
		[rulesLine(event, "block")],
	);
}

export function fraudOutcomeManualApprove(event: TimelineEvent): TimelineEntry {
	return entry(event, "success", ["The payment was approved after review by ", reviewer(event), "."]);
}

export function fraudOutcomeManualBlock(event: TimelineEvent): TimelineEntry {
	return entry(event, "error", ["The payment was blocked after review by ", reviewer(event), "."]);
}
