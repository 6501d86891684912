import { describe, expect, it } from "vitest";
import { englishTranslator as t } from "../translator.ts";
import { EVIDENCE_KEYS, PRODUCT_TYPES } from "./evidence-fields.ts";
import { type EvidenceSection, evidenceSections, evidenceSectionsFor } from "./evidence-sections.ts";
import { DISPUTE_REASONS, disputeReasonGuidance, disputeReasonLabel } from "./reasons.ts";

const EVIDENCE_SECTIONS = evidenceSections(t);

const keysOf = (sections: readonly EvidenceSection[]) => sections.flatMap((s) => s.fields.map((f) => f.key));
const titles = (sections: readonly EvidenceSection[]) => sections.map((s) => s.key);

describe("dispute reasons (spec 3 §3.4)", () => {
	it("has the fourteen reasons, each with a display name and written guidance", () => {
		expect(DISPUTE_REASONS).toHaveLength(14);
		for (const reason of DISPUTE_REASONS) {
			const guidance = disputeReasonGuidance(reason, t);
			expect(guidance.label).not.toBe("");
			expect(guidance.claim).not.toBe("");
			expect(guidance.overview).not.toBe("");
			expect(guidance.advice).not.toBe("");
			expect(guidance.evidence.length).toBeGreaterThan(0);
		}
		expect(disputeReasonLabel("fraudulent", t)).toBe("Transaction unauthorized");
	});
});

describe("evidence sections by reason and product type (spec 3 §3.5, §5.1)", () => {
	it("every one of the 27 evidence fields is asked for somewhere", () => {
		expect(EVIDENCE_KEYS).toHaveLength(27);
		expect(new Set(EVIDENCE_SECTIONS.flatMap((s) => s.fields.map((f) => f.key)))).toEqual(
			new Set(EVIDENCE_KEYS),
		);
	});

	it("for all 14 reasons × 4 product types the form has sections and never asks for a field twice", () => {
		for (const reason of DISPUTE_REASONS) {
			for (const productType of PRODUCT_TYPES) {
				const sections = evidenceSectionsFor(reason, productType, EVIDENCE_SECTIONS);
				expect(sections.length, `${reason}/${productType}`).toBeGreaterThan(1);
				const keys = keysOf(sections);
				expect(new Set(keys).size, `${reason}/${productType}`).toBe(keys.length);
				expect(titles(sections)[0]).toBe("general");
				expect(titles(sections).at(-1)).toBe("additional");
			}
		}
	});

	it("shows the sections of the chosen product type only", () => {
		expect(
			titles(evidenceSectionsFor("product_not_received", "physical_product", EVIDENCE_SECTIONS)),
		).toEqual(["general", "shipping", "additional"]);
		expect(
			titles(evidenceSectionsFor("product_not_received", "digital_product_or_service", EVIDENCE_SECTIONS)),
		).toEqual(["general", "digital_access", "additional"]);
		expect(titles(evidenceSectionsFor("product_not_received", "offline_service", EVIDENCE_SECTIONS))).toEqual(
			["general", "offline_service", "additional"],
		);
	});

	it("with multiple, only non-denormalized sections and fields are shown", () => {
		const multiple = evidenceSectionsFor("product_not_received", "multiple", EVIDENCE_SECTIONS);
		expect(titles(multiple)).toEqual(["general", "shipping", "digital_access", "additional"]);
		const fraud = keysOf(evidenceSectionsFor("fraudulent", "multiple", EVIDENCE_SECTIONS));
		expect(fraud).toContain("customer_signature");
		expect(fraud.filter((key) => key === "service_date")).toHaveLength(1);

		const synthetic: EvidenceSection[] = [
			{
				key: "a",
				title: "A",
				fields: [
					{ key: "customer_name", label: "Name", type: "text" },
					{ key: "receipt", label: "Receipt", type: "file", denormalized: true },
				],
			},
			{
				key: "b",
				title: "B",
				denormalized: true,
				fields: [{ key: "uncategorized_text", label: "T", type: "textarea" }],
			},
		];
		expect(keysOf(evidenceSectionsFor("general", "multiple", synthetic))).toEqual(["customer_name"]);
		expect(keysOf(evidenceSectionsFor("general", "physical_product", synthetic))).toEqual([
			"customer_name",
			"receipt",
			"uncategorized_text",
		]);
	});

	it("reason-specific sections appear only for their reasons", () => {
		expect(titles(evidenceSectionsFor("duplicate", "physical_product", EVIDENCE_SECTIONS))).toEqual([
			"general",
			"duplicate",
			"additional",
		]);
		expect(
			titles(evidenceSectionsFor("subscription_canceled", "digital_product_or_service", EVIDENCE_SECTIONS)),
		).toContain("cancellation");
		expect(
			titles(evidenceSectionsFor("credit_not_processed", "physical_product", EVIDENCE_SECTIONS)),
		).toContain("refund_policy");
		expect(titles(evidenceSectionsFor("fraudulent", "physical_product", EVIDENCE_SECTIONS))).toContain(
			"customer_identity",
		);
		expect(
			keysOf(evidenceSectionsFor("fraudulent", "digital_product_or_service", EVIDENCE_SECTIONS)),
		).not.toContain("customer_signature");
	});

	it("textareas carry the 20000 maxLength", () => {
		const field = EVIDENCE_SECTIONS[0]?.fields.find((f) => f.key === "product_description");
		expect(field).toMatchObject({ type: "textarea", maxLength: 20_000 });
	});
});
