import { describe, expect, it } from "vitest";
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
	it("names the rule that decided, then any other that matched (issue 14)", () => {
		const event = { datetime: 1, amount: 12000, currency: "usd" };
		const blocked = fraudOutcomeBlock(
			{
				type: "fraud_outcome_block",
				...event,
				ruleset_results: { ip_address_mismatch: "review", purchase_price_threshold: "block" },
			},
			context,
		);
		expect(blocked.body.map(lineText)).toEqual(["Rules: Purchase Price Threshold, IP Address Mismatch"]);
		const held = fraudOutcomeReview(
			{ type: "fraud_outcome_review", ...event, ruleset_results: { address_mismatch: "review" } },
			context,
		);
		expect(held.body.map(lineText)).toEqual(["Rule: Address Mismatch"]);
		expect(fraudOutcomeReview({ type: "fraud_outcome_review", ...event }, context).body).toEqual([]);
	});
});
