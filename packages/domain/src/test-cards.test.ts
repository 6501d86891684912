import { describe, expect, it } from "vitest";
import {
	isAvsMismatch,
	isExpiryPast,
	nonCardPaymentFails,
	normalizeCardNumber,
	passesLuhn,
	TEST_CARDS,
	testCardOf,
} from "./test-cards.ts";

describe("test cards (Stripe's test numbers decide the outcome)", () => {
	it.each(TEST_CARDS.map((card) => [card.number]))("%s passes the Luhn check", (number) => {
		expect(passesLuhn(number)).toBe(true);
	});

	it("gives each of Stripe's test numbers its outcome", () => {
		const byLast = (number: string) => testCardOf(normalizeCardNumber(number));
		expect(byLast("4242 4242 4242 4242")?.decline).toBeUndefined();
		expect(byLast("5555 5555 5555 4444")?.brand).toBe("mastercard");
		expect(byLast("3782 822463 10005")?.brand).toBe("amex");
		expect(byLast("4000000000000002")?.decline?.declineCode).toBe("generic_decline");
		expect(byLast("4000000000009995")?.decline?.declineCode).toBe("insufficient_funds");
		expect(byLast("4000000000000069")?.decline?.code).toBe("expired_card");
		expect(byLast("4000000000000127")?.decline?.code).toBe("incorrect_cvc");
		expect(byLast("4000000000000101")?.cvcCheck).toBe("fail");
		expect(byLast("4000000000000036")?.postalCodeCheck).toBe("fail");
		expect(byLast("4100000000000019")).toMatchObject({ alwaysBlocked: true, riskLevel: 2 });
		expect(byLast("4000000000004954")?.riskLevel).toBe(1);
		expect(byLast("4000002760003184")?.threeDSecure).toBe(true);
		expect(byLast("4000000000000259")?.dispute).toBe("fraudulent");
		expect(byLast("4000000000002685")?.dispute).toBe("product_not_received");
		expect(byLast("4000000000001976")?.dispute).toBe("inquiry");
		expect(byLast("4000000000000077")?.availableAtOnce).toBe(true);
		expect(new Set(TEST_CARDS.map((card) => card.country)).size).toBeGreaterThan(5);
	});

	it("refuses numbers that fail the Luhn check or are not 12 to 19 digits", () => {
		expect(passesLuhn("4242424242424241")).toBe(false);
		expect(passesLuhn("4242")).toBe(false);
		expect(passesLuhn("42424242424242a2")).toBe(false);
	});

	it("an expiry is valid through the last day of its month", () => {
		const now = new Date("2026-11-23T12:00:00Z");
		expect(isExpiryPast(11, 2026, now)).toBe(false);
		expect(isExpiryPast(10, 2026, now)).toBe(true);
		expect(isExpiryPast(1, 2027, now)).toBe(false);
		expect(isExpiryPast(12, 2025, now)).toBe(true);
	});

	it("an AVS mismatch is a failed street or postal code check", () => {
		expect(isAvsMismatch({ address_line1_check: "pass", address_postal_code_check: "fail" })).toBe(true);
		expect(isAvsMismatch({ address_line1_check: "fail", address_postal_code_check: "pass" })).toBe(true);
		expect(isAvsMismatch({ address_line1_check: "unavailable", address_postal_code_check: "pass" })).toBe(
			false,
		);
	});

	it("other payment methods fail when the customer's e-mail carries +fail", () => {
		expect(nonCardPaymentFails("jenny+fail@example.com")).toBe(true);
		expect(nonCardPaymentFails("jenny@example.com")).toBe(false);
	});
});
