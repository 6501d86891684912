/**
 * The timed life of a dispute (spec 3 §4.1):
 * - arrival: a dispute test card's payment is disputed a while after it succeeded; the dispute
 *   brings its ledger withdrawal (amount plus the dispute fee), its timeline event, an e-mail
 *   and an inbox note (the overview's task reads the dispute itself);
 * - no answer: once due_by passes, a dispute is lost and an inquiry closes;
 * - evidence submitted: decided a while after submission by the evidence's test values, a win
 *   reinstating the amount and the fee;
 * - evidence due soon: 72 hours before an open dispute's deadline the store is notified.
 * Each change adds its account event to the step's events (processor/account-events.ts).
 */

import { EVIDENCE_DUE_NOTICE_HOURS } from "@paydesk/contract/events";
import { DISPUTE_METADATA_KEYS } from "@paydesk/domain/disputes/statuses";
import { formatAmount } from "@paydesk/domain/money";
import { DAY_SECONDS, disputeOutcomeOf, HOUR_SECONDS } from "@paydesk/domain/processor-schedule";
import { type Kysely, sql } from "kysely";
import { newId, nextSequence } from "../../db/ids.ts";
import type { ChargesTable, Database, DisputesTable } from "../../db/schema.ts";
import { TUNING } from "../../env.ts";
import { queueDisputeMail } from "../../jobs/dispute-mail.ts";
import { paymentMethodDetailsOf } from "../../ledger/charge-details.ts";
import { disputeEvidenceOf, disputeMetadataOf } from "../../ledger/dispute-documents.ts";
import { chargeEntry } from "../../ledger/entries.ts";
import type { NewAccountEvent } from "../../ledger/events.ts";
import { insertBalanceTransactions } from "../../ledger/rollups.ts";
import { disputeData, writeTimelineEvent } from "../../ledger/timeline.ts";
import { notify } from "../../notifications/notify.ts";

/** The dispute fee, in minor units of the dispute's currency (the demo store's disputes too). */
export const DISPUTE_FEE = 1500;

/** How long after a dispute card's payment the dispute arrives (SANDBOX_DISPUTE_DELAY_SECONDS). */
export const DISPUTE_ARRIVAL_DELAY = TUNING.SANDBOX_DISPUTE_DELAY_SECONDS;
/** How long the merchant has to answer a dispute. */
export const DISPUTE_RESPONSE_WINDOW = 7 * DAY_SECONDS;
/** How long the bank takes to decide submitted evidence (SANDBOX_DISPUTE_DECISION_SECONDS). */
export const DISPUTE_DECISION_DELAY = TUNING.SANDBOX_DISPUTE_DECISION_SECONDS;

const REASON: Record<string, string> = {
	fraudulent: "fraudulent",
	product_not_received: "product_not_received",
	inquiry: "fraudulent",
};

type Trx = Kysely<Database>;

async function disputeEvent(
	trx: Trx,
	charge: ChargesTable,
	dispute: DisputesTable,
	type: string,
	at: number,
	moved: { amount: number; fee: number },
) {
	await writeTimelineEvent(trx, {
		accountId: charge.account_id,
		paymentIntentId: charge.payment_intent_id,
		type,
		datetime: at,
		data: disputeData(charge, dispute.reason, moved),
	});
}

/** When the next dispute card's dispute arrives. */
export async function nextDisputeArrival(trx: Trx, accountId: string): Promise<number | null> {
	const row = await trx
		.selectFrom("charges")
		.select((eb) => eb.fn.min<number>("created").as("first"))
		.where("account_id", "=", accountId)
		.where("sandbox_dispute", "is not", null)
		.executeTakeFirst();
	return row?.first == null ? null : Number(row.first) + DISPUTE_ARRIVAL_DELAY;
}

function brandOf(charge: ChargesTable): string | undefined {
	const brand = paymentMethodDetailsOf(charge).brand;
	return typeof brand === "string" ? brand : undefined;
}

/** What a dispute's event says of it. */
function disputeChange(
	type: "dispute.created" | "dispute.updated",
	dispute: DisputesTable,
	status: string,
): NewAccountEvent {
	return {
		type,
		objectId: dispute.id,
		data: { status, charge_id: dispute.charge_id, payment_intent_id: dispute.payment_intent_id },
	};
}

async function raiseDispute(trx: Trx, charge: ChargesTable, events: NewAccountEvent[]): Promise<void> {
	const kind = charge.sandbox_dispute ?? "";
	// A compare-and-set: the dispute to come is taken once, and judged by the charge as it is now
	// (a refund or a cancellation may have committed since it was read).
	const now = await trx
		.updateTable("charges")
		.set({ sandbox_dispute: null })
		.where("account_id", "=", charge.account_id)
		.where("id", "=", charge.id)
		.where("sandbox_dispute", "is not", null)
		.returning(["captured", "refunded", "disputed"])
		.executeTakeFirst();
	// Only a captured payment that is still whole can be disputed.
	if (now?.captured !== 1 || now.refunded === 1 || now.disputed === 1) return;
	const at = charge.created + DISPUTE_ARRIVAL_DELAY;
	const inquiry = kind === "inquiry";
	const dispute: DisputesTable = {
		account_id: charge.account_id,
		id: newId("du"),
		charge_id: charge.id,
		payment_intent_id: charge.payment_intent_id,
		order_id: charge.order_id,
		amount: charge.amount,
		currency: charge.currency,
		status: inquiry ? "warning_needs_response" : "needs_response",
		reason: REASON[kind] ?? "general",
		created: at,
		due_by: at + DISPUTE_RESPONSE_WINDOW,
		has_evidence: 0,
		evidence: "{}",
		metadata: "{}",
		issuer_evidence: null,
		customer_name: charge.customer_name,
		customer_email: charge.customer_email,
		customer_country: charge.customer_country,
		source: brandOf(charge) ?? charge.payment_method_type,
		balance_transaction_id: null,
	};
	let moved = { amount: 0, fee: 0 };
	if (!inquiry) {
		const entry = await chargeEntry(trx, charge, {
			type: "dispute",
			reportingCategory: "dispute",
			sourceId: dispute.id,
			amount: -charge.amount,
			fee: DISPUTE_FEE,
			created: at,
		});
		await insertBalanceTransactions(trx, [entry]);
		dispute.balance_transaction_id = entry.id;
		moved = { amount: -charge.amount, fee: DISPUTE_FEE };
	}
	await trx.insertInto("disputes").values(dispute).execute();
	await trx
		.updateTable("charges")
		.set({ disputed: 1 })
		.where("account_id", "=", charge.account_id)
		.where("id", "=", charge.id)
		.execute();
	await disputeEvent(trx, charge, dispute, "dispute_needs_response", at, moved);
	const amount = formatAmount(charge.amount, charge.currency);
	const title = inquiry ? `An inquiry was opened on a ${amount} payment` : `A ${amount} payment was disputed`;
	const mail = { amount: charge.amount, currency: charge.currency, orderId: charge.order_id, inquiry };
	await queueDisputeMail(trx, { ...mail, accountId: charge.account_id, dueBy: dispute.due_by }, at);
	await notify(trx, {
		accountId: charge.account_id,
		userId: null,
		type: "dispute_created",
		objectId: dispute.id,
		created: at,
		facts: { amount: dispute.amount, currency: dispute.currency, due_by: dispute.due_by, inquiry },
	});
	events.push(disputeChange("dispute.created", dispute, dispute.status));
	const noteId = await nextSequence(trx, charge.account_id, "inbox_notes");
	await trx
		.insertInto("inbox_notes")
		.values({
			account_id: charge.account_id,
			id: noteId,
			name: `wc-payments-notes-dispute-${dispute.id}`,
			title,
			content: "Respond to the dispute with evidence before it is due, or accept it.",
			type: "warning",
			status: "unactioned",
			actions: JSON.stringify([
				{
					id: noteId,
					name: "view-dispute",
					label: "Respond now",
					url: `admin.php?page=wc-admin&path=/payments/disputes/challenge&id=${dispute.id}`,
					primary: true,
				},
			]),
			date_created: at,
			layout: "plain",
			image: "",
			is_deleted: 0,
			is_read: 0,
			source: "woocommerce-payments",
		})
		.execute();
}

/** Raises the disputes of dispute cards due by `now`, oldest payment first. */
export async function raiseDueDisputes(
	trx: Trx,
	accountId: string,
	now: number,
	events: NewAccountEvent[],
): Promise<void> {
	const due = await trx
		.selectFrom("charges")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("sandbox_dispute", "is not", null)
		.where("created", "<=", now - DISPUTE_ARRIVAL_DELAY)
		.orderBy("created")
		.execute();
	for (const charge of due) await raiseDispute(trx, charge, events);
}

const OPEN = ["needs_response", "warning_needs_response"];
const IN_REVIEW = ["under_review", "warning_under_review"];

/** The next dispute deadline or decision. */
export async function nextDisputeChange(trx: Trx, accountId: string): Promise<number | null> {
	const open = await trx
		.selectFrom("disputes")
		.select((eb) => eb.fn.min<number>("due_by").as("first"))
		.where("account_id", "=", accountId)
		.where("status", "in", OPEN)
		.executeTakeFirst();
	const reviewed = await trx
		.selectFrom("disputes")
		.select(["metadata", "created"])
		.where("account_id", "=", accountId)
		.where("status", "in", IN_REVIEW)
		.execute();
	const decisions = reviewed.map((row) => decisionTime(row));
	const candidates = [open?.first == null ? null : Number(open.first), ...decisions].filter(
		(value): value is number => value !== null,
	);
	return candidates.length === 0 ? null : Math.min(...candidates);
}

function decisionTime(row: Pick<DisputesTable, "metadata" | "created">): number {
	const metadata = disputeMetadataOf(row);
	const submitted = Number(metadata[DISPUTE_METADATA_KEYS.evidenceSubmittedAt] ?? row.created);
	return (Number.isFinite(submitted) ? submitted : row.created) + DISPUTE_DECISION_DELAY;
}

async function chargeOf(trx: Trx, dispute: DisputesTable): Promise<ChargesTable | undefined> {
	return trx
		.selectFrom("charges")
		.selectAll()
		.where("account_id", "=", dispute.account_id)
		.where("id", "=", dispute.charge_id)
		.executeTakeFirst();
}

async function close(
	trx: Trx,
	dispute: DisputesTable,
	status: "won" | "lost" | "warning_closed",
	at: number,
	events: NewAccountEvent[],
) {
	const metadata = disputeMetadataOf(dispute);
	if (status !== "warning_closed") metadata[DISPUTE_METADATA_KEYS.closedAt] = String(at);
	const updated = await trx
		.updateTable("disputes")
		.set({ status, metadata: JSON.stringify(metadata) })
		.where("account_id", "=", dispute.account_id)
		.where("id", "=", dispute.id)
		.where("status", "=", dispute.status)
		.executeTakeFirst();
	if (Number(updated.numUpdatedRows) !== 1) return;
	events.push(disputeChange("dispute.updated", dispute, status));
	const charge = await chargeOf(trx, dispute);
	if (!charge) return;
	let moved = { amount: 0, fee: 0 };
	if (status === "won" && dispute.balance_transaction_id) {
		const entry = await chargeEntry(trx, charge, {
			type: "dispute_reversal",
			reportingCategory: "dispute_reversal",
			sourceId: dispute.id,
			amount: dispute.amount,
			fee: -DISPUTE_FEE,
			created: at,
		});
		await insertBalanceTransactions(trx, [entry]);
		moved = { amount: dispute.amount, fee: -DISPUTE_FEE };
	}
	const event =
		status === "won" ? "dispute_won" : status === "lost" ? "dispute_lost" : "dispute_warning_closed";
	await disputeEvent(trx, charge, dispute, event, at, moved);
}

/** Deadlines that passed lose the dispute (close the inquiry); submitted evidence is decided. */
export async function decideDueDisputes(
	trx: Trx,
	accountId: string,
	now: number,
	events: NewAccountEvent[],
): Promise<void> {
	const unanswered = await trx
		.selectFrom("disputes")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("status", "in", OPEN)
		.where("due_by", "<=", now)
		.orderBy("due_by")
		.execute();
	for (const dispute of unanswered) {
		await close(
			trx,
			dispute,
			dispute.status === "warning_needs_response" ? "warning_closed" : "lost",
			dispute.due_by,
			events,
		);
	}
	const reviewed = await trx
		.selectFrom("disputes")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("status", "in", IN_REVIEW)
		.execute();
	for (const dispute of reviewed.sort((a, b) => decisionTime(a) - decisionTime(b))) {
		const at = decisionTime(dispute);
		if (at > now) continue;
		const evidence = disputeEvidenceOf(dispute);
		await close(
			trx,
			dispute,
			disputeOutcomeOf(evidence, dispute.status === "warning_under_review"),
			at,
			events,
		);
	}
}

const EVIDENCE_NOTICE_SECONDS = EVIDENCE_DUE_NOTICE_HOURS * HOUR_SECONDS;

/** Open disputes whose evidence-due notification is not written yet. */
function unremindedDisputes(trx: Trx, accountId: string) {
	return trx
		.selectFrom("disputes")
		.where("disputes.account_id", "=", accountId)
		.where("disputes.status", "in", OPEN)
		.where(({ not, exists, selectFrom }) =>
			not(
				exists(
					selectFrom("notifications")
						.select(sql.lit(1).as("one"))
						.where("notifications.account_id", "=", accountId)
						.where("notifications.type", "=", sql.lit("dispute_evidence_due"))
						.whereRef("notifications.object_id", "=", "disputes.id"),
				),
			),
		);
}

/** When the next open dispute's evidence comes within 72 hours of its deadline. */
export async function nextEvidenceReminder(trx: Trx, accountId: string): Promise<number | null> {
	const row = await unremindedDisputes(trx, accountId)
		.select((eb) => eb.fn.min<number>("disputes.due_by").as("first"))
		.executeTakeFirst();
	return row?.first == null ? null : Number(row.first) - EVIDENCE_NOTICE_SECONDS;
}

/**
 * Notifies the store of open disputes whose evidence is due within 72 hours of `now` (those
 * past their deadline are closed by decideDueDisputes in the same step instead).
 */
export async function remindDueEvidence(trx: Trx, accountId: string, now: number): Promise<void> {
	const due = await unremindedDisputes(trx, accountId)
		.selectAll("disputes")
		.where("disputes.due_by", "<=", now + EVIDENCE_NOTICE_SECONDS)
		.where("disputes.due_by", ">", now)
		.orderBy("disputes.due_by")
		.execute();
	for (const dispute of due) {
		await notify(trx, {
			accountId,
			userId: null,
			type: "dispute_evidence_due",
			objectId: dispute.id,
			created: Math.max(dispute.due_by - EVIDENCE_NOTICE_SECONDS, dispute.created),
			facts: { amount: dispute.amount, currency: dispute.currency, due_by: dispute.due_by },
		});
	}
}
