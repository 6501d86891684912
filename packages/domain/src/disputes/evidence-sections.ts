/**
 * Which evidence the challenge form asks for (spec 3 §3.5, §5.1): sections chosen by the
 * dispute's reason and the product type the merchant picks.
 *
 * Filtering rule:
 * - a section lists the reasons it applies to (none listed: every reason);
 * - a section or field with a productType shows only for that product type;
 * - "multiple" (an order of several kinds of products) shows the sections and fields of every
 *   product type, except those flagged denormalized: copies of a field that another product
 *   type's section already asks for, which would otherwise appear twice;
 * - a section left without fields is not shown.
 */

import {
	EVIDENCE_FIELD_TYPES,
	type EvidenceFieldType,
	type EvidenceKey,
	maxLengthOf,
	type ProductType,
} from "./evidence-fields.ts";
import type { DisputeReason } from "./reasons.ts";

export interface EvidenceField {
	key: EvidenceKey;
	label: string;
	type: EvidenceFieldType;
	description?: string;
	maxLength?: number;
	productType?: ProductType;
	denormalized?: boolean;
}

export interface EvidenceSection {
	key: string;
	title: string;
	description?: string;
	reasons?: readonly DisputeReason[];
	productType?: ProductType;
	denormalized?: boolean;
	fields: readonly EvidenceField[];
}

type FieldExtras = Pick<EvidenceField, "description" | "productType" | "denormalized">;

function field(key: EvidenceKey, label: string, extras: FieldExtras = {}): EvidenceField {
	const type = EVIDENCE_FIELD_TYPES[key];
	const maxLength = maxLengthOf(type);
	return { key, label, type, ...(maxLength === undefined ? {} : { maxLength }), ...extras };
}

/** Reasons where the product had to reach the customer: delivery evidence matters. */
const DELIVERY_REASONS: readonly DisputeReason[] = [
	"fraudulent",
	"general",
	"product_not_received",
	"product_unacceptable",
	"subscription_canceled",
	"unrecognized",
];

export const EVIDENCE_SECTIONS: readonly EvidenceSection[] = [
	{
		key: "general",
		title: "General evidence",
		description: "Who bought what: the details that tie the order to your customer.",
		fields: [
			field("product_description", "Product description", {
				description:
					"What was sold, as the customer saw it when ordering: name, description, price and quantity.",
			}),
			field("customer_name", "Customer's name"),
			field("customer_email_address", "Customer's email"),
			field("billing_address", "Customer's billing address"),
			field("receipt", "Order receipt", {
				description: "The receipt or order confirmation sent to the customer.",
			}),
			field("customer_communication", "Customer communication", {
				description:
					"E-mails or messages in which the customer confirmed the order, its delivery or its use.",
			}),
		],
	},
	{
		key: "customer_identity",
		title: "Customer identity",
		description: "Show that the person who ordered is the cardholder or account holder.",
		reasons: ["fraudulent", "unrecognized", "debit_not_authorized"],
		fields: [
			field("customer_purchase_ip", "Customer's IP address", {
				description: "The IP address the order was placed from.",
			}),
			field("customer_signature", "Customer's signature", {
				description: "A signed delivery receipt or contract.",
				productType: "physical_product",
			}),
		],
	},
	{
		key: "shipping",
		title: "Shipping information",
		description: "How and when the order was shipped, and where to.",
		reasons: DELIVERY_REASONS,
		productType: "physical_product",
		fields: [
			field("shipping_carrier", "Shipping carrier"),
			field("shipping_tracking_number", "Tracking number"),
			field("shipping_date", "Shipping date"),
			field("shipping_address", "Shipping address"),
			field("shipping_documentation", "Proof of shipping", {
				description: "A shipping label, a carrier receipt or a proof of delivery.",
			}),
		],
	},
	{
		key: "digital_access",
		title: "Download and access details",
		description: "When and how the customer received or used the product or service.",
		reasons: DELIVERY_REASONS,
		productType: "digital_product_or_service",
		fields: [
			field("access_activity_log", "Activity log", {
				description:
					"Downloads, log-ins or other use of the product by the customer, with dates and IP addresses.",
			}),
			field("service_date", "Date of access or service"),
			field("service_documentation", "Proof of access or service", {
				description: "A screenshot or document that shows the customer received the product or service.",
			}),
		],
	},
	{
		key: "offline_service",
		title: "Service details",
		description: "When the service was provided and what shows it took place.",
		reasons: DELIVERY_REASONS,
		productType: "offline_service",
		fields: [
			field("service_date", "Service date", { denormalized: true }),
			field("service_documentation", "Proof of service", {
				description: "A signed work order, an appointment confirmation or photos of the completed work.",
				denormalized: true,
			}),
		],
	},
	{
		key: "refund_policy",
		title: "Refund policy",
		description: "Your refund or return policy, where the customer saw it, and why no refund was given.",
		reasons: ["credit_not_processed", "general", "product_unacceptable"],
		fields: [
			field("refund_policy", "Refund policy", {
				description: "The policy as it stood when the customer ordered.",
			}),
			field("refund_policy_disclosure", "Refund policy disclosure", {
				description: "Where and how the policy was shown to the customer before purchase.",
			}),
			field("refund_refusal_explanation", "Why the customer is not entitled to a refund"),
		],
	},
	{
		key: "duplicate",
		title: "Duplicate charge",
		description: "Show that the other payment was for a different purchase.",
		reasons: ["duplicate"],
		fields: [
			field("duplicate_charge_id", "ID of the other payment"),
			field("duplicate_charge_explanation", "Why the payments are not duplicates"),
			field("duplicate_charge_documentation", "Receipts of both payments"),
		],
	},
	{
		key: "cancellation",
		title: "Cancellation",
		description: "Your cancellation terms and why they did not cancel this payment.",
		reasons: ["subscription_canceled"],
		fields: [
			field("cancellation_policy", "Cancellation policy"),
			field("cancellation_policy_disclosure", "Cancellation policy disclosure", {
				description: "Where and how the customer accepted the cancellation terms.",
			}),
			field("cancellation_rebuttal", "Why the customer's cancellation does not apply", {
				description: "For example: the customer canceled after the renewal, or kept using the subscription.",
			}),
		],
	},
	{
		key: "additional",
		title: "Additional details",
		description: "Anything else that supports your case.",
		fields: [
			field("uncategorized_text", "Additional information"),
			field("uncategorized_file", "Other documents"),
		],
	},
];

function matchesProductType(
	item: { productType?: ProductType; denormalized?: boolean },
	productType: ProductType,
): boolean {
	if (productType === "multiple") return !item.denormalized;
	return item.productType === undefined || item.productType === productType;
}

/** The sections and fields of a dispute's reason and the chosen product type, in form order. */
export function evidenceSectionsFor(
	reason: string,
	productType: ProductType,
	sections: readonly EvidenceSection[] = EVIDENCE_SECTIONS,
): EvidenceSection[] {
	const out: EvidenceSection[] = [];
	for (const section of sections) {
		if (section.reasons && !(section.reasons as readonly string[]).includes(reason)) continue;
		if (!matchesProductType(section, productType)) continue;
		const fields = section.fields.filter((candidate) => matchesProductType(candidate, productType));
		if (fields.length > 0) out.push({ ...section, fields });
	}
	return out;
}
