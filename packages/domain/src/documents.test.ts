import { describe, expect, it } from "vitest";
import {
	documentDescription,
	documentTypeLabel,
	documentTypeLabels,
	requiresTaxDetails,
} from "./documents.ts";
import { englishTranslator as t } from "./translator.ts";

const day = (value: string | number) => new Date(value).toISOString().slice(0, 10);

describe("document descriptions (spec 1 §8)", () => {
	it("labels an unknown type 'Unknown document type'", () => {
		expect(documentDescription({ type: "credit_note", period_from: null, period_to: null }, day, t)).toBe(
			"Unknown document type",
		);
	});

	it("labels a tax invoice without either period date 'Tax invoice without proper period dates'", () => {
		const from = "2026-10-01T00:00:00.000Z";
		expect(documentDescription({ type: "vat_invoice", period_from: null, period_to: null }, day, t)).toBe(
			"Tax invoice without proper period dates",
		);
		expect(documentDescription({ type: "vat_invoice", period_from: from, period_to: null }, day, t)).toBe(
			"Tax invoice without proper period dates",
		);
	});

	it("describes a tax invoice by its period", () => {
		expect(
			documentDescription(
				{
					type: "vat_invoice",
					period_from: "2026-10-01T00:00:00.000Z",
					period_to: "2026-10-31T23:59:59.000Z",
				},
				day,
				t,
			),
		).toBe("Tax invoice for 2026-10-01 to 2026-10-31");
	});
});

describe("document types (spec 1 §2.4)", () => {
	it("offers the single type 'Tax Invoice'", () => {
		expect(documentTypeLabels(t)).toEqual({ vat_invoice: "Tax Invoice" });
		expect(documentTypeLabel("vat_invoice", t)).toBe("Tax Invoice");
		expect(documentTypeLabel("credit_note", t)).toBe("credit_note");
	});

	it("asks for tax details before a vat_invoice download only (spec 1 §4.6)", () => {
		expect(requiresTaxDetails("vat_invoice")).toBe(true);
		expect(requiresTaxDetails("credit_note")).toBe(false);
	});
});
