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

export function fraudOutcomeReview(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(
		event,
		"warning",
		`The payment of ${customerMoney(event, context)} was held for review by your fraud protection rules.`,
	);
}

export function fraudOutcomeBlock(event: TimelineEvent, context: TimelineContext): TimelineEntry {
	return entry(
		event,
		"error",
		`The payment of ${customerMoney(event, context)} was blocked by your fraud protection rules.`,
	);
}

export function fraudOutcomeManualApprove(event: TimelineEvent): TimelineEntry {
	return entry(event, "success", ["The payment was approved after review by ", reviewer(event), "."]);
}

export function fraudOutcomeManualBlock(event: TimelineEvent): TimelineEntry {
	return entry(event, "error", ["The payment was blocked after review by ", reviewer(event), "."]);
}
