import { describe, expect, it } from "vitest";
import {
	captureDeadline,
	captureFailureReason,
	isAuthorizationExpired,
	isCaptureSucceeded,
	minimumCaptureAmount,
	showCaptureBanner,
} from "./capture.ts";

const DAY = 86_400;
const uncaptured = { status: "succeeded", captured: false, refunded: false, amount_refunded: 0 };

describe("the capture deadline is 7 days after creation", () => {
	it("adds 7 days", () => {
		expect(captureDeadline(1_000_000)).toBe(1_000_000 + 7 * DAY);
	});
	it("expires the authorization once the 7 days are over", () => {
		expect(isAuthorizationExpired(0, 7 * DAY - 1)).toBe(false);
		expect(isAuthorizationExpired(0, 7 * DAY)).toBe(true);
	});
});

describe("capture banner: auth-and-capture flag on, charge not failed, no refund", () => {
	it("shows for an uncaptured authorization when the flag is on", () => {
		expect(showCaptureBanner(true, uncaptured)).toBe(true);
		expect(showCaptureBanner(false, uncaptured)).toBe(false);
	});
	it("hides for a failed, captured, refunded or canceled payment", () => {
		expect(showCaptureBanner(true, { ...uncaptured, status: "failed" })).toBe(false);
		expect(showCaptureBanner(true, { ...uncaptured, captured: true })).toBe(false);
		expect(showCaptureBanner(true, { ...uncaptured, amount_refunded: 100 })).toBe(false);
		expect(showCaptureBanner(true, { ...uncaptured, refunded: true, amount_refunded: 5000 })).toBe(false);
	});
	it("treats a capture response with status succeeded as captured", () => {
		expect(isCaptureSucceeded({ status: "succeeded" })).toBe(true);
		expect(isCaptureSucceeded({ status: "requires_capture" })).toBe(false);
	});
});

describe("capture and cancel failures: the reason by code", () => {
	const reason = (code: string) => captureFailureReason({ code });
	it("gives the reason of every code of the table", () => {
		expect(reason("wcpay_missing_order")).toBe("The order could not be found.");
		expect(reason("wcpay_cancel_error")).toBe("The payment cancellation failed to complete.");
		expect(reason("wcpay_refunded_order_uncapturable")).toBe(
			"Payment cannot be processed for partially or fully refunded orders.",
		);
		expect(reason("wcpay_intent_order_mismatch")).toBe(
			"The payment cannot be processed due to a mismatch with order details.",
		);
		expect(reason("wcpay_payment_uncapturable")).toBe(
			"This payment cannot be processed in its current state.",
		);
		expect(reason("wcpay_capture_error")).toBe("The payment capture failed to complete.");
		expect(reason("wcpay_server_error")).toBe("An unexpected error occurred. Please try again later.");
		expect(reason("rest_forbidden")).toBe("Unable to process the payment. Please try again later.");
	});
	it("states the minimum amount for amount_too_small with extra details", () => {
		const message = captureFailureReason({
			code: "wcpay_capture_error",
			data: {
				extra_details: { error_type: "amount_too_small", minimum_amount: 50, minimum_amount_currency: "usd" },
			},
		});
		expect(message).toBe("The minimum amount that can be processed is 0.50 USD.");
		const withoutDetails = captureFailureReason({
			code: "wcpay_capture_error",
			data: { extra_details: { error_type: "amount_too_small" } },
		});
		expect(withoutDetails).toBe("The payment amount is too small to be processed.");
	});
	it("uses 50 minor units as the minimum for usd, eur and gbp", () => {
		expect(minimumCaptureAmount("usd")).toBe(50);
		expect(minimumCaptureAmount("EUR")).toBe(50);
		expect(minimumCaptureAmount("gbp")).toBe(50);
	});
});
