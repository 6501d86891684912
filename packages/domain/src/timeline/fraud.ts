/**
 * Fraud protection decisions: held for review or blocked by the rules, and the merchant's own
 * approve or block, which names the user with a link to their profile.
 */
import { englishTranslator, sprintf, type Translator } from "../translator.ts";
import { customerMoney } from "./money-lines.ts";
import {
	entry,
	linkedLine,
	type TimelineContext,
	type TimelineEntry,
	type TimelineEvent,
	type TimelineLine,
} from "./types.ts";

export function userEditUrl(userId: number): string {
	return `/wp-admin/user-edit.php?user_id=${encodeURIComponent(String(userId))}`;
}

/** The filters' titles as the fraud protection page shows them (spec 3 §2.7). */
export function fraudRuleTitles(t: Translator): Readonly<Record<string, string>> {
	return {
		avs_verification: t.__("AVS mismatch", "paydesk"),
		international_ip_address: t.__("International IP Address", "paydesk"),
		ip_address_mismatch: t.__("IP Address Mismatch", "paydesk"),
		address_mismatch: t.__("Address Mismatch", "paydesk"),
		purchase_price_threshold: t.__("Purchase Price Threshold", "paydesk"),
		order_items_threshold: t.__("Order Items Threshold", "paydesk"),
		cvc_verification: t.__("CVC Verification", "paydesk"),
	};
}

/** "Rule: Address Mismatch", naming the rules that decided (those of the event's outcome first). */
function rulesLine(event: TimelineEvent, outcome: "block" | "review", t: Translator): string | null {
	const results = Object.entries(event.ruleset_results ?? {});
	if (results.length === 0) return null;
	const ordered = [
		...results.filter(([, value]) => value === outcome),
		...results.filter(([, value]) => value !== outcome),
	];
	const titles = fraudRuleTitles(t);
	const names = ordered.map(([key]) => titles[key] ?? key);
	/* translators: %s: the fraud rules' titles, separated by commas */
	const line = t._n("Rule: %s", "Rules: %s", names.length, "paydesk");
	return sprintf(line, names.join(", "));
}

export function fraudOutcomeReview(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("The payment of %s was held for review by your fraud protection rules.", "paydesk");
	return entry(event, "warning", sprintf(headline, customerMoney(event, context)), [
		rulesLine(event, "review", t),
	]);
}

export function fraudOutcomeBlock(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("The payment of %s was blocked by your fraud protection rules.", "paydesk");
	return entry(event, "error", sprintf(headline, customerMoney(event, context)), [
		rulesLine(event, "block", t),
	]);
}

/** The decision's sentence, naming the user with a link to their profile when the event has one. */
function reviewedBy(event: TimelineEvent, named: string, unnamed: string): TimelineLine {
	const user = event.user;
	return user ? linkedLine(named, { text: user.username, href: userEditUrl(user.id) }) : [unnamed];
}

export function fraudOutcomeManualApprove(
	event: TimelineEvent,
	_context?: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	const headline = reviewedBy(
		event,
		/* translators: %s: the user's name, a link to their profile */
		t.__("The payment was approved after review by %s.", "paydesk"),
		t.__("The payment was approved after review by a store manager.", "paydesk"),
	);
	return entry(event, "success", headline);
}

export function fraudOutcomeManualBlock(
	event: TimelineEvent,
	_context?: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	const headline = reviewedBy(
		event,
		/* translators: %s: the user's name, a link to their profile */
		t.__("The payment was blocked after review by %s.", "paydesk"),
		t.__("The payment was blocked after review by a store manager.", "paydesk"),
	);
	return entry(event, "error", headline);
}
