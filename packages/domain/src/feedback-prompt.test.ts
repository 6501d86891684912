import { describe, expect, it } from "vitest";
import { closesOnOutsideClick, feedbackOutcome, showFeedbackPrompt } from "./feedback-prompt.ts";

describe("feedback prompt visibility (spec 2 'Feedback prompt')", () => {
	it("shows only for an eligible account whose prompt was not dismissed", () => {
		expect(showFeedbackPrompt({ eligible: true, dismissedAt: undefined, otherNotices: 0 })).toBe(true);
		expect(showFeedbackPrompt({ eligible: false, dismissedAt: undefined, otherNotices: 0 })).toBe(false);
		expect(showFeedbackPrompt({ eligible: true, dismissedAt: 1_780_000_000, otherNotices: 0 })).toBe(false);
	});

	it("is hidden while other notices exist", () => {
		expect(showFeedbackPrompt({ eligible: true, dismissedAt: null, otherNotices: 1 })).toBe(false);
	});
});

describe("feedback prompt answers", () => {
	it("every answer dismisses the prompt", () => {
		for (const answer of ["yes", "no", "dismiss"] as const) {
			expect(feedbackOutcome(answer, true).dismiss).toBe(true);
			expect(feedbackOutcome(answer, false).dismiss).toBe(true);
		}
	});

	it("Yes opens the review modal, which closes on outside click", () => {
		expect(feedbackOutcome("yes", false).modal).toBe("review");
		expect(closesOnOutsideClick("review")).toBe(true);
	});

	it("No opens the feedback modal, which does not close on outside click", () => {
		expect(feedbackOutcome("no", true).modal).toBe("feedback");
		expect(closesOnOutsideClick("feedback")).toBe(false);
	});

	it("No with tracking disabled just dismisses the prompt", () => {
		expect(feedbackOutcome("no", false).modal).toBeNull();
	});

	it("Dismiss opens nothing", () => {
		expect(feedbackOutcome("dismiss", true).modal).toBeNull();
	});
});
