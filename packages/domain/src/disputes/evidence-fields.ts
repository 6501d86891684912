/**
 * The evidence a merchant can submit (spec 3 §3.5): the 27 field keys with their input type,
 * the product types (§3.6) and the text and file limits of §5.1 and §9. The server validates
 * a save with these, the challenge form renders and limits its inputs with the same values.
 */
import type { Translator } from "../translator.ts";

export type EvidenceFieldType = "text" | "textarea" | "date" | "file";

/** Every evidence key and its input type; the type decides the limits that apply. */
export const EVIDENCE_FIELD_TYPES = {
	product_description: "textarea",
	customer_name: "text",
	customer_email_address: "text",
	customer_signature: "file",
	billing_address: "textarea",
	customer_purchase_ip: "text",
	receipt: "file",
	customer_communication: "file",
	refund_policy: "file",
	refund_policy_disclosure: "textarea",
	refund_refusal_explanation: "textarea",
	duplicate_charge_id: "text",
	duplicate_charge_explanation: "textarea",
	duplicate_charge_documentation: "file",
	shipping_documentation: "file",
	service_documentation: "file",
	shipping_carrier: "text",
	shipping_tracking_number: "text",
	shipping_date: "date",
	shipping_address: "textarea",
	cancellation_policy: "file",
	cancellation_policy_disclosure: "textarea",
	cancellation_rebuttal: "textarea",
	access_activity_log: "textarea",
	service_date: "date",
	uncategorized_text: "textarea",
	uncategorized_file: "file",
} as const satisfies Record<string, EvidenceFieldType>;

export type EvidenceKey = keyof typeof EVIDENCE_FIELD_TYPES;
export const EVIDENCE_KEYS = Object.keys(EVIDENCE_FIELD_TYPES) as EvidenceKey[];

export function isEvidenceKey(key: string): key is EvidenceKey {
	return Object.hasOwn(EVIDENCE_FIELD_TYPES, key);
}

export const FILE_EVIDENCE_KEYS = EVIDENCE_KEYS.filter((key) => EVIDENCE_FIELD_TYPES[key] === "file");

export const PRODUCT_TYPES = [
	"physical_product",
	"digital_product_or_service",
	"offline_service",
	"multiple",
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export function productTypeLabel(type: ProductType, t: Translator): string {
	switch (type) {
		case "physical_product":
			return t.__("Physical product", "paydesk");
		case "digital_product_or_service":
			return t.__("Digital product or service", "paydesk");
		case "offline_service":
			return t.__("Offline service", "paydesk");
		case "multiple":
			return t.__("Multiple product types", "paydesk");
	}
}

export function isProductType(value: string): value is ProductType {
	return (PRODUCT_TYPES as readonly string[]).includes(value);
}

/** Spec 3 §3.5, §9: a textarea holds at most 20000 characters. */
export const TEXTAREA_MAX_LENGTH = 20_000;
/** Short text inputs (names, ids, carriers) get a lower cap of our choosing. */
export const TEXT_MAX_LENGTH = 500;
/**
 * Spec 3 §5.1, §9: the limit of all evidence text together. Input is refused when the combined
 * length would reach it, so a dispute's evidence text holds at most 149999 characters.
 */
export const EVIDENCE_TEXT_MAX_TOTAL = 150_000;
/** Spec 3 §5.1, §9: a dispute's files together weigh at most 4,500,000 bytes (inclusive). */
export const EVIDENCE_FILES_MAX_TOTAL_BYTES = 4_500_000;

export function maxLengthOf(type: EvidenceFieldType): number | undefined {
	if (type === "textarea") return TEXTAREA_MAX_LENGTH;
	if (type === "text") return TEXT_MAX_LENGTH;
	if (type === "date") return 10;
	return undefined;
}

/** Dates are entered as YYYY-MM-DD. */
export const EVIDENCE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
