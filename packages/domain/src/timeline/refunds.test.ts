import { describe, expect, it } from "vitest";
import { fullRefund, partialRefund, refundFailed } from "./refunds.ts";
import { lineText, type TimelineContext } from "./types.ts";

const context: TimelineContext = { dateFormat: "F j, Y", timeZone: "UTC", now: 2_000_000_000 };

describe("refund events", () => {
	it("describes a partial refund with its reason, amount and payout", () => {
		const entry = partialRefund(
			{
				type: "partial_refund",
				datetime: 1,
				amount: 1500,
				amount_refunded: 1500,
				currency: "usd",
				reason: "requested_by_customer",
				transaction_details: {
					customer_currency: "usd",
					customer_amount: 1500,
					store_currency: "usd",
					store_amount: 1500,
				},
			},
			context,
		);
		expect(lineText(entry.headline)).toBe("A partial refund of $15.00 was issued.");
		expect(entry.body.map(lineText)).toEqual([
			"Reason: Requested by customer",
			"Refunded: -$15.00",
			"This amount will be deducted from an upcoming payout.",
		]);
	});
	it("describes a full refund in another currency with the conversion and the ARN", () => {
		const entry = fullRefund(
			{
				type: "full_refund",
				datetime: 1,
				amount: 10000,
				currency: "eur",
				acquirer_reference_number: "74567890123456789012345",
				acquirer_reference_number_status: "available",
				transaction_details: {
					customer_currency: "eur",
					customer_amount: 10000,
					store_currency: "usd",
					store_amount: 10835,
				},
			},
			context,
		);
		expect(lineText(entry.headline)).toBe("A refund of €100.00 was issued. The payment is fully refunded.");
		const lines = entry.body.map(lineText);
		expect(lines).toContain("€100.00 EUR → $108.35 USD (1 EUR = 1.0835 USD)");
		expect(lines).toContain("Refunded: -$108.35");
		expect(lines).toContain("Acquirer reference number (ARN): 74567890123456789012345");
	});
	it("shows a pending ARN", () => {
		const entry = partialRefund(
			{
				type: "partial_refund",
				datetime: 1,
				amount: 100,
				currency: "usd",
				acquirer_reference_number_status: "pending",
			},
			context,
		);
		expect(entry.body.map(lineText)).toContain("Acquirer reference number (ARN): pending");
	});
});

describe("refund failure: '%s refund was attempted but failed due to' + the reason", () => {
	it("names an expired or canceled card", () => {
		const entry = refundFailed(
			{
				type: "refund_failed",
				datetime: 1,
				amount: 2000,
				currency: "usd",
				failure_reason: "expired_or_canceled_card",
			},
			context,
		);
		expect(lineText(entry.headline)).toBe(
			"$20.00 refund was attempted but failed due to the card being expired or canceled.",
		);
		expect(entry.tone).toBe("error");
	});
	it.each(["lost_or_stolen_card", "unknown", null])("names a lost or stolen card for %s", (reason) => {
		const entry = refundFailed(
			{ type: "refund_failed", datetime: 1, amount: 2000, currency: "usd", failure_reason: reason },
			context,
		);
		expect(lineText(entry.headline)).toBe(
			"$20.00 refund was attempted but failed due to the card being lost or stolen.",
		);
	});
});
