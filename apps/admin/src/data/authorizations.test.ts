/** Spec 2 §8: a failed capture or cancel reads its lead sentence, then the reason for its code. */
import { beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../app/api.ts";
import { testSettings } from "../testing/settings.ts";
import { settleErrorMessage } from "./authorizations.ts";

beforeEach(() => {
	testSettings();
});

describe("error message by code (spec 2 §8)", () => {
	const error = (code: string, data: Record<string, unknown> = {}) => new ApiError(code, "", 400, data);
	const lead = "There has been an error capturing the payment for order #7.";
	it.each([
		["wcpay_missing_order", "The order could not be found."],
		[
			"wcpay_refunded_order_uncapturable",
			"Payment cannot be processed for partially or fully refunded orders.",
		],
		["wcpay_intent_order_mismatch", "The payment cannot be processed due to a mismatch with order details."],
		["wcpay_payment_uncapturable", "This payment cannot be processed in its current state."],
		["wcpay_capture_error", "The payment capture failed to complete."],
		["wcpay_cancel_error", "The payment cancellation failed to complete."],
		["wcpay_server_error", "An unexpected error occurred. Please try again later."],
		["something_else", "Unable to process the payment. Please try again later."],
	])("%s reads '%s'", (code, reason) => {
		expect(settleErrorMessage("capture", "7", error(code))).toBe(`${lead} ${reason}`);
	});

	it("amount_too_small without a minimum reads 'The payment amount is too small to be processed.'", () => {
		const failure = error("wcpay_capture_error", { extra_details: { error_type: "amount_too_small" } });
		expect(settleErrorMessage("capture", "7", failure)).toBe(
			`${lead} The payment amount is too small to be processed.`,
		);
	});

	it("cancel failures start 'There has been an error canceling the payment for order #…'", () => {
		expect(settleErrorMessage("cancel", "7", error("wcpay_cancel_error"))).toBe(
			"There has been an error canceling the payment for order #7. The payment cancellation failed to complete.",
		);
	});

	it("a network failure reads as any other code", () => {
		expect(settleErrorMessage("capture", "7", new TypeError("offline"))).toBe(
			`${lead} Unable to process the payment. Please try again later.`,
		);
	});
});
