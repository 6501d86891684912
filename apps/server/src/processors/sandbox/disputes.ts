/**
 * The processor's dispute decisions (spec 3 §4.1, §4.2; DESIGN §4): accepting a dispute and
 * saving or submitting its evidence. Each is one database transaction that locks the dispute
 * row first and re-reads it under the lock, so a double click, a retry or twenty concurrent
 * requests decide once: the others find the dispute already decided (or, with the same
 * Idempotency-Key, get the first answer again). Accepting moves no money: the disputed amount
 * and the dispute fee were debited when the dispute opened, and they stay debited.
 */

import type { AuditAction } from "@paydesk/contract/audit-log";
import { FILE_EVIDENCE_KEYS } from "@paydesk/domain/disputes/evidence-fields";
import {
	type EvidenceTextViolation,
	evidenceTextViolation,
	fitsEvidenceFileLimit,
} from "@paydesk/domain/disputes/evidence-limits";
import {
	DISPUTE_METADATA_KEYS,
	disputeStatusLabel,
	isEvidenceEditable,
	isInquiry,
} from "@paydesk/domain/disputes/statuses";
import { englishTranslator } from "@paydesk/domain/translator";
import type { Kysely } from "kysely";
import { z } from "zod";
import { recordAudit } from "../../audit/record.ts";
import type { Db } from "../../db/connection.ts";
import { forUpdate } from "../../db/dialect.ts";
import type { Database, DisputesTable } from "../../db/schema.ts";
import { disputeEvidenceOf, disputeMetadataOf } from "../../ledger/dispute-documents.ts";
import { recordAccountEvents } from "../../ledger/events.ts";
import { rememberAnswer, replayedAnswer } from "../../ledger/idempotency.ts";
import { writeTimelineEvent } from "../../ledger/timeline.ts";
import {
	type DisputeActionRequest,
	type DisputeDecision,
	DisputeError,
	type EvidenceRequest,
} from "../processor.ts";

/**
 * Spec 3 §5.1's refusal as the server gives it: the spec's message, then the limit, with the
 * limit and the length refused in the error's data, so a client never guesses what was cut.
 */
function evidenceTooLong(violation: EvidenceTextViolation): DisputeError {
	const { limit, length } = violation;
	if (violation.kind === "field") {
		return new DisputeError(
			"evidence_too_long",
			`Reached maximum character count for evidence: ${violation.key} may hold at most ${limit} characters, and was sent ${length}.`,
			violation.key,
			{ limit, length },
		);
	}
	return new DisputeError(
		"evidence_too_long",
		`Reached maximum character count for evidence: all evidence text together must stay below ${limit} characters, and would be ${length}.`,
		"evidence",
		{ limit, length },
	);
}

type Trx = Kysely<Database>;

async function lockDispute(db: Db, trx: Trx, request: DisputeActionRequest): Promise<DisputesTable> {
	const row = await forUpdate(
		db.dialect,
		trx
			.selectFrom("disputes")
			.selectAll()
			.where("account_id", "=", request.accountId)
			.where("id", "=", request.disputeId),
	).executeTakeFirst();
	if (!row) throw new DisputeError("not_found", "The dispute you are looking for cannot be found.");
	return row;
}

function notEditable(row: DisputesTable): DisputeError {
	return new DisputeError(
		"not_editable",
		`This dispute is ${disputeStatusLabel(row.status, englishTranslator).toLowerCase()} and can no longer be changed.`,
	);
}

/**
 * Writes the event the payment's timeline shows, in the shape the demo store's dispute events
 * have: the customer's amount, and no money moved on the store's side.
 */
async function writeDisputeEvent(trx: Trx, row: DisputesTable, type: string, now: number): Promise<void> {
	const charge = await trx
		.selectFrom("charges")
		.select(["customer_amount", "customer_currency"])
		.where("account_id", "=", row.account_id)
		.where("id", "=", row.charge_id)
		.executeTakeFirst();
	const customerAmount = charge?.customer_amount ?? row.amount;
	const customerCurrency = charge?.customer_currency ?? row.currency;
	await writeTimelineEvent(trx, {
		accountId: row.account_id,
		paymentIntentId: row.payment_intent_id,
		type,
		datetime: now,
		data: {
			amount: customerAmount,
			currency: customerCurrency,
			reason: row.reason,
			fee: 0,
			transaction_details: {
				customer_currency: customerCurrency,
				customer_amount: customerAmount,
				store_currency: row.currency,
				store_amount: 0,
				store_fee: 0,
			},
		},
	});
}

/**
 * Runs a decision in one transaction: lock, replay an earlier answer under the same key,
 * decide, remember the answer under the key, and record the dispute's event when `apply`
 * answers its new status (null: nothing changed).
 */
async function decide(
	db: Db,
	request: DisputeActionRequest,
	audited: AuditAction | null,
	apply: (trx: Trx, row: DisputesTable) => Promise<string | null>,
): Promise<DisputeDecision> {
	return db.kysely.transaction().execute(async (trx) => {
		const row = await lockDispute(db, trx, request);
		const scope = request.idempotency;
		if (scope) {
			const first = await replayedAnswer(trx, scope, z.object({ dispute_id: z.string() }));
			if (first) return { disputeId: first.dispute_id, replayed: true };
		}
		const status = await apply(trx, row);
		if (scope) await rememberAnswer(trx, scope, { dispute_id: row.id }, request.now);
		if (status !== null) {
			await recordAccountEvents(trx, row.account_id, request.now, [
				{
					type: "dispute.updated",
					objectId: row.id,
					data: { status, charge_id: row.charge_id, payment_intent_id: row.payment_intent_id },
				},
			]);
			if (audited && request.actor) {
				await recordAudit(trx, {
					accountId: row.account_id,
					action: audited,
					actor: request.actor,
					now: request.now,
					object: { type: "dispute", id: row.id },
					paymentIntentId: row.payment_intent_id,
					details: {
						before: { status: row.status },
						after: { status },
						charge_id: row.charge_id,
						payment_intent_id: row.payment_intent_id,
						amount: row.amount,
						currency: row.currency,
					},
				});
			}
		}
		return { disputeId: row.id, replayed: false };
	});
}

/**
 * Accepts a dispute: lost and final, closed by the merchant. An inquiry closes as
 * warning_closed (it moved no money). Accepting an already accepted dispute changes nothing.
 */
export function acceptDispute(db: Db, request: DisputeActionRequest): Promise<DisputeDecision> {
	return decide(db, request, "dispute.accepted", async (trx, row) => {
		const metadata = disputeMetadataOf(row);
		if (metadata[DISPUTE_METADATA_KEYS.closedByMerchant] === "1") return null;
		if (!isEvidenceEditable(row.status)) throw notEditable(row);
		const inquiry = isInquiry(row.status);
		const status = inquiry ? "warning_closed" : "lost";
		metadata[DISPUTE_METADATA_KEYS.closedByMerchant] = "1";
		metadata[DISPUTE_METADATA_KEYS.closedAt] = String(request.now);
		await trx
			.updateTable("disputes")
			.set({ status, metadata: JSON.stringify(metadata) })
			.where("account_id", "=", row.account_id)
			.where("id", "=", row.id)
			.execute();
		await writeDisputeEvent(trx, row, inquiry ? "dispute_warning_closed" : "dispute_lost", request.now);
		return status;
	});
}

/** Merges changes into saved values; an empty string removes the key. */
function merge(
	saved: Record<string, string>,
	changes: Readonly<Record<string, string>>,
): Record<string, string> {
	const out = { ...saved };
	for (const [key, value] of Object.entries(changes)) {
		if (value === "") delete out[key];
		else out[key] = value;
	}
	return out;
}

/** Every file the evidence names must be the account's evidence upload, and all fit 4,500,000 bytes. */
async function checkEvidenceFiles(
	trx: Trx,
	accountId: string,
	evidence: Record<string, string>,
): Promise<void> {
	const wanted = FILE_EVIDENCE_KEYS.filter((key) => evidence[key]).map(
		(key) => [key, evidence[key] ?? ""] as const,
	);
	if (wanted.length === 0) return;
	const files = await trx
		.selectFrom("files")
		.select(["id", "size"])
		.where("account_id", "=", accountId)
		.where("purpose", "=", "dispute_evidence")
		.where(
			"id",
			"in",
			wanted.map(([, id]) => id),
		)
		.execute();
	const sizes = new Map(files.map((file) => [file.id, Number(file.size)]));
	for (const [key, id] of wanted) {
		if (!sizes.has(id))
			throw new DisputeError("unknown_file", `${key} is not an uploaded evidence file`, key);
	}
	if (!fitsEvidenceFileLimit(wanted.map(([, id]) => sizes.get(id) ?? 0))) {
		throw new DisputeError(
			"files_too_large",
			"The evidence files of a dispute may weigh at most 4,500,000 bytes together.",
		);
	}
}

/**
 * Saves evidence for later, or submits it: status under review and __evidence_submitted_at,
 * together with the evidence, in the same transaction. Refused once the dispute left the
 * editable statuses, so a second submit can never overwrite submitted evidence.
 */
export function saveDisputeEvidence(db: Db, request: EvidenceRequest): Promise<DisputeDecision> {
	return decide(db, request, request.submit ? "dispute.evidence_submitted" : null, async (trx, row) => {
		if (!isEvidenceEditable(row.status)) throw notEditable(row);
		const evidence = merge(disputeEvidenceOf(row), request.evidence);
		const metadata = merge(disputeMetadataOf(row), request.metadata);
		// A cleared file field loses its file name too.
		for (const key of FILE_EVIDENCE_KEYS) if (!evidence[key]) delete metadata[key];

		const violation = evidenceTextViolation(evidence);
		if (violation) throw evidenceTooLong(violation);
		await checkEvidenceFiles(trx, row.account_id, evidence);

		let status = row.status;
		if (request.submit) {
			if (!metadata[DISPUTE_METADATA_KEYS.productType]) {
				throw new DisputeError("product_type_required", "Please choose a product type before submitting.");
			}
			status = isInquiry(row.status) ? "warning_under_review" : "under_review";
			metadata[DISPUTE_METADATA_KEYS.evidenceSubmittedAt] = String(request.now);
		}
		await trx
			.updateTable("disputes")
			.set({
				status,
				evidence: JSON.stringify(evidence),
				metadata: JSON.stringify(metadata),
				has_evidence: request.submit ? 1 : row.has_evidence,
			})
			.where("account_id", "=", row.account_id)
			.where("id", "=", row.id)
			.execute();
		if (request.submit) await writeDisputeEvent(trx, row, "dispute_in_review", request.now);
		return status;
	});
}
