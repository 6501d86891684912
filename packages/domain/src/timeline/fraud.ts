/**
 * Fraud protection decisions: held for review or blocked by the rules, each rule saying what it
 * saw, and the merchant's own approve or block, which names the user with a link to their profile.
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

/**
 * What a rule saw, in the wording of what it did (spec 3 §9: AVS fails, shipping address differs
 * from billing, IP country not among the selling countries, IP country differs from billing, item
 * count or purchase price out of range), as a whole sentence per rule and outcome for translators.
 */
function ruleReviewSentence(rule: string, t: Translator): string {
	switch (rule) {
		case "avs_verification":
			return t.__(
				"Held for review: the billing address failed the card issuer's address check (AVS).",
				"paydesk",
			);
		case "address_mismatch":
			return t.__("Held for review: the shipping address differs from the billing address.", "paydesk");
		case "international_ip_address":
			return t.__(
				"Held for review: the customer's IP address is in a country you do not sell to.",
				"paydesk",
			);
		case "ip_address_mismatch":
			return t.__(
				"Held for review: the country of the customer's IP address differs from the billing country.",
				"paydesk",
			);
		case "order_items_threshold":
			return t.__(
				"Held for review: the number of items in the order is outside the range you accept.",
				"paydesk",
			);
		case "purchase_price_threshold":
			return t.__("Held for review: the purchase price is outside the range you accept.", "paydesk");
		case "cvc_verification":
			return t.__("Held for review: the card's security code (CVC) check failed.", "paydesk");
		default:
			/* translators: %s: the fraud rule's title or key */
			return sprintf(t.__("Held for review by the rule %s.", "paydesk"), fraudRuleTitles(t)[rule] ?? rule);
	}
}

function ruleBlockSentence(rule: string, t: Translator): string {
	switch (rule) {
		case "avs_verification":
			return t.__("Blocked: the billing address failed the card issuer's address check (AVS).", "paydesk");
		case "address_mismatch":
			return t.__("Blocked: the shipping address differs from the billing address.", "paydesk");
		case "international_ip_address":
			return t.__("Blocked: the customer's IP address is in a country you do not sell to.", "paydesk");
		case "ip_address_mismatch":
			return t.__(
				"Blocked: the country of the customer's IP address differs from the billing country.",
				"paydesk",
			);
		case "order_items_threshold":
			return t.__("Blocked: the number of items in the order is outside the range you accept.", "paydesk");
		case "purchase_price_threshold":
			return t.__("Blocked: the purchase price is outside the range you accept.", "paydesk");
		case "cvc_verification":
			return t.__("Blocked: the card's security code (CVC) check failed.", "paydesk");
		default:
			/* translators: %s: the fraud rule's title or key */
			return sprintf(t.__("Blocked by the rule %s.", "paydesk"), fraudRuleTitles(t)[rule] ?? rule);
	}
}

/** The sentence of one rule for the outcome it had. */
export function fraudRuleSentence(rule: string, outcome: "block" | "review", t: Translator): string {
	return outcome === "block" ? ruleBlockSentence(rule, t) : ruleReviewSentence(rule, t);
}

/**
 * A line per rule that decided, saying what it saw; rules that matched with the lesser outcome
 * (a review rule of a blocked payment) follow by title, since what they would have done did not
 * happen.
 */
function rulesLines(event: TimelineEvent, outcome: "block" | "review", t: Translator): string[] {
	const results = Object.entries(event.ruleset_results ?? {});
	const decided = results.filter(([, value]) => value === outcome).map(([key]) => key);
	const others = results.filter(([, value]) => value !== outcome).map(([key]) => key);
	const lines = decided.map((rule) => fraudRuleSentence(rule, outcome, t));
	if (others.length > 0) {
		const titles = fraudRuleTitles(t);
		/* translators: %s: the fraud rules' titles, separated by commas */
		const line = t._n("Also matched the rule %s.", "Also matched the rules %s.", others.length, "paydesk");
		lines.push(sprintf(line, others.map((key) => titles[key] ?? key).join(", ")));
	}
	return lines;
}

export function fraudOutcomeReview(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("The payment of %s was held for review by your fraud protection rules.", "paydesk");
	return entry(
		event,
		"warning",
		sprintf(headline, customerMoney(event, context)),
		rulesLines(event, "review", t),
	);
}

export function fraudOutcomeBlock(
	event: TimelineEvent,
	context: TimelineContext,
	t: Translator = englishTranslator,
): TimelineEntry {
	/* translators: %s: the amount, as "$19.99" */
	const headline = t.__("The payment of %s was blocked by your fraud protection rules.", "paydesk");
	return entry(
		event,
		"error",
		sprintf(headline, customerMoney(event, context)),
		rulesLines(event, "block", t),
	);
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
