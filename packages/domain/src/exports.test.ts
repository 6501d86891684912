import { describe, expect, it } from "vitest";
import {
	EXPORT_CONFIRMATION_THRESHOLDS,
	exportConfirmationMessage,
	exportFailureMessage,
	exportNeedsConfirmation,
	exportSuccessMessage,
} from "./exports.ts";
import { englishTranslator as t } from "./translator.ts";

describe("export confirmation (spec 2 §5, spec 3 §5.2)", () => {
	it("uses the thresholds payouts 1000, transactions 10000, disputes 1000", () => {
		expect(EXPORT_CONFIRMATION_THRESHOLDS).toEqual({ deposits: 1000, transactions: 10000, disputes: 1000 });
	});

	it("asks only when no filter is applied and the count reaches the threshold", () => {
		expect(exportNeedsConfirmation("deposits", { hasFilters: false, total: 1000 })).toBe(true);
		expect(exportNeedsConfirmation("deposits", { hasFilters: false, total: 999 })).toBe(false);
		expect(exportNeedsConfirmation("deposits", { hasFilters: true, total: 5000 })).toBe(false);
		expect(exportNeedsConfirmation("transactions", { hasFilters: false, total: 9999 })).toBe(false);
		expect(exportNeedsConfirmation("transactions", { hasFilters: false, total: 10000 })).toBe(true);
	});

	it("says the spec's sentence with the count", () => {
		expect(exportConfirmationMessage("deposits", 1234, t)).toBe(
			"You are about to export 1234 deposits. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
		);
		expect(exportConfirmationMessage("transactions", 10000, t)).toContain("export 10000 transactions.");
		expect(exportConfirmationMessage("disputes", 1000, t)).toContain("export 1000 disputes.");
	});
});

describe("export messages (spec 2 §8) and polling (spec 2 §9)", () => {
	it("names the e-mail address on success and says the failure plainly", () => {
		expect(exportSuccessMessage("merchant@example.com", t)).toBe(
			"We're processing your export. The file will download automatically and be emailed to merchant@example.com.",
		);
		expect(exportFailureMessage(t)).toBe("There was a problem generating your export.");
	});
});
