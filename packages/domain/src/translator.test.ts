import { describe, expect, it } from "vitest";
import { englishTranslator, sprintf } from "./translator.ts";

describe("the domain's texts take a translator", () => {
	it("speaks English with English's plural rule when no language is chosen", () => {
		expect(englishTranslator.__("Won", "paydesk")).toBe("Won");
		expect(englishTranslator._n("%d day", "%d days", 1, "paydesk")).toBe("%d day");
		expect(englishTranslator._n("%d day", "%d days", 0, "paydesk")).toBe("%d days");
	});

	it("fills placeholders in turn or by position, as a translation may reorder them", () => {
		expect(sprintf("%s repaid of %s", "$10.00", "$50.00")).toBe("$10.00 repaid of $50.00");
		expect(sprintf("%2$s remboursés sur %1$s", "50,00 $", "10,00 $")).toBe("10,00 $ remboursés sur 50,00 $");
		expect(sprintf("%d days, 100%%", 3.7)).toBe("3 days, 100%");
		expect(sprintf("%s and %s", "one")).toBe("one and %s");
	});
});
