/**
 * Capturing and canceling an authorization (spec 2 §4 "Authorization", "Summary card actions",
 * §8 capture and cancel failures, §9 capture window): when the capture banner shows, the
 * deadline, the smallest amount the processor captures, and the reason a failure notice gives
 * (the admin words the notices themselves, translated).
 */
import { formatAmount } from "./money.ts";

export const CAPTURE_WINDOW_DAYS = 7;
const DAY_SECONDS = 86_400;

/** The capture deadline: 7 days after the authorization was created (epoch seconds). */
export function captureDeadline(created: number): number {
	return created + CAPTURE_WINDOW_DAYS * DAY_SECONDS;
}

/** An authorization can no longer be captured once its 7-day window is over. */
export function isAuthorizationExpired(created: number, now: number): boolean {
	return now >= captureDeadline(created);
}

/**
 * The capture banner shows for an uncaptured authorization when the auth-and-capture flag is
 * on, the charge did not fail, and nothing was refunded (a canceled authorization counts as
 * refunded, so it never shows one).
 */
export function showCaptureBanner(
	authAndCaptureEnabled: boolean,
	charge: { status: string; captured: boolean; refunded: boolean; amount_refunded: number },
): boolean {
	return (
		authAndCaptureEnabled &&
		!charge.captured &&
		charge.status !== "failed" &&
		!charge.refunded &&
		charge.amount_refunded === 0
	);
}

/** An authorization is captured when the capture response says succeeded. */
export function isCaptureSucceeded(response: { status: string }): boolean {
	return response.status === "succeeded";
}

/** The smallest amount the sandbox processor captures, in minor units, per currency. */
export const MINIMUM_CAPTURE_AMOUNTS: Readonly<Record<string, number>> = {
	usd: 50,
	eur: 50,
	gbp: 50,
	aud: 50,
	cad: 50,
	chf: 50,
	nzd: 50,
	jpy: 50,
	dkk: 250,
	nok: 300,
	sek: 300,
};

export function minimumCaptureAmount(currency: string): number {
	return MINIMUM_CAPTURE_AMOUNTS[currency.toLowerCase()] ?? 50;
}

export type CaptureAction = "capture" | "cancel";

/** The failure an endpoint answered: its code and, for amount_too_small, the extra details. */
export interface CaptureFailure {
	code: string;
	data?: {
		extra_details?: {
			error_type?: string | null;
			minimum_amount?: number | null;
			minimum_amount_currency?: string | null;
		} | null;
	} | null;
}

const FAILURE_REASONS: Readonly<Record<string, string>> = {
	wcpay_missing_order: "The order could not be found.",
	wcpay_refunded_order_uncapturable: "Payment cannot be processed for partially or fully refunded orders.",
	wcpay_intent_order_mismatch: "The payment cannot be processed due to a mismatch with order details.",
	wcpay_payment_uncapturable: "This payment cannot be processed in its current state.",
	wcpay_cancel_error: "The payment cancellation failed to complete.",
	wcpay_server_error: "An unexpected error occurred. Please try again later.",
};

/** "0.50 USD": the minimum as a major-unit number without symbol, then the currency code. */
function minimumText(amount: number, currency: string, locale?: string): string {
	return `${formatAmount(amount, currency, { locale, symbol: false })} ${currency.toUpperCase()}`;
}

/** The reason sentence for a failure code (spec 2 §8 table). */
export function captureFailureReason(failure: CaptureFailure, locale?: string): string {
	if (failure.code === "wcpay_capture_error") {
		const extra = failure.data?.extra_details;
		if (extra?.error_type === "amount_too_small") {
			if (typeof extra.minimum_amount === "number" && extra.minimum_amount_currency) {
				const minimum = minimumText(extra.minimum_amount, extra.minimum_amount_currency, locale);
				return `The minimum amount that can be processed is ${minimum}.`;
			}
			return "The payment amount is too small to be processed.";
		}
		return "The payment capture failed to complete.";
	}
	return FAILURE_REASONS[failure.code] ?? "Unable to process the payment. Please try again later.";
}
