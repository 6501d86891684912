import { describe, expect, it } from "vitest";
import { namedTestCard, namedTestMethods } from "./stripe-test-methods.ts";
import { TEST_CARDS } from "./test-cards.ts";

describe("Stripe's named test payment methods and tokens", () => {
	it("stand for the test card of the same behaviour, as pm_card_ and tok_ alike", () => {
		expect(namedTestCard("pm_card_visa")?.number).toBe("4242424242424242");
		expect(namedTestCard("tok_visa")?.number).toBe("4242424242424242");
		expect(namedTestCard("pm_card_chargeDeclined")?.decline?.declineCode).toBe("generic_decline");
		expect(namedTestCard("pm_card_chargeDeclinedInsufficientFunds")?.decline?.declineCode).toBe(
			"insufficient_funds",
		);
		expect(namedTestCard("pm_card_authenticationRequired")?.threeDSecure).toBe(true);
		expect(namedTestCard("pm_card_createDispute")?.dispute).toBe("fraudulent");
		expect(namedTestCard("pm_card_riskLevelHighest")?.alwaysBlocked).toBe(true);
	});

	it("knows no other name", () => {
		expect(namedTestCard("pm_card_nope")).toBeNull();
		expect(namedTestCard("pm_card_toString")).toBeNull();
		expect(namedTestCard("visa")).toBeNull();
	});

	it("names only cards the sandbox has", () => {
		const numbers = new Set(TEST_CARDS.map((card) => card.number));
		const methods = namedTestMethods();
		expect(methods.length).toBeGreaterThan(30);
		for (const { card } of methods) expect(numbers.has(card.number)).toBe(true);
	});
});
