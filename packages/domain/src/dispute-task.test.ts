import { describe, expect, it } from "vitest";
import { disputeTaskText, type TaskDispute } from "./dispute-task.ts";
import { englishTranslator as t } from "./translator.ts";

const HOUR = 3600;
const DAY = 24 * HOUR;
const now = Date.parse("2026-11-15T12:00:00Z") / 1000;
const format = {
	money: (amount: number, currency: string) => `${currency.toUpperCase()} ${(amount / 100).toFixed(2)}`,
	date: (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10),
	time: (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 16),
};
let counter = 0;
const dispute = (dueIn: number, amount = 5_000, currency = "usd"): TaskDispute => {
	counter++;
	return {
		dispute_id: `du_${counter}`,
		charge_id: `ch_${counter}`,
		amount,
		currency,
		due_by: now + dueIn,
		status: "needs_response",
	};
};

describe("dispute task (spec 1 §4.4)", () => {
	it("appears only for disputes due within 7 days and still awaiting a response", () => {
		expect(disputeTaskText([dispute(8 * DAY)], now, format, t)).toBeNull();
		expect(disputeTaskText([dispute(-HOUR)], now, format, t)).toBeNull();
		expect(disputeTaskText([{ ...dispute(2 * DAY), status: "under_review" }], now, format, t)).toBeNull();
	});

	it("one dispute: 'Respond to a dispute for {amount}' and 'By {date} – {time left} left to respond'", () => {
		const text = disputeTaskText([dispute(5 * DAY + HOUR, 12_345)], now, format, t);
		expect(text).toMatchObject({
			title: "Respond to a dispute for USD 123.45",
			content: "By 2026-11-20 – 6 days left to respond",
			urgent: false,
			count: 1,
		});
		expect(text?.chargeId).toMatch(/^ch_/);
	});

	it("a dispute due within 1 day adds ' – Last day' and asks to respond today by {time}", () => {
		const text = disputeTaskText([dispute(5 * HOUR)], now, format, t);
		expect(text?.title).toBe("Respond to a dispute for USD 50.00 – Last day");
		expect(text?.content).toBe("Respond today by 17:00");
		expect(text?.urgent).toBe(true);
	});

	it("is urgent when any dispute is due within 3 days", () => {
		expect(disputeTaskText([dispute(3 * DAY - HOUR)], now, format, t)?.urgent).toBe(true);
		expect(disputeTaskText([dispute(3 * DAY + HOUR)], now, format, t)?.urgent).toBe(false);
	});

	it("several disputes: 'Respond to N active disputes' with a total when they share one currency", () => {
		const same = disputeTaskText([dispute(2 * DAY, 1_000), dispute(6 * DAY, 2_500)], now, format, t);
		expect(same?.title).toBe("Respond to 2 active disputes for a total of USD 35.00");
		expect(same?.content).toBe("Last week to respond to 2 of the disputes");
		expect(same?.chargeId).toBeNull();
		const mixed = disputeTaskText([dispute(2 * DAY), dispute(6 * DAY, 100, "eur")], now, format, t);
		expect(mixed?.title).toBe("Respond to 2 active disputes");
	});

	it("several disputes, some due within 1 day: 'Final day to respond to N of the disputes'", () => {
		const text = disputeTaskText([dispute(HOUR), dispute(20 * HOUR), dispute(4 * DAY)], now, format, t);
		expect(text?.content).toBe("Final day to respond to 2 of the disputes");
	});
});
