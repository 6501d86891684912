import { describe, expect, it } from "vitest";
import { compareTimelineEvents, TIMELINE_BUILDERS, timelineEntries, timelineEntry } from "./build.ts";
import { TIMELINE_EVENT_TYPES, type TimelineContext } from "./types.ts";

const context: TimelineContext = { dateFormat: "F j, Y", timeZone: "UTC", now: 2_000_000_000 };

describe("one builder per timeline event type of spec 2 §4", () => {
	it("covers all twenty event types", () => {
		expect(TIMELINE_EVENT_TYPES).toHaveLength(20);
		for (const type of TIMELINE_EVENT_TYPES) {
			const entry = timelineEntry({ type, datetime: 1, amount: 100, currency: "usd" }, context);
			expect(entry?.headline.length).toBeGreaterThan(0);
		}
		expect(Object.keys(TIMELINE_BUILDERS).sort()).toEqual([...TIMELINE_EVENT_TYPES].sort());
	});
	it("leaves out an event type it does not know", () => {
		expect(timelineEntry({ type: "something_new", datetime: 1 }, context)).toBeNull();
	});
});

describe("timeline order", () => {
	it("lists newest first, and orders events of the same second by the payment's life", () => {
		const events = [
			{ type: "captured", datetime: 100, amount: 100, currency: "usd" },
			{ type: "authorized", datetime: 100, amount: 100, currency: "usd" },
			{ type: "partial_refund", datetime: 200, amount: 50, currency: "usd" },
		];
		expect(timelineEntries(events, context).map((e) => e.type)).toEqual([
			"partial_refund",
			"captured",
			"authorized",
		]);
		expect(
			compareTimelineEvents(
				{ type: "fraud_outcome_manual_approve", datetime: 5 },
				{ type: "captured", datetime: 5 },
			),
		).toBeLessThan(0);
	});
});
