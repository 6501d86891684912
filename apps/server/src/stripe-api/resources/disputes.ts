/**
 * Disputes on Stripe's API: the disputes the admin shows. Evidence is saved or submitted and a
 * dispute accepted through the account's processor (saveEvidence, acceptDispute), like the
 * admin's challenge form, so the same rules hold: evidence only while the dispute awaits an
 * answer, its text and file limits, and a product type before a submission.
 *
 * A dispute's metadata is Stripe's metadata, which the processor also keeps its own keys in
 * (`__product_type`, `__evidence_submitted_at` …, the keys the Stripe-hosted plugin writes): a
 * client sets `metadata[__product_type]`, and the processor's other keys are its own.
 */
import {
	EVIDENCE_DATE_PATTERN,
	EVIDENCE_FIELD_TYPES,
	EVIDENCE_KEYS,
	type EvidenceKey,
	FILE_EVIDENCE_KEYS,
	isProductType,
	maxLengthOf,
} from "@paydesk/domain/disputes/evidence-fields";
import { DISPUTE_METADATA_KEYS, isEvidenceEditable, isInquiry } from "@paydesk/domain/disputes/statuses";
import type Stripe from "stripe";
import { z } from "zod";
import { auditActorOf } from "../../audit/record.ts";
import type { Db } from "../../db/connection.ts";
import type { DisputesTable } from "../../db/schema.ts";
import { disputeEvidenceOf, disputeMetadataOf } from "../../ledger/dispute-documents.ts";
import { type DisputeDecision, DisputeError } from "../../processors/processor.ts";
import { invalidRequest, parameterInvalid, resourceMissing } from "../errors.ts";
import { createdConditions, listOf, pageOf, planPage } from "../lists.ts";
import {
	boolean,
	expand,
	listParams,
	metadata,
	objectId,
	parseParams,
	retrieveParams,
	text,
} from "../params.ts";
import type { V1Context, V1Router } from "../plugin.ts";
import { ledgerEntryObject } from "./balance-transactions.ts";
import { chargeAnswers } from "./charges-refunds.ts";

type Kysely = Db["kysely"];

/** Keys only the processor writes: a client never sets them. */
const PROCESSOR_METADATA_KEYS: readonly string[] = [
	DISPUTE_METADATA_KEYS.evidenceSubmittedAt,
	DISPUTE_METADATA_KEYS.closedAt,
	DISPUTE_METADATA_KEYS.closedByMerchant,
];

function evidenceParam(key: EvidenceKey) {
	const type = EVIDENCE_FIELD_TYPES[key];
	if (type === "file") return z.union([z.literal(""), objectId]);
	if (type === "date") {
		return z.union([
			z.literal(""),
			z.string().regex(EVIDENCE_DATE_PATTERN, { error: "must be a date as YYYY-MM-DD" }),
		]);
	}
	return text(maxLengthOf(type) ?? 20_000);
}

/** Stripe's evidence fields, each as the admin's challenge form takes it; "" clears one. */
const evidenceParams = z.strictObject(
	Object.fromEntries(EVIDENCE_KEYS.map((key) => [key, evidenceParam(key).optional()])) as unknown as Record<
		EvidenceKey,
		z.ZodOptional<z.ZodType<string>>
	>,
);

const updateParams = z.strictObject({
	evidence: evidenceParams.optional(),
	metadata: metadata.optional(),
	submit: boolean.optional(),
	expand: expand.optional(),
});

const closeParams = z.strictObject({ expand: expand.optional() });

const listDisputesParams = z.strictObject({
	...listParams,
	charge: objectId.optional(),
	payment_intent: objectId.optional(),
});

function findDispute(db: Kysely, accountId: string, id: string): Promise<DisputesTable | undefined> {
	return db
		.selectFrom("disputes")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}

function evidenceObject(row: DisputesTable): Stripe.Dispute.Evidence {
	const stored = disputeEvidenceOf(row);
	const evidence = Object.fromEntries(EVIDENCE_KEYS.map((key) => [key, stored[key] || null]));
	return { ...evidence, enhanced_evidence: {} } as unknown as Stripe.Dispute.Evidence;
}

/** A dispute as Stripe's Dispute, with the ledger rows it moved (its debit and any reversal). */
export async function disputeAnswer(
	context: V1Context,
	row: DisputesTable,
	fields: readonly string[] = [],
): Promise<Stripe.Dispute> {
	const [answer] = await disputeAnswers(context, [row], fields);
	if (!answer) throw new Error(`dispute ${row.id} gave no answer`);
	return answer;
}

/**
 * A page of disputes, with their ledger rows and expanded charges read in one query each rather
 * than one per dispute (a page of 100 took 100 queries).
 */
async function disputeAnswers(
	context: V1Context,
	rows: readonly DisputesTable[],
	fields: readonly string[] = [],
): Promise<Stripe.Dispute[]> {
	for (const field of fields) {
		if (field !== "charge" && field !== "payment_intent") {
			throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
		}
	}
	if (rows.length === 0) return [];
	const db = context.request.server.deps.db.kysely;
	const chargeIds = [...new Set(rows.map((row) => row.charge_id))];
	const [transactions, charges] = await Promise.all([
		db
			.selectFrom("balance_transactions")
			.selectAll()
			.where("account_id", "=", context.accountId)
			.where("charge_id", "in", chargeIds)
			.where(
				"source_id",
				"in",
				rows.map((row) => row.id),
			)
			.execute(),
		fields.includes("charge")
			? db
					.selectFrom("charges")
					.selectAll()
					.where("account_id", "=", context.accountId)
					.where("id", "in", chargeIds)
					.execute()
					.then((found) => chargeAnswers(context, found))
			: [],
	]);
	transactions.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
	const chargeOf = new Map(charges.map((charge) => [charge.id, charge]));
	return rows.map((row) => {
		const metadataOfRow = disputeMetadataOf(row);
		const submitted = Boolean(metadataOfRow[DISPUTE_METADATA_KEYS.evidenceSubmittedAt]);
		return {
			id: row.id,
			object: "dispute",
			amount: row.amount,
			balance_transactions: transactions
				.filter((transaction) => transaction.source_id === row.id)
				.map((transaction) => ledgerEntryObject(transaction, context.now)),
			charge: chargeOf.get(row.charge_id) ?? row.charge_id,
			created: row.created,
			currency: row.currency,
			enhanced_eligibility_types: [],
			evidence: evidenceObject(row),
			evidence_details: {
				due_by: row.due_by,
				enhanced_eligibility: {},
				has_evidence: row.has_evidence === 1,
				past_due: isEvidenceEditable(row.status) && row.due_by <= context.now,
				submission_count: submitted ? 1 : 0,
				submission_method: submitted ? "manual" : "not_submitted",
			},
			intended_submission_method: null,
			// An inquiry has moved no money yet: refunding the payment settles it.
			is_charge_refundable: isInquiry(row.status) && isEvidenceEditable(row.status),
			livemode: context.livemode,
			metadata: metadataOfRow,
			payment_intent: row.payment_intent_id,
			reason: row.reason,
			status: row.status as Stripe.Dispute.Status,
		} satisfies Stripe.Dispute;
	});
}

/** The processor's refusals as Stripe's errors. */
async function decided(context: V1Context, run: () => Promise<DisputeDecision>): Promise<DisputeDecision> {
	try {
		return await run();
	} catch (error) {
		if (!(error instanceof DisputeError)) throw error;
		switch (error.code) {
			case "not_found":
				throw resourceMissing("dispute", context.path.id ?? "");
			case "not_editable":
				throw invalidRequest(error.message);
			case "unknown_file":
				throw invalidRequest(
					`evidence[${error.field}] must name a file of this account uploaded with purpose dispute_evidence.`,
					{ code: "resource_missing", param: `evidence[${error.field}]` },
				);
			case "files_too_large":
				throw invalidRequest(error.message, { param: "evidence" });
			case "evidence_too_long":
				throw invalidRequest(error.message, {
					param: error.field && error.field !== "evidence" ? `evidence[${error.field}]` : "evidence",
				});
			case "product_type_required":
				throw invalidRequest(
					`Submitting evidence needs the product type: set metadata[${DISPUTE_METADATA_KEYS.productType}] to physical_product, digital_product_or_service, offline_service or multiple, or save the evidence with submit=false.`,
					{ code: "parameter_missing", param: `metadata[${DISPUTE_METADATA_KEYS.productType}]` },
				);
		}
	}
}

/** The metadata a client may set, checked; `metadata=` removes the client's own keys. */
function metadataChanges(row: DisputesTable, given: Record<string, string>): Record<string, string> {
	if (Object.keys(given).length === 0) {
		const stored = disputeMetadataOf(row);
		const removable = Object.keys(stored).filter(
			(key) => !key.startsWith("__") && !(FILE_EVIDENCE_KEYS as readonly string[]).includes(key),
		);
		return Object.fromEntries(removable.map((key) => [key, ""]));
	}
	for (const [key, value] of Object.entries(given)) {
		if (PROCESSOR_METADATA_KEYS.includes(key)) {
			throw parameterInvalid(
				`metadata[${key}]`,
				"this key is set by Paydesk when evidence is submitted or the dispute closed",
			);
		}
		if (key === DISPUTE_METADATA_KEYS.productType && value !== "" && !isProductType(value)) {
			throw parameterInvalid(
				`metadata[${key}]`,
				"must be physical_product, digital_product_or_service, offline_service or multiple",
			);
		}
	}
	return given;
}

/** The file names of the evidence files named, as the admin's form records them with the ids. */
async function fileNames(
	db: Kysely,
	accountId: string,
	evidence: Record<string, string>,
	metadataGiven: Record<string, string>,
): Promise<Record<string, string>> {
	const named = FILE_EVIDENCE_KEYS.filter((key) => evidence[key] && metadataGiven[key] === undefined);
	if (named.length === 0) return {};
	const files = await db
		.selectFrom("files")
		.select(["id", "filename"])
		.where("account_id", "=", accountId)
		.where(
			"id",
			"in",
			named.map((key) => evidence[key] ?? ""),
		)
		.execute();
	const names: Record<string, string> = {};
	for (const key of named) {
		const file = files.find((candidate) => candidate.id === evidence[key]);
		if (file) names[key] = file.filename;
	}
	return names;
}

export function registerDisputes(router: V1Router): void {
	router.get("/disputes/:id", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		const id = context.path.id ?? "";
		const row = await findDispute(context.request.server.deps.db.kysely, context.accountId, id);
		if (!row) throw resourceMissing("dispute", id);
		return disputeAnswer(context, row, params.expand);
	});

	router.post("/disputes/:id", async (context) => {
		const params = parseParams(updateParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const id = context.path.id ?? "";
		const row = await findDispute(db, context.accountId, id);
		if (!row) throw resourceMissing("dispute", id);
		const evidence = Object.fromEntries(
			Object.entries(params.evidence ?? {}).filter(
				(entry): entry is [string, string] => entry[1] !== undefined,
			),
		);
		const given = params.metadata === undefined ? {} : metadataChanges(row, params.metadata);
		const changes = { ...(await fileNames(db, context.accountId, evidence, given)), ...given };
		// Stripe submits unless told not to: submit defaults to true.
		const submit = params.submit ?? true;
		await decided(context, () =>
			context.request.server.processorFor(context.accountId).saveEvidence({
				accountId: context.accountId,
				disputeId: id,
				evidence,
				metadata: changes,
				submit,
				now: context.now,
				idempotency: context.request.idempotencyScope,
				actor: auditActorOf(context.request),
			}),
		);
		const saved = await findDispute(db, context.accountId, id);
		if (!saved) throw resourceMissing("dispute", id);
		return disputeAnswer(context, saved, params.expand);
	});

	router.post("/disputes/:id/close", async (context) => {
		const params = parseParams(closeParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const id = context.path.id ?? "";
		await decided(context, () =>
			context.request.server.processorFor(context.accountId).acceptDispute({
				accountId: context.accountId,
				disputeId: id,
				now: context.now,
				idempotency: context.request.idempotencyScope,
				actor: auditActorOf(context.request),
			}),
		);
		const row = await findDispute(db, context.accountId, id);
		if (!row) throw resourceMissing("dispute", id);
		return disputeAnswer(context, row, params.expand);
	});

	router.get("/disputes", async (context) => {
		const params = parseParams(listDisputesParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const plan = await planPage(
			params,
			{ created: "disputes.created", id: "disputes.id" },
			"dispute",
			async (id) => (await findDispute(db, context.accountId, id))?.created,
		);
		let query = db.selectFrom("disputes").selectAll().where("disputes.account_id", "=", context.accountId);
		if (params.charge) query = query.where("disputes.charge_id", "=", params.charge);
		if (params.payment_intent) query = query.where("disputes.payment_intent_id", "=", params.payment_intent);
		for (const condition of createdConditions("disputes.created", params.created))
			query = query.where(condition);
		if (plan.cursor) query = query.where(plan.cursor);
		const rows = await query
			.orderBy("disputes.created", plan.direction)
			.orderBy("disputes.id", plan.direction)
			.limit(plan.take)
			.execute();
		const page = pageOf(rows, plan);
		const fields = (params.expand ?? []).map((field) => field.replace(/^data\./, ""));
		return listOf("/v1/disputes", await disputeAnswers(context, page.rows, fields), page.hasMore);
	});
}
