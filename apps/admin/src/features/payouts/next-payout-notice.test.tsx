import { describe, expect, it } from "vitest";
import { scheduleSentence } from "./next-payout-notice.tsx";

const schedule = { interval: "daily" as const, delay_days: 7, weekly_anchor: null, monthly_anchor: null };

describe("the next-payout notice says its schedule in one sentence (spec 2 §5), in any language", () => {
	it("names the schedule and the pending period", () => {
		expect(scheduleSentence(schedule, "en_US")).toBe(
			"Your available funds are paid out automatically every day, after a 7-day pending period.",
		);
		expect(scheduleSentence({ ...schedule, interval: "monthly", monthly_anchor: 31 }, "en_US")).toBe(
			"Your available funds are paid out automatically every month on the last day, after a 7-day pending period.",
		);
		expect(scheduleSentence({ ...schedule, interval: "monthly", monthly_anchor: 15 }, "en_US")).toBe(
			"Your available funds are paid out automatically every month on day 15, after a 7-day pending period.",
		);
	});

	it("writes the stored weekday in the user's language, not as stored", () => {
		const weekly = { ...schedule, interval: "weekly" as const, weekly_anchor: "monday" };
		expect(scheduleSentence(weekly, "en_US")).toContain("every week on Monday,");
		expect(scheduleSentence(weekly, "fr_FR")).toContain("every week on lundi,");
	});
});
