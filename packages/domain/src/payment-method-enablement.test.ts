import { describe, expect, it } from "vitest";
import {
	canContinueEnablement,
	currencyRequirementText,
	isMethodLocked,
	methodStatus,
	methodStatusLabel,
	needsRequirementConfirmation,
	paymentMethodDefinition,
	requestedStatus,
	requiredCurrencies,
	requirementLabel,
	toggleMethodId,
	wizardMethodIds,
} from "./payment-method-enablement.ts";
import { englishTranslator as t } from "./translator.ts";

describe("payment method statuses (spec 3 §4.3, §3.8)", () => {
	it("labels pending as 'Pending approval', pending_verification as 'Pending activation', inactive as 'More information needed'", () => {
		expect(methodStatusLabel("pending", t)).toBe("Pending approval");
		expect(methodStatusLabel("pending_verification", t)).toBe("Pending activation");
		expect(methodStatusLabel("inactive", t)).toBe("More information needed");
		expect(methodStatusLabel("unrequested", t)).toBeUndefined();
	});

	it("reads statuses keyed '<id>_payments', unrequested when absent", () => {
		const statuses = { giropay_payments: { status: "inactive", requirements: ["company.tax_id"] } };
		expect(methodStatus(statuses, "giropay").status).toBe("inactive");
		expect(methodStatus(statuses, "eps")).toEqual({ status: "unrequested", requirements: [] });
	});

	it("names requirements: Personal Identification Number, Business Website, Business Number", () => {
		expect(requirementLabel("individual.id_number", t)).toBe("Personal Identification Number");
		expect(requirementLabel("business_profile.url", t)).toBe("Business Website");
		expect(requirementLabel("company.tax_id", t)).toBe("Business Number");
	});
});

describe("the enablement wizard (spec 3 §4.3, §5.3)", () => {
	it("the card is required and locked; an inactive method is locked unchecked", () => {
		expect(isMethodLocked("card", { status: "active", requirements: [] })).toBe(true);
		expect(isMethodLocked("eps", { status: "inactive", requirements: [] })).toBe(true);
		expect(isMethodLocked("eps", { status: "pending", requirements: [] })).toBe(false);
		expect(wizardMethodIds(["eps", "card_present", "card", "ideal"])).toEqual(["card", "eps", "ideal"]);
	});

	it("checking an unrequested method with requirements asks for confirmation first", () => {
		expect(needsRequirementConfirmation({ status: "unrequested", requirements: ["company.tax_id"] })).toBe(
			true,
		);
		expect(needsRequirementConfirmation({ status: "unrequested", requirements: [] })).toBe(false);
		expect(needsRequirementConfirmation({ status: "pending", requirements: ["company.tax_id"] })).toBe(false);
	});

	it("Continue is disabled with no selection or while saving", () => {
		expect(canContinueEnablement([], false)).toBe(false);
		expect(canContinueEnablement(["eps"], true)).toBe(false);
		expect(canContinueEnablement(["eps"], false)).toBe(true);
	});

	it("with multi-currency off, a method without the store currency requires a currency; domestic-only methods use the domestic currency", () => {
		const context = { multiCurrencyEnabled: false, storeCurrency: "usd", domesticCurrency: "usd" };
		expect(requiredCurrencies(paymentMethodDefinition("ideal", t), context)).toEqual(["EUR"]);
		expect(requiredCurrencies(paymentMethodDefinition("card", t), context)).toBeNull();
		expect(requiredCurrencies(paymentMethodDefinition("affirm", t), context)).toBeNull();
		expect(
			requiredCurrencies(paymentMethodDefinition("klarna", t), { ...context, storeCurrency: "eur" }),
		).toEqual(["USD"]);
		expect(
			requiredCurrencies(paymentMethodDefinition("ideal", t), { ...context, multiCurrencyEnabled: true }),
		).toBeNull();
		expect(currencyRequirementText("iDEAL", ["EUR"], t)).toContain("iDEAL requires the EUR currency.");
	});

	it("spec 3 §5.3: methods that accept only domestic payments use the account's domestic currency", () => {
		const euroAccount = { multiCurrencyEnabled: false, storeCurrency: "EUR", domesticCurrency: "eur" };
		// Affirm's own list (USD, CAD) leaves out EUR, but for a EUR account it takes EUR, which
		// the store has: nothing to add.
		expect(requiredCurrencies(paymentMethodDefinition("affirm", t), euroAccount)).toBeNull();
		expect(requiredCurrencies(paymentMethodDefinition("klarna", t), euroAccount)).toBeNull();
		// A domestic-only method of a EUR account in a GBP store needs EUR, not its own list.
		const gbpStore = { ...euroAccount, storeCurrency: "gbp" };
		expect(requiredCurrencies(paymentMethodDefinition("afterpay_clearpay", t), gbpStore)).toEqual(["EUR"]);
		expect(requiredCurrencies(paymentMethodDefinition("klarna", t), gbpStore)).toEqual(["EUR"]);
		// Methods that take international payments keep their own list.
		expect(requiredCurrencies(paymentMethodDefinition("p24", t), gbpStore)).toEqual(["EUR", "PLN"]);
		expect(requiredCurrencies(paymentMethodDefinition("p24", t), euroAccount)).toBeNull();
		// An account whose domestic currency is not known yet falls back on the method's list.
		const unknown = { ...euroAccount, domesticCurrency: "", storeCurrency: "USD" };
		expect(requiredCurrencies(paymentMethodDefinition("affirm", t), unknown)).toBeNull();
	});

	it("toggling a method adds or removes its id in the enabled list (spec 2 §4)", () => {
		expect(toggleMethodId(["card"], "eps", true)).toEqual(["card", "eps"]);
		expect(toggleMethodId(["card", "eps"], "eps", true)).toEqual(["card", "eps"]);
		expect(toggleMethodId(["card", "eps"], "eps", false)).toEqual(["card"]);
	});

	it("the sandbox partner activates a requested method, or holds it pending approval when it has requirements", () => {
		expect(requestedStatus({ status: "unrequested", requirements: [] })).toEqual({
			status: "active",
			requirements: [],
		});
		expect(requestedStatus({ status: "unrequested", requirements: ["company.tax_id"] }).status).toBe(
			"pending",
		);
		expect(requestedStatus({ status: "inactive", requirements: [] }).status).toBe("inactive");
	});
});
