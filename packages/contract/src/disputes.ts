/**
 * Disputes (spec 3 §2.2–2.4, §3.1–3.3, §4, §5, §7): the list, its summary and export, one
 * dispute, saving or submitting evidence, and accepting (closing) a dispute.
 *
 * Shapes and rules chosen where the spec is silent:
 * - Times are epoch seconds (created, due_by), as the processor's objects carry them.
 * - The list's `filter=awaiting_response` (the 'needs response' quick filter) keeps disputes
 *   and inquiries awaiting a response: needs_response and warning_needs_response. The values
 *   all and advanced, which the admin also keeps in `filter`, do not narrow the list.
 * - The summary's `currencies` are every currency the store has disputes in (the currency
 *   filter shows with two or more), whatever the filter.
 * - POST /disputes/{id} merges the given evidence and metadata into the saved ones; an empty
 *   string clears a field. Evidence keys are the 27 of spec 3 §3.5; a file field holds a file
 *   id from POST /file and its metadata entry the file's name; `__product_type` is one of the
 *   four product types. The keys the processor writes (__evidence_submitted_at,
 *   __dispute_closed_at, __closed_by_merchant) are ignored if sent. Limits: a textarea 20000
 *   characters, all text together below 150000, the dispute's files 4,500,000 bytes together.
 *   Evidence whose total would reach 150000 is refused whole, never shortened: 400
 *   wcpay_evidence_too_long, its message opening with spec 3 §5.1's "Reached maximum character
 *   count for evidence", its data giving field ("evidence" for the total), limit and length.
 *   Saving is refused outside needs_response and warning_needs_response; `submit: true` moves the
 *   dispute to under_review (warning_under_review for an inquiry) and needs a product type.
 * - `evidence_files` lists, per file field, the saved file's id, name and size, so the form
 *   can keep the dispute's total size without asking for each file.
 * - POST /disputes/{id}/close accepts the dispute: lost, final, __closed_by_merchant '1'; the
 *   disputed amount and the dispute fee are not returned. Closing an already accepted dispute
 *   answers it unchanged. Both POSTs honour an Idempotency-Key header.
 */
import {
	EVIDENCE_DATE_PATTERN,
	EVIDENCE_FIELD_TYPES,
	FILE_EVIDENCE_KEYS,
	isEvidenceKey,
	isProductType,
	maxLengthOf,
} from "@paydesk/domain/disputes/evidence-fields";
import { DISPUTE_METADATA_KEYS, DISPUTE_STATUSES } from "@paydesk/domain/disputes/statuses";
import { z } from "zod";
import { minorAmount, objectId } from "./common.ts";
import { disputeList } from "./dispute-list.ts";
import { IDEMPOTENCY_KEY_REUSED } from "./errors.ts";
import { defineExportRoutes } from "./exports.ts";
import { uploadedFile } from "./files.ts";
import { defineListQuery, listResponse, oneOf, sharedFilterFields } from "./list.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const DISPUTE_ERRORS = {
	notFound: "wcpay_dispute_not_found",
	notEditable: "wcpay_dispute_not_editable",
	filesTooLarge: "wcpay_evidence_files_too_large",
	evidenceTooLong: "wcpay_evidence_too_long",
	productTypeRequired: "wcpay_product_type_required",
	idempotencyKeyReused: IDEMPOTENCY_KEY_REUSED,
} as const;

const seconds = z.number().int();

export const disputeOrder = z.object({
	id: z.number().int(),
	number: z.string(),
	/** The store's order screen. */
	url: z.string(),
});

export const disputeListRow = z.object({
	dispute_id: z.string(),
	charge_id: z.string(),
	amount: minorAmount,
	currency: z.string(),
	status: z.enum(DISPUTE_STATUSES),
	reason: z.string(),
	source: z.string(),
	order_number: z.string().nullable(),
	order: disputeOrder.nullable(),
	customer_name: z.string(),
	customer_email: z.string(),
	customer_country: z.string(),
	created: seconds,
	due_by: seconds,
});
export type DisputeListRow = z.infer<typeof disputeListRow>;

/** Sortable columns (dispute-list.ts): amount, created and due_by. */
export const DISPUTE_SORTS = disputeList.sorts;

export const disputeQueries = defineListQuery({
	sort: DISPUTE_SORTS,
	defaultSort: "created",
	defaultDirection: "desc",
	filters: {
		...sharedFilterFields,
		filter: oneOf(["awaiting_response", "all", "advanced"]),
		/** Every value rule the list declares (dispute-list.ts). */
		...disputeList.ruleParamsShape,
	},
});
export type DisputeSortedQuery = z.output<typeof disputeQueries.sorted>;
export type DisputeFilters = z.output<typeof disputeQueries.filters>;

const DISPUTES = `${REST_BASE}/disputes`;

export const listDisputes = defineRoute({
	method: "GET",
	path: DISPUTES,
	summary: "Disputes, one page, filtered and sorted",
	tag: "disputes",
	query: disputeQueries.paged,
	response: listResponse(disputeListRow),
});

export const disputesSummary = z.object({ count: z.number().int(), currencies: z.array(z.string()) });

export const getDisputesSummary = defineRoute({
	method: "GET",
	path: `${DISPUTES}/summary`,
	summary: "How many disputes match the filters, and the store's dispute currencies",
	tag: "disputes",
	query: disputeQueries.filters,
	response: disputesSummary,
});

export const disputeCharge = z.object({
	id: z.string(),
	payment_intent: z.string(),
	/** The charge's own balance transaction (the payment details screen reads it). */
	balance_transaction: z.string().nullable(),
	amount: minorAmount,
	currency: z.string(),
	created: seconds,
	billing_details: z.object({ name: z.string(), email: z.string() }),
});

export const disputeBalanceTransaction = z.object({
	id: z.string(),
	amount: minorAmount,
	fee: minorAmount,
	reporting_category: z.string(),
	currency: z.string(),
});

export const dispute = z.object({
	id: z.string(),
	status: z.enum(DISPUTE_STATUSES),
	reason: z.string(),
	amount: minorAmount,
	currency: z.string(),
	created: seconds,
	charge: disputeCharge,
	order: disputeOrder.nullable(),
	evidence: z.record(z.string(), z.string()),
	metadata: z.record(z.string(), z.string()),
	evidence_details: z.object({ due_by: seconds, has_evidence: z.boolean() }),
	issuer_evidence: z.record(z.string(), z.unknown()).nullable(),
	balance_transactions: z.array(disputeBalanceTransaction),
	evidence_files: z.record(z.string(), uploadedFile),
});
export type Dispute = z.infer<typeof dispute>;

const disputeParams = z.object({ id: objectId });

export const getDispute = defineRoute({
	method: "GET",
	path: `${DISPUTES}/{id}`,
	summary: "One dispute with its charge, evidence and balance transactions",
	tag: "disputes",
	params: disputeParams,
	response: dispute,
	errors: [DISPUTE_ERRORS.notFound],
});

const SERVER_METADATA_KEYS: readonly string[] = [
	DISPUTE_METADATA_KEYS.evidenceSubmittedAt,
	DISPUTE_METADATA_KEYS.closedAt,
	DISPUTE_METADATA_KEYS.closedByMerchant,
];

/** Evidence values by key: known keys only, dates as YYYY-MM-DD, files as ids, text within its length. */
export const evidenceInput = z.record(z.string(), z.string()).superRefine((evidence, context) => {
	for (const [key, value] of Object.entries(evidence)) {
		if (!isEvidenceKey(key)) {
			context.addIssue({ code: "custom", path: [key], message: "is not an evidence field" });
			continue;
		}
		if (value === "") continue;
		const type = EVIDENCE_FIELD_TYPES[key];
		const max = maxLengthOf(type);
		if (type === "date" && !EVIDENCE_DATE_PATTERN.test(value)) {
			context.addIssue({ code: "custom", path: [key], message: "must be a date as YYYY-MM-DD" });
		} else if (type === "file" && !/^\w{1,64}$/.test(value)) {
			context.addIssue({ code: "custom", path: [key], message: "must be the id of an uploaded file" });
		} else if (max !== undefined && value.length > max) {
			context.addIssue({ code: "custom", path: [key], message: `must be at most ${max} characters` });
		}
	}
});

/** Metadata: file names of file fields and the product type; the processor's keys are dropped. */
export const metadataInput = z
	.record(z.string(), z.string())
	.superRefine((metadata, context) => {
		for (const [key, value] of Object.entries(metadata)) {
			if (SERVER_METADATA_KEYS.includes(key)) continue;
			if (key === DISPUTE_METADATA_KEYS.productType) {
				if (value !== "" && !isProductType(value)) {
					context.addIssue({ code: "custom", path: [key], message: "must be a product type" });
				}
			} else if (!(FILE_EVIDENCE_KEYS as readonly string[]).includes(key)) {
				context.addIssue({ code: "custom", path: [key], message: "is not a metadata field" });
			} else if (value.length > 255) {
				context.addIssue({ code: "custom", path: [key], message: "must be at most 255 characters" });
			}
		}
	})
	.transform((metadata) =>
		Object.fromEntries(Object.entries(metadata).filter(([key]) => !SERVER_METADATA_KEYS.includes(key))),
	);

export const updateDisputeBody = z.object({
	evidence: evidenceInput.default({}),
	metadata: metadataInput.default({}),
	submit: z.boolean().default(false),
});
export type UpdateDisputeBody = z.input<typeof updateDisputeBody>;

export const updateDispute = defineRoute({
	method: "POST",
	path: `${DISPUTES}/{id}`,
	summary: "Save evidence for later, or submit it (final); Idempotency-Key header honoured",
	tag: "disputes",
	params: disputeParams,
	body: updateDisputeBody,
	response: dispute,
	errors: [
		DISPUTE_ERRORS.notFound,
		DISPUTE_ERRORS.notEditable,
		DISPUTE_ERRORS.filesTooLarge,
		DISPUTE_ERRORS.evidenceTooLong,
		DISPUTE_ERRORS.productTypeRequired,
		DISPUTE_ERRORS.idempotencyKeyReused,
	],
});

export const closeDispute = defineRoute({
	method: "POST",
	path: `${DISPUTES}/{id}/close`,
	summary: "Accept the dispute: it is lost, and the amount and fee are not returned",
	tag: "disputes",
	params: disputeParams,
	response: dispute,
	errors: [DISPUTE_ERRORS.notFound, DISPUTE_ERRORS.notEditable, DISPUTE_ERRORS.idempotencyKeyReused],
});

export const disputeExports = defineExportRoutes({
	kind: "disputes",
	listPath: DISPUTES,
	query: disputeQueries.sorted,
	tag: "disputes",
	noun: "disputes",
});
