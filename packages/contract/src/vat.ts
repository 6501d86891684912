/**
 * Tax details (spec 1 §3 Tax details payload, §5 tax number, §7 vat calls, §8).
 *
 * - GET /vat/{number} checks a VAT number (or a Japanese Corporate Number) against the format
 *   rules of packages/domain/tax-details and answers what the partner knows of it: the
 *   normalised number and, when known, the registered name and address (null otherwise).
 * - POST /vat saves the tax details on the account; the number is optional (a business not
 *   registered for VAT), name and address must not be blank.
 */
import { z } from "zod";
import { defineRoute, REST_BASE } from "./route.ts";

export const VAT_ERRORS = {
	invalidNumber: "wcpay_vat_number_invalid",
	invalidDetails: "wcpay_tax_details_invalid",
} as const;

export const vatLookup = z.object({
	vat_number: z.string(),
	name: z.string().nullable(),
	address: z.string().nullable(),
});
export type VatLookup = z.infer<typeof vatLookup>;

export const lookupVatNumber = defineRoute({
	method: "GET",
	path: `${REST_BASE}/vat/{vat_number}`,
	summary: "Check a VAT number and answer the business registered under it, when known",
	tag: "vat",
	params: z.object({ vat_number: z.string().min(1).max(40) }),
	response: vatLookup,
	errors: [VAT_ERRORS.invalidNumber],
});

export const taxDetailsBody = z.object({
	vat_number: z.string().max(40).nullable().optional(),
	name: z.string().max(200),
	address: z.string().max(1000),
});
export type TaxDetailsBody = z.input<typeof taxDetailsBody>;

export const taxDetails = z.object({
	vat_number: z.string().nullable(),
	name: z.string(),
	address: z.string(),
});
export type TaxDetails = z.infer<typeof taxDetails>;

export const saveTaxDetails = defineRoute({
	method: "POST",
	path: `${REST_BASE}/vat`,
	summary: "Save the account's tax details (name, address and an optional VAT number)",
	tag: "vat",
	body: taxDetailsBody,
	response: taxDetails,
	errors: [VAT_ERRORS.invalidNumber, VAT_ERRORS.invalidDetails],
});
