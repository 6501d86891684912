import { describe, expect, it } from "vitest";
import { EVIDENCE_TEXT_MAX_TOTAL, TEXTAREA_MAX_LENGTH } from "./evidence-fields.ts";
import {
	canAddEvidenceFile,
	evidenceTextLength,
	evidenceTextRefusal,
	evidenceTextViolation,
	fitsEvidenceFileLimit,
	nameForType,
	sniffEvidenceFileType,
} from "./evidence-limits.ts";

const text = (length: number) => "x".repeat(length);

/** Eight full textareas: 160000 characters, past the total. */
function fullTextareas(count: number): Record<string, string> {
	const keys = [
		"product_description",
		"billing_address",
		"refund_policy_disclosure",
		"refund_refusal_explanation",
		"duplicate_charge_explanation",
		"shipping_address",
		"cancellation_policy_disclosure",
		"cancellation_rebuttal",
	];
	return Object.fromEntries(keys.slice(0, count).map((key) => [key, text(TEXTAREA_MAX_LENGTH)]));
}

describe("evidence text limits (spec 3 §5.1, §9)", () => {
	it("spec 3 §5.1: a textarea's input is refused past 20000 characters, whole, never cut to fit", () => {
		expect(evidenceTextRefusal({}, "product_description", text(20_000))).toBeNull();
		expect(evidenceTextRefusal({}, "product_description", text(20_001))).toBe("field");
	});

	it('spec 3 §5.1: input is refused when the combined evidence text "would reach 150000", each time', () => {
		const evidence = fullTextareas(7); // 140000
		expect(evidenceTextRefusal(evidence, "access_activity_log", text(9_999))).toBeNull();
		// Exactly 150000 would be reached: refused, the field keeps what it had.
		expect(evidenceTextRefusal(evidence, "access_activity_log", text(10_000))).toBe("total");
		expect(evidenceTextRefusal(evidence, "access_activity_log", text(10_001))).toBe("total");
		// At 149999 every further character is refused, however many times it is typed.
		const full = { ...evidence, access_activity_log: text(9_999) };
		expect(evidenceTextRefusal(full, "customer_name", "J")).toBe("total");
		expect(evidenceTextRefusal(full, "customer_name", "J")).toBe("total");
	});

	it("spec 3 §5.1: input that does not lengthen a field is never refused, so text can always be shortened", () => {
		const over = { ...fullTextareas(7), access_activity_log: text(10_005) };
		expect(evidenceTextRefusal(over, "access_activity_log", text(10_004))).toBeNull();
		expect(evidenceTextRefusal(over, "access_activity_log", "y".repeat(10_005))).toBeNull();
		expect(evidenceTextRefusal(over, "access_activity_log", text(10_006))).toBe("total");
	});

	it("files are not evidence text", () => {
		expect(evidenceTextLength({ receipt: "file_123", customer_name: "Ann" })).toBe(3);
	});

	it('spec 3 §5.1: the server refuses a field past its maxLength and a total that "would reach 150000", naming the limit', () => {
		expect(evidenceTextViolation({ product_description: text(20_001) })).toEqual({
			kind: "field",
			key: "product_description",
			limit: TEXTAREA_MAX_LENGTH,
			length: 20_001,
		});
		expect(evidenceTextViolation({ product_description: text(TEXTAREA_MAX_LENGTH) })).toBeNull();
		expect(evidenceTextViolation(fullTextareas(7))).toBeNull();
		const below = { ...fullTextareas(7), access_activity_log: text(9_999) };
		expect(evidenceTextLength(below)).toBe(EVIDENCE_TEXT_MAX_TOTAL - 1);
		expect(evidenceTextViolation(below)).toBeNull();
		const reaches = { ...below, customer_name: "x" };
		expect(evidenceTextLength(reaches)).toBe(EVIDENCE_TEXT_MAX_TOTAL);
		expect(evidenceTextViolation(reaches)).toEqual({
			kind: "total",
			limit: EVIDENCE_TEXT_MAX_TOTAL,
			length: EVIDENCE_TEXT_MAX_TOTAL,
		});
		expect(evidenceTextViolation({ ...reaches, customer_email_address: "x" })?.kind).toBe("total");
	});
});

describe("evidence file limits (spec 3 §5.1, §9)", () => {
	it("the dispute's files plus the new one may total exactly 4,500,000 bytes, not one byte more", () => {
		expect(fitsEvidenceFileLimit([4_000_000, 500_000])).toBe(true);
		expect(fitsEvidenceFileLimit([4_000_000, 500_001])).toBe(false);
		expect(canAddEvidenceFile({ receipt: 4_000_000 }, "customer_communication", 500_000)).toBe(true);
		expect(canAddEvidenceFile({ receipt: 4_000_000 }, "customer_communication", 500_001)).toBe(false);
	});

	it("a field's previous file is replaced, so it does not count", () => {
		expect(canAddEvidenceFile({ receipt: 4_000_000 }, "receipt", 4_500_000)).toBe(true);
	});

	it("accepts pdf, png and jpeg by content, whatever the name", () => {
		const bytes = (...values: number[]) => new Uint8Array(values);
		expect(sniffEvidenceFileType(new TextEncoder().encode("%PDF-1.7\n"))).toBe("application/pdf");
		expect(sniffEvidenceFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
		expect(sniffEvidenceFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
		expect(sniffEvidenceFileType(new TextEncoder().encode("<html>"))).toBeNull();
		expect(sniffEvidenceFileType(bytes(0x47, 0x49, 0x46, 0x38))).toBeNull();
		expect(sniffEvidenceFileType(bytes())).toBeNull();
	});
});

describe("an uploaded file is named with the extension of its sniffed type (spec 3 §5.1: typed by content)", () => {
	it("keeps an extension that matches, in any case", () => {
		expect(nameForType("scan.jpeg", "image/jpeg")).toBe("scan.jpeg");
		expect(nameForType("SCAN.JPG", "image/jpeg")).toBe("SCAN.JPG");
		expect(nameForType("receipt.pdf", "application/pdf")).toBe("receipt.pdf");
	});

	it("replaces one that does not, or adds one", () => {
		expect(nameForType("a.html", "image/png")).toBe("a.png");
		expect(nameForType("invoice.pdf.exe", "application/pdf")).toBe("invoice.pdf.pdf");
		expect(nameForType("receipt", "application/pdf")).toBe("receipt.pdf");
		expect(nameForType(".htaccess", "image/png")).toBe(".htaccess.png");
	});
});
