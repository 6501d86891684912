import { describe, expect, it } from "vitest";
import { disputeOutcomeOf, nextScheduledPayout } from "./processor-schedule.ts";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("scheduled payouts follow the payout schedule (spec 2 §3)", () => {
	it("daily: the next day at 00:00 UTC", () => {
		expect(nextScheduledPayout({ interval: "daily" }, at("2026-11-23T15:00:00Z"))).toBe(
			at("2026-11-24T00:00:00Z"),
		);
		expect(nextScheduledPayout({ interval: "daily" }, at("2026-11-24T00:00:00Z"))).toBe(
			at("2026-11-25T00:00:00Z"),
		);
	});
	it("weekly: the anchor weekday", () => {
		// 2026-11-23 is a Monday.
		expect(
			nextScheduledPayout({ interval: "weekly", weekly_anchor: "friday" }, at("2026-11-23T12:00:00Z")),
		).toBe(at("2026-11-27T00:00:00Z"));
		expect(
			nextScheduledPayout({ interval: "weekly", weekly_anchor: "monday" }, at("2026-11-23T12:00:00Z")),
		).toBe(at("2026-11-30T00:00:00Z"));
	});
	it("monthly: the anchor day, 31 meaning the month's last day", () => {
		expect(nextScheduledPayout({ interval: "monthly", monthly_anchor: 15 }, at("2026-11-23T12:00:00Z"))).toBe(
			at("2026-12-15T00:00:00Z"),
		);
		expect(nextScheduledPayout({ interval: "monthly", monthly_anchor: 31 }, at("2027-02-02T00:00:00Z"))).toBe(
			at("2027-02-28T00:00:00Z"),
		);
	});
	it("manual: never", () => {
		expect(nextScheduledPayout({ interval: "manual" }, at("2026-11-23T12:00:00Z"))).toBeNull();
	});
});

describe("a submitted dispute is decided by Stripe's evidence test values", () => {
	it("winning_evidence wins, losing_evidence or nothing loses, an inquiry closes", () => {
		expect(disputeOutcomeOf({ uncategorized_text: "… winning_evidence …" }, false)).toBe("won");
		expect(disputeOutcomeOf({ uncategorized_text: "losing_evidence" }, false)).toBe("lost");
		expect(disputeOutcomeOf({ product_description: "A mug" }, false)).toBe("lost");
		expect(disputeOutcomeOf({ uncategorized_text: "winning_evidence" }, true)).toBe("warning_closed");
	});
});
