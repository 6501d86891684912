import { describe, expect, it } from "vitest";
import { activityFigures, figureTransactionsQuery, REPORT_TYPES } from "./payment-activity.ts";

describe("payment activity report types (spec 2 §9)", () => {
	it("total volume combines charges, refunds and disputes types plus card_reader_fee", () => {
		expect(REPORT_TYPES).toEqual([
			"charge",
			"payment",
			"adjustment",
			"refund",
			"refund_failure",
			"payment_refund",
			"payment_failure_refund",
			"dispute",
			"dispute_reversal",
			"card_reader_fee",
		]);
	});

	it("total payment volume is charges minus refunds minus disputes", () => {
		const figures = activityFigures([
			{ type: "charge", amount: 100_000, fee: 3_200 },
			{ type: "payment", amount: 20_000, fee: 600 },
			{ type: "refund", amount: -15_000, fee: 0 },
			{ type: "refund_failure", amount: 5_000, fee: 0 },
			{ type: "dispute", amount: -8_000, fee: 1_500 },
			{ type: "dispute_reversal", amount: 3_000, fee: -1_500 },
			{ type: "card_reader_fee", amount: -1_000, fee: 0 },
			{ type: "financing_payout", amount: 500_000, fee: 0 },
		]);
		expect(figures).toEqual({
			charges: 120_000,
			refunds: 10_000,
			disputes: 5_000,
			total_payment_volume: 105_000,
			fees: 3_200 + 600 + 1_500 - 1_500 + 1_000,
		});
	});

	it("links a figure to the transactions list by store currency, dates and its types", () => {
		expect(
			figureTransactionsQuery("refunds", { start: "2026-11-09T00:00:00", end: "2026-11-15T23:59:59" }, "eur"),
		).toEqual({
			filter: "advanced",
			store_currency_is: "eur",
			date_between: ["2026-11-09 00:00:00", "2026-11-15 23:59:59"],
			type_is_in: ["refund", "refund_failure", "payment_refund", "payment_failure_refund"],
		});
		// adjustment is not a type the transactions list knows; it is left out of the link.
		expect(figureTransactionsQuery("charges", { start: "a", end: "b" }, "usd").type_is_in).toEqual([
			"charge",
			"payment",
		]);
	});
});
