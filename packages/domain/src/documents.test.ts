import { describe, expect, it } from "vitest";
import {
	DOCUMENT_TYPE_LABELS,
	documentDescription,
	documentTypeLabel,
	requiresTaxDetails,
} from "./documents.ts";

const day = (value: string | number) => new Date(value).toISOString().slice(0, 10);

describe("document descriptions (spec 1 §8)", () => {
	it("labels an unknown type 'Unknown document type'", () => {
		expect(documentDescription({ type: "credit_note", period_from: null, period_to: null }, day)).toBe(
			"Unknown document type",
		);
	});

	it("labels a tax invoice without either period date 'Tax invoice without proper period dates'", () => {
		const from = "2026-10-01T00:00:00.000Z";
		expect(documentDescription({ type: "vat_invoice", period_from: null, period_to: null }, day)).toBe(
			"Tax invoice without proper period dates",
		);
		expect(documentDescription({ type: "vat_invoice", period_from: from, period_to: null }, day)).toBe(
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
			),
		).toBe("Tax invoice for 2026-10-01 to 2026-10-31");
	});
});

describe("document types (spec 1 §2.4)", () => {
	it("offers the single type 'Tax Invoice'", () => {
		expect(DOCUMENT_TYPE_LABELS).toEqual({ vat_invoice: "Tax Invoice" });
		expect(documentTypeLabel("vat_invoice")).toBe("Tax Invoice");
		expect(documentTypeLabel("credit_note")).toBe("credit_note");
	});

	it("asks for tax details before a vat_invoice download only (spec 1 §4.6)", () => {
		expect(requiresTaxDetails("vat_invoice")).toBe(true);
		expect(requiresTaxDetails("credit_note")).toBe(false);
	});
});
