import { describe, expect, it } from "vitest";
import { poTaskContent, poTaskState } from "./progressive-onboarding.ts";
import { englishTranslator as t } from "./translator.ts";

const DAY = 86_400;
const now = Date.parse("2026-11-15T12:00:00Z") / 1000;
const created = now - 40 * DAY;
const paid = (daysAgo: number, dollars: number) =>
	poTaskState({ tpv: dollars * 100, firstTransactionDate: now - daysAgo * DAY, created }, now);
const unpaid = (daysSinceCreation: number) =>
	poTaskState({ tpv: 0, firstTransactionDate: null, created: now - daysSinceCreation * DAY }, now);

describe("progressive-onboarding bank-details task (spec 1 §4.5)", () => {
	it("after a first payment, by default: 'after payment', level 3", () => {
		expect(paid(1, 200)).toMatchObject({ message: "after_payment", level: 3 });
	});

	it("volume $1,000 or more, or 7 or more days: 'balance rising', level 2", () => {
		expect(paid(1, 1000)).toMatchObject({ message: "balance_rising", level: 2 });
		expect(paid(7, 10)).toMatchObject({ message: "balance_rising", level: 2 });
		expect(paid(6, 999)).toMatchObject({ message: "after_payment" });
	});

	it("volume $3,000 or more, or 21 or more days: 'near threshold', level 1", () => {
		expect(paid(2, 3000)).toMatchObject({ message: "near_threshold", level: 1 });
		expect(paid(21, 10)).toMatchObject({ message: "near_threshold", level: 1 });
	});

	it("volume $5,000 or more, or 30 or more days: 'threshold reached', payments paused, level 1", () => {
		expect(paid(2, 5000)).toMatchObject({ message: "threshold_reached", level: 1, paymentsPaused: true });
		expect(paid(30, 10)).toMatchObject({ message: "threshold_reached", level: 1 });
	});

	it("with no payment, counts from account creation: under 14 days, 14 days, 30 days", () => {
		expect(unpaid(13)).toMatchObject({ message: "after_payment", level: 3 });
		expect(unpaid(14)).toMatchObject({ message: "no_payment_14_days", level: 2 });
		expect(unpaid(30)).toMatchObject({ message: "no_payment_30_days", level: 1, paymentsPaused: true });
	});

	it("sets the deadline to the first transaction date, or the creation date, plus 30 days", () => {
		expect(paid(5, 100).deadline).toBe(now - 5 * DAY + 30 * DAY);
		expect(unpaid(3).deadline).toBe(now - 3 * DAY + 30 * DAY);
	});

	it("fills the deadline and threshold into the message", () => {
		expect(poTaskContent("near_threshold", "December 1, 2026", "$5,000.00", t)).toContain(
			"$5,000.00 sales limit for unverified accounts. Verify your bank details by December 1, 2026",
		);
	});
});
