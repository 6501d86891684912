import { describe, expect, it } from "vitest";
import { englishTranslator as t } from "../translator.ts";
import {
	AWAITING_RESPONSE_STATUSES,
	DISPUTE_STATUSES,
	disputePanelFor,
	disputeStatusDisplay,
	disputeStatusLabel,
	isEvidenceEditable,
	isInquiry,
	reviewDays,
} from "./statuses.ts";

describe("dispute statuses (spec 3 §4.1)", () => {
	it("has the eight statuses of the spec, each with a label", () => {
		expect([...DISPUTE_STATUSES].sort()).toEqual(
			[
				"charge_refunded",
				"lost",
				"needs_response",
				"under_review",
				"warning_closed",
				"warning_needs_response",
				"warning_under_review",
				"won",
			].sort(),
		);
		for (const status of DISPUTE_STATUSES) expect(disputeStatusDisplay(status, t).label).not.toBe("");
		expect(disputeStatusLabel("warning_needs_response", t)).toBe("Inquiry: Needs response");
		expect(disputeStatusLabel("lost", t)).toBe("Lost");
	});

	it("warning statuses are inquiries", () => {
		expect(DISPUTE_STATUSES.filter(isInquiry)).toEqual([
			"warning_needs_response",
			"warning_under_review",
			"warning_closed",
		]);
	});

	it("evidence is editable only when status is needs_response or warning_needs_response (§4.2)", () => {
		expect(DISPUTE_STATUSES.filter(isEvidenceEditable)).toEqual(["warning_needs_response", "needs_response"]);
		expect([...AWAITING_RESPONSE_STATUSES].sort()).toEqual(["needs_response", "warning_needs_response"]);
	});

	it("bank review takes 60 days for a dispute and 120 for an inquiry", () => {
		expect(reviewDays("under_review")).toBe(60);
		expect(reviewDays("warning_under_review")).toBe(120);
	});
});

describe("which panel a status shows (spec 3 §4.1)", () => {
	it("needs-response and inquiry states show the action panel; an inquiry's accept becomes Issue refund", () => {
		expect(disputePanelFor({ status: "needs_response" })).toEqual({ kind: "action", inquiry: false });
		expect(disputePanelFor({ status: "warning_needs_response" })).toEqual({ kind: "action", inquiry: true });
	});

	it("other states show a footer", () => {
		expect(disputePanelFor({ status: "under_review" })).toEqual({
			kind: "under_review",
			inquiry: false,
			reviewDays: 60,
		});
		expect(disputePanelFor({ status: "warning_under_review" })).toMatchObject({ reviewDays: 120 });
		expect(disputePanelFor({ status: "won" })).toEqual({ kind: "won" });
		expect(disputePanelFor({ status: "warning_closed" })).toEqual({ kind: "inquiry_closed" });
		expect(disputePanelFor({ status: "charge_refunded" })).toEqual({ kind: "charge_refunded" });
	});

	it("lost footers: accepted by the merchant, lost after evidence, or non-response", () => {
		expect(disputePanelFor({ status: "lost", metadata: { __closed_by_merchant: "1" } })).toEqual({
			kind: "lost",
			how: "accepted",
		});
		expect(disputePanelFor({ status: "lost", metadata: { __evidence_submitted_at: "1700000000" } })).toEqual({
			kind: "lost",
			how: "after_evidence",
		});
		expect(disputePanelFor({ status: "lost", metadata: {} })).toEqual({ kind: "lost", how: "non_response" });
	});
});
