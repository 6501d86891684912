import { describe, expect, it } from "vitest";
import { CVC_RULE } from "../fraud-evaluation.ts";
import { RULE_KEYS } from "../fraud-rules.ts";
import { englishTranslator as t } from "../translator.ts";
import {
	disputeChargeRefunded,
	disputeInReview,
	disputeLost,
	disputeNeedsResponse,
	disputeWarningClosed,
	disputeWon,
} from "./disputes.ts";
import {
	fraudOutcomeBlock,
	fraudOutcomeManualApprove,
	fraudOutcomeManualBlock,
	fraudOutcomeReview,
	fraudRuleSentence,
	userEditUrl,
} from "./fraud.ts";
import { lineText, type TimelineContext } from "./types.ts";

const context: TimelineContext = { dateFormat: "M j, Y", timeZone: "UTC", now: 2_000_000_000 };
const details = { customer_currency: "usd", customer_amount: 5000, store_currency: "usd" };

describe("dispute events", () => {
	it("shows the disputed amount, the fee and the net when a dispute opens", () => {
		const entry = disputeNeedsResponse(
			{
				type: "dispute_needs_response",
				datetime: 1,
				amount: 5000,
				currency: "usd",
				reason: "product_not_received",
				fee: 1500,
				transaction_details: { ...details, store_amount: -5000, store_fee: 1500 },
				deposit: { id: "po_9", arrival_date: 1_900_000_000 },
			},
			context,
		);
		expect(lineText(entry.headline)).toBe("The payment was disputed as Product not received.");
		expect(entry.body.map(lineText)).toEqual([
			"Disputed amount: -$50.00",
			"Dispute fee: -$15.00",
			"Net: -$65.00",
			"Deducted from the payout of Mar 17, 2030",
		]);
	});
	it("uses the dispute reason labels it is given", () => {
		const entry = disputeNeedsResponse(
			{
				type: "dispute_needs_response",
				datetime: 1,
				amount: 5000,
				currency: "usd",
				reason: "fraudulent",
				fee: 0,
				transaction_details: { ...details, store_amount: 0 },
			},
			{
				...context,
				disputeReasonLabel: (reason) => (reason === "fraudulent" ? "Transaction unauthorized" : reason),
			},
		);
		expect(lineText(entry.headline)).toBe("The customer's bank opened an inquiry: Transaction unauthorized.");
	});
	it("credits the amount and the fee back when the dispute is won", () => {
		const entry = disputeWon(
			{
				type: "dispute_won",
				datetime: 1,
				amount: 5000,
				currency: "usd",
				fee: -1500,
				transaction_details: { ...details, store_amount: 5000 },
			},
			context,
		);
		expect(entry.tone).toBe("success");
		expect(entry.body.map(lineText).slice(0, 3)).toEqual([
			"Amount returned: $50.00",
			"Dispute fee returned: $15.00",
			"Net: $65.00",
		]);
	});
	it("describes review, loss and the closing of inquiries", () => {
		expect(lineText(disputeInReview({ type: "dispute_in_review", datetime: 1 }).headline)).toContain(
			"reviewing",
		);
		expect(lineText(disputeLost({ type: "dispute_lost", datetime: 1 }).headline)).toContain("lost");
		expect(
			lineText(disputeWarningClosed({ type: "dispute_warning_closed", datetime: 1 }).headline),
		).toContain("inquiry");
		expect(
			lineText(disputeChargeRefunded({ type: "dispute_charge_refunded", datetime: 1 }).headline),
		).toContain("refunded");
	});
});

describe("fraud outcomes: manual decisions name the user with a link to their edit page", () => {
	const user = { id: 7, username: "shopowner" };
	it("names who approved the payment", () => {
		const entry = fraudOutcomeManualApprove({ type: "fraud_outcome_manual_approve", datetime: 1, user });
		expect(entry.headline).toEqual([
			"The payment was approved after review by ",
			{ text: "shopowner", href: "/wp-admin/user-edit.php?user_id=7" },
			".",
		]);
	});
	it("names who blocked the payment", () => {
		const entry = fraudOutcomeManualBlock({ type: "fraud_outcome_manual_block", datetime: 1, user });
		expect(lineText(entry.headline)).toBe("The payment was blocked after review by shopowner.");
		expect(userEditUrl(12)).toBe("/wp-admin/user-edit.php?user_id=12");
	});
	it("describes rule decisions with the amount", () => {
		const event = { datetime: 1, amount: 12000, currency: "usd" };
		expect(lineText(fraudOutcomeReview({ type: "fraud_outcome_review", ...event }, context).headline)).toBe(
			"The payment of $120.00 was held for review by your fraud protection rules.",
		);
		expect(fraudOutcomeBlock({ type: "fraud_outcome_block", ...event }, context).tone).toBe("error");
	});
	it("says, per rule that decided, what it saw; a review rule of a blocked payment follows by title", () => {
		const event = { datetime: 1, amount: 12000, currency: "usd" };
		const blocked = fraudOutcomeBlock(
			{
				type: "fraud_outcome_block",
				...event,
				ruleset_results: { ip_address_mismatch: "review", purchase_price_threshold: "block" },
			},
			context,
		);
		expect(blocked.body.map(lineText)).toEqual([
			"Blocked: the purchase price is outside the range you accept.",
			"Also matched the rule IP Address Mismatch.",
		]);
		const held = fraudOutcomeReview(
			{ type: "fraud_outcome_review", ...event, ruleset_results: { address_mismatch: "review" } },
			context,
		);
		expect(held.body.map(lineText)).toEqual([
			"Held for review: the shipping address differs from the billing address.",
		]);
		expect(fraudOutcomeReview({ type: "fraud_outcome_review", ...event }, context).body).toEqual([]);
	});
});

describe("spec 3 §9: risk rule wording covers each rule, with review and block wording", () => {
	const SENTENCES: Record<string, [review: string, block: string]> = {
		avs_verification: [
			"Held for review: the billing address failed the card issuer's address check (AVS).",
			"Blocked: the billing address failed the card issuer's address check (AVS).",
		],
		address_mismatch: [
			"Held for review: the shipping address differs from the billing address.",
			"Blocked: the shipping address differs from the billing address.",
		],
		international_ip_address: [
			"Held for review: the customer's IP address is in a country you do not sell to.",
			"Blocked: the customer's IP address is in a country you do not sell to.",
		],
		ip_address_mismatch: [
			"Held for review: the country of the customer's IP address differs from the billing country.",
			"Blocked: the country of the customer's IP address differs from the billing country.",
		],
		order_items_threshold: [
			"Held for review: the number of items in the order is outside the range you accept.",
			"Blocked: the number of items in the order is outside the range you accept.",
		],
		purchase_price_threshold: [
			"Held for review: the purchase price is outside the range you accept.",
			"Blocked: the purchase price is outside the range you accept.",
		],
		cvc_verification: [
			"Held for review: the card's security code (CVC) check failed.",
			"Blocked: the card's security code (CVC) check failed.",
		],
	};

	it("covers every saved rule key and the CVC check", () => {
		expect(Object.keys(SENTENCES).sort()).toEqual([...RULE_KEYS, CVC_RULE].sort());
	});

	it.each(Object.entries(SENTENCES))("%s", (rule, [review, block]) => {
		const event = { datetime: 1, amount: 5000, currency: "usd" };
		const held = fraudOutcomeReview(
			{ type: "fraud_outcome_review", ...event, ruleset_results: { [rule]: "review" } },
			context,
		);
		expect(held.body.map(lineText)).toEqual([review]);
		const blocked = fraudOutcomeBlock(
			{ type: "fraud_outcome_block", ...event, ruleset_results: { [rule]: "block" } },
			context,
		);
		expect(blocked.body.map(lineText)).toEqual([block]);
		expect(fraudRuleSentence(rule, "review", t)).toBe(review);
		expect(fraudRuleSentence(rule, "block", t)).toBe(block);
	});

	it("a rule it does not know is named by its key", () => {
		expect(fraudRuleSentence("velocity", "block", t)).toBe("Blocked by the rule velocity.");
		expect(fraudRuleSentence("velocity", "review", t)).toBe("Held for review by the rule velocity.");
	});
});
