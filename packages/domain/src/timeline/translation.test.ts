/**
 * Every sentence of the timeline is the translator's, so none stays in English in a
 * French or German store. A translator that brackets each text shows which lines it wrote: all of
 * them but a currency conversion, which has no words. A card failure's reason is a label of its
 * own (cardFailureReason) that the failed event's body ends with a full stop.
 */
import { describe, expect, it } from "vitest";
import type { Translator } from "../translator.ts";
import { timelineEntry } from "./build.ts";
import { lineText, TIMELINE_EVENT_TYPES, type TimelineContext, type TimelineEvent } from "./types.ts";

const bracketing: Translator = {
	__: (text) => `[${text}]`,
	_x: (text) => `[${text}]`,
	_n: (single, plural, number) => `[${number === 1 ? single : plural}]`,
	_nx: (single, plural, number) => `[${number === 1 ? single : plural}]`,
};

const context: TimelineContext = { dateFormat: "F j, Y", timeZone: "UTC", now: 2_000_000_000 };

/** An event that shows every line its type can have. */
function fullEvent(type: string): TimelineEvent {
	return {
		type,
		datetime: 1,
		amount: 10_000,
		amount_captured: 10_000,
		currency: "eur",
		fee: 447,
		reason: type.startsWith("dispute") ? "fraudulent" : "requested_by_customer",
		failure_reason: "card_declined",
		acquirer_reference_number_status: "pending",
		loan_id: "flxln_1",
		user: { id: 7, username: "shopowner" },
		ruleset_results: { address_mismatch: "review", avs_verification: "block" },
		deposit: { id: "po_1", arrival_date: 1_900_000_000 },
		fee_rates: {
			percentage: 0.039,
			fixed: 25,
			fixed_currency: "usd",
			history: [
				{ type: "base", percentage_rate: 0.029, fixed_rate: 25, currency: "usd" },
				{ type: "fx", percentage_rate: 0.01, fixed_rate: 0, currency: "usd" },
			],
		},
		transaction_details: {
			customer_currency: "eur",
			customer_amount: 10_000,
			store_currency: "usd",
			store_amount: type === "dispute_needs_response" ? -10_835 : 10_835,
		},
	};
}

describe("every timeline sentence goes through the translator", () => {
	it.each(TIMELINE_EVENT_TYPES)("%s", (type) => {
		const entry = timelineEntry(fullEvent(type), context, bracketing);
		const lines = [entry?.headline ?? [], ...(entry?.body ?? [])].map(lineText);
		const worded = lines
			.filter((line) => !line.includes(" → "))
			.map((line) => (type === "failed" ? line.replace(/\]\.$/, "]") : line));
		expect(worded.length).toBeGreaterThan(0);
		for (const line of worded) expect(line).toMatch(/^\[.*\]$/s);
	});

	it("translates the dispute and refund reasons inside their sentences", () => {
		const dispute = timelineEntry(fullEvent("dispute_needs_response"), context, bracketing);
		expect(lineText(dispute?.headline ?? [])).toBe(
			"[The payment was disputed as [Transaction unauthorized].]",
		);
		const refund = timelineEntry(fullEvent("partial_refund"), context, bracketing);
		expect(refund?.body.map(lineText)).toContain("[Reason: [Requested by customer]]");
	});
});
