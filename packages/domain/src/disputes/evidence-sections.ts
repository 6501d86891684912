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

import type { Translator } from "../translator.ts";
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

/** Every section of the challenge form, in form order, in the merchant's language. */
export function evidenceSections(t: Translator): readonly EvidenceSection[] {
	return [
		{
			key: "general",
			title: t.__("General evidence", "paydesk"),
			description: t.__("Who bought what: the details that tie the order to your customer.", "paydesk"),
			fields: [
				field("product_description", t.__("Product description", "paydesk"), {
					description: t.__(
						"What was sold, as the customer saw it when ordering: name, description, price and quantity.",
						"paydesk",
					),
				}),
				field("customer_name", t.__("Customer's name", "paydesk")),
				field("customer_email_address", t.__("Customer's email", "paydesk")),
				field("billing_address", t.__("Customer's billing address", "paydesk")),
				field("receipt", t.__("Order receipt", "paydesk"), {
					description: t.__("The receipt or order confirmation sent to the customer.", "paydesk"),
				}),
				field("customer_communication", t.__("Customer communication", "paydesk"), {
					description: t.__(
						"E-mails or messages in which the customer confirmed the order, its delivery or its use.",
						"paydesk",
					),
				}),
			],
		},
		{
			key: "customer_identity",
			title: t.__("Customer identity", "paydesk"),
			description: t.__("Show that the person who ordered is the cardholder or account holder.", "paydesk"),
			reasons: ["fraudulent", "unrecognized", "debit_not_authorized"],
			fields: [
				field("customer_purchase_ip", t.__("Customer's IP address", "paydesk"), {
					description: t.__("The IP address the order was placed from.", "paydesk"),
				}),
				field("customer_signature", t.__("Customer's signature", "paydesk"), {
					description: t.__("A signed delivery receipt or contract.", "paydesk"),
					productType: "physical_product",
				}),
			],
		},
		{
			key: "shipping",
			title: t.__("Shipping information", "paydesk"),
			description: t.__("How and when the order was shipped, and where to.", "paydesk"),
			reasons: DELIVERY_REASONS,
			productType: "physical_product",
			fields: [
				field("shipping_carrier", t.__("Shipping carrier", "paydesk")),
				field("shipping_tracking_number", t.__("Tracking number", "paydesk")),
				field("shipping_date", t.__("Shipping date", "paydesk")),
				field("shipping_address", t.__("Shipping address", "paydesk")),
				field("shipping_documentation", t.__("Proof of shipping", "paydesk"), {
					description: t.__("A shipping label, a carrier receipt or a proof of delivery.", "paydesk"),
				}),
			],
		},
		{
			key: "digital_access",
			title: t.__("Download and access details", "paydesk"),
			description: t.__("When and how the customer received or used the product or service.", "paydesk"),
			reasons: DELIVERY_REASONS,
			productType: "digital_product_or_service",
			fields: [
				field("access_activity_log", t.__("Activity log", "paydesk"), {
					description: t.__(
						"Downloads, log-ins or other use of the product by the customer, with dates and IP addresses.",
						"paydesk",
					),
				}),
				field("service_date", t.__("Date of access or service", "paydesk")),
				field("service_documentation", t.__("Proof of access or service", "paydesk"), {
					description: t.__(
						"A screenshot or document that shows the customer received the product or service.",
						"paydesk",
					),
				}),
			],
		},
		{
			key: "offline_service",
			title: t.__("Service details", "paydesk"),
			description: t.__("When the service was provided and what shows it took place.", "paydesk"),
			reasons: DELIVERY_REASONS,
			productType: "offline_service",
			fields: [
				field("service_date", t.__("Service date", "paydesk"), { denormalized: true }),
				field("service_documentation", t.__("Proof of service", "paydesk"), {
					description: t.__(
						"A signed work order, an appointment confirmation or photos of the completed work.",
						"paydesk",
					),
					denormalized: true,
				}),
			],
		},
		{
			key: "refund_policy",
			title: t.__("Refund policy", "paydesk"),
			description: t.__(
				"Your refund or return policy, where the customer saw it, and why no refund was given.",
				"paydesk",
			),
			reasons: ["credit_not_processed", "general", "product_unacceptable"],
			fields: [
				field("refund_policy", t.__("Refund policy", "paydesk"), {
					description: t.__("The policy as it stood when the customer ordered.", "paydesk"),
				}),
				field("refund_policy_disclosure", t.__("Refund policy disclosure", "paydesk"), {
					description: t.__("Where and how the policy was shown to the customer before purchase.", "paydesk"),
				}),
				field("refund_refusal_explanation", t.__("Why the customer is not entitled to a refund", "paydesk")),
			],
		},
		{
			key: "duplicate",
			title: t.__("Duplicate charge", "paydesk"),
			description: t.__("Show that the other payment was for a different purchase.", "paydesk"),
			reasons: ["duplicate"],
			fields: [
				field("duplicate_charge_id", t.__("ID of the other payment", "paydesk")),
				field("duplicate_charge_explanation", t.__("Why the payments are not duplicates", "paydesk")),
				field("duplicate_charge_documentation", t.__("Receipts of both payments", "paydesk")),
			],
		},
		{
			key: "cancellation",
			title: t.__("Cancellation", "paydesk"),
			description: t.__("Your cancellation terms and why they did not cancel this payment.", "paydesk"),
			reasons: ["subscription_canceled"],
			fields: [
				field("cancellation_policy", t.__("Cancellation policy", "paydesk")),
				field("cancellation_policy_disclosure", t.__("Cancellation policy disclosure", "paydesk"), {
					description: t.__("Where and how the customer accepted the cancellation terms.", "paydesk"),
				}),
				field("cancellation_rebuttal", t.__("Why the customer's cancellation does not apply", "paydesk"), {
					description: t.__(
						"For example: the customer canceled after the renewal, or kept using the subscription.",
						"paydesk",
					),
				}),
			],
		},
		{
			key: "additional",
			title: t.__("Additional details", "paydesk"),
			description: t.__("Anything else that supports your case.", "paydesk"),
			fields: [
				field("uncategorized_text", t.__("Additional information", "paydesk")),
				field("uncategorized_file", t.__("Other documents", "paydesk")),
			],
		},
	];
}

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
	sections: readonly EvidenceSection[],
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
