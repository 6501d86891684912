import { describe, expect, it } from "vitest";
import { EVIDENCE_TEXT_MAX_TOTAL, TEXTAREA_MAX_LENGTH } from "./evidence-fields.ts";
import {
	canAddEvidenceFile,
	evidenceTextLength,
	evidenceTextViolation,
	fitsEvidenceFileLimit,
	limitEvidenceText,
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
	it("a textarea is cut at 20000 characters", () => {
		const result = limitEvidenceText({}, "product_description", text(20_001));
		expect(result.value.length).toBe(20_000);
		expect(result).toMatchObject({ limited: true, totalReached: false });
		expect(limitEvidenceText({}, "product_description", text(20_000)).limited).toBe(false);
	});

	it('spec 3 §5.1: input is refused when the combined evidence text "would reach 150000", and says so', () => {
		const evidence = fullTextareas(7); // 140000
		const fits = limitEvidenceText(evidence, "access_activity_log", text(9_999));
		expect(fits).toEqual({ value: text(9_999), limited: false, totalReached: false });
		// Exactly 150000 would be reached: refused, cut to 149999 in total, with the notice.
		const reaches = limitEvidenceText(evidence, "access_activity_log", text(10_000));
		expect(reaches).toEqual({ value: text(9_999), limited: true, totalReached: true });
		const over = limitEvidenceText(evidence, "access_activity_log", text(10_001));
		expect(over.value.length).toBe(9_999);
		expect(over.totalReached).toBe(true);
	});

	it("spec 3 §5.1: once the total is 149999, no further character fits", () => {
		const evidence = { ...fullTextareas(7), access_activity_log: text(9_999) };
		expect(limitEvidenceText(evidence, "customer_name", "J")).toEqual({
			value: "",
			limited: true,
			totalReached: true,
		});
	});

	it("files are not evidence text", () => {
		expect(evidenceTextLength({ receipt: "file_123", customer_name: "Ann" })).toBe(3);
	});

	it('spec 3 §5.1: the server refuses a field past its maxLength and a total that "would reach 150000"', () => {
		expect(evidenceTextViolation({ product_description: text(20_001) })?.key).toBe("product_description");
		expect(evidenceTextViolation({ product_description: text(TEXTAREA_MAX_LENGTH) })).toBeNull();
		expect(evidenceTextViolation(fullTextareas(7))).toBeNull();
		const below = { ...fullTextareas(7), access_activity_log: text(9_999) };
		expect(evidenceTextLength(below)).toBe(EVIDENCE_TEXT_MAX_TOTAL - 1);
		expect(evidenceTextViolation(below)).toBeNull();
		const reaches = { ...below, customer_name: "x" };
		expect(evidenceTextLength(reaches)).toBe(EVIDENCE_TEXT_MAX_TOTAL);
		expect(evidenceTextViolation(reaches)?.key).toBe("evidence");
		expect(evidenceTextViolation({ ...reaches, customer_email_address: "x" })?.key).toBe("evidence");
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
