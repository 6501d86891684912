/**
 * Documents (spec 1 §2.4, §3 Document, §4.6, §7, §8): the list, its summary and the download.
 *
 * Shapes chosen where the spec is silent:
 * - `date`, `period_from` and `period_to` are ISO 8601 strings in UTC; a period date may be null
 *   (the admin then describes the invoice as 'Tax invoice without proper period dates').
 * - GET /documents/{id} answers the PDF itself as an attachment. The browser calls it with
 *   `_wpnonce` (downloads carry the REST nonce). A tax invoice is refused with
 *   wcpay_tax_details_missing (409) until tax details were submitted through POST /vat.
 */
import { z } from "zod";
import { objectId } from "./common.ts";
import { documentList } from "./document-list.ts";
import { fileBody } from "./exports.ts";
import { defineListQuery, listResponse, sharedFilterFields } from "./list.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const DOCUMENT_ERRORS = {
	notFound: "wcpay_document_not_found",
	taxDetailsMissing: "wcpay_tax_details_missing",
	unsupportedType: "wcpay_document_type_unsupported",
} as const;

export const paymentDocument = z.object({
	document_id: z.string(),
	/** vat_invoice today; the admin labels any other type 'Unknown document type'. */
	type: z.string(),
	date: z.string(),
	period_from: z.string().nullable(),
	period_to: z.string().nullable(),
});
export type PaymentDocument = z.infer<typeof paymentDocument>;

/** The one sort (document-list.ts): date. */
export const DOCUMENT_SORTS = documentList.sorts;

const { store_currency_is: _currency, ...documentSharedFilters } = sharedFilterFields;

export const documentQueries = defineListQuery({
	sort: DOCUMENT_SORTS,
	defaultSort: "date",
	defaultDirection: "desc",
	filters: {
		// Documents have no currency (spec 1 §2.4): the shared currency filter is not theirs.
		...documentSharedFilters,
		/** Every value rule the list declares (document-list.ts). */
		...documentList.ruleParamsShape,
	},
});
export type DocumentListQuery = z.output<typeof documentQueries.paged>;
export type DocumentFilters = z.output<typeof documentQueries.filters>;

const DOCUMENTS = `${REST_BASE}/documents`;

export const listDocuments = defineRoute({
	method: "GET",
	path: DOCUMENTS,
	summary: "Documents (tax invoices), one page, filtered and sorted",
	tag: "documents",
	query: documentQueries.paged,
	response: listResponse(paymentDocument),
});

export const documentsSummary = z.object({ count: z.number().int() });

export const getDocumentsSummary = defineRoute({
	method: "GET",
	path: `${DOCUMENTS}/summary`,
	summary: "How many documents match the filters",
	tag: "documents",
	query: documentQueries.filters,
	response: documentsSummary,
});

export const downloadDocument = defineRoute({
	method: "GET",
	path: `${DOCUMENTS}/{id}`,
	summary: "One document as a PDF attachment (a tax invoice needs tax details first)",
	tag: "documents",
	params: z.object({ id: objectId }),
	query: z.object({ _wpnonce: z.string().optional() }),
	response: fileBody,
	produces: "application/pdf",
	errors: [DOCUMENT_ERRORS.notFound, DOCUMENT_ERRORS.taxDetailsMissing, DOCUMENT_ERRORS.unsupportedType],
});
