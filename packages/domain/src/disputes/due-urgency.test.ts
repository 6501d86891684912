import { describe, expect, it } from "vitest";
import { disputeDueUrgency, isDueWithin } from "./due-urgency.ts";

const NOW = 1_800_000_000;
const HOUR = 3600;

describe("due-date urgency (spec 3 §4.1)", () => {
	it("24 hours or less is urgent and shows 'Last day today'", () => {
		expect(disputeDueUrgency(NOW + 24 * HOUR, NOW)).toEqual({ level: "urgent", lastDay: true, daysLeft: 1 });
		expect(disputeDueUrgency(NOW + 60, NOW)).toEqual({ level: "urgent", lastDay: true, daysLeft: 1 });
	});

	it("2 days or less is urgent", () => {
		expect(disputeDueUrgency(NOW + 24 * HOUR + 1, NOW)).toEqual({
			level: "urgent",
			lastDay: false,
			daysLeft: 2,
		});
		expect(disputeDueUrgency(NOW + 48 * HOUR, NOW)).toMatchObject({ level: "urgent", lastDay: false });
	});

	it("72 hours or less is due soon", () => {
		expect(disputeDueUrgency(NOW + 48 * HOUR + 1, NOW)).toEqual({
			level: "due_soon",
			lastDay: false,
			daysLeft: 3,
		});
		expect(disputeDueUrgency(NOW + 72 * HOUR, NOW)).toMatchObject({ level: "due_soon" });
	});

	it("later than 72 hours shows nothing", () => {
		expect(disputeDueUrgency(NOW + 72 * HOUR + 1, NOW)).toBeNull();
	});

	it("past due shows nothing", () => {
		expect(disputeDueUrgency(NOW, NOW)).toBeNull();
		expect(disputeDueUrgency(NOW - HOUR, NOW)).toBeNull();
	});

	it("the overview task's windows (spec 1 §4.4) use the same reading: due within, not past due", () => {
		expect(isDueWithin(NOW + 7 * 24 * HOUR, NOW, 7 * 24 * HOUR)).toBe(true);
		expect(isDueWithin(NOW + 7 * 24 * HOUR + 1, NOW, 7 * 24 * HOUR)).toBe(false);
		expect(isDueWithin(NOW - 1, NOW, 7 * 24 * HOUR)).toBe(false);
	});
});
