/**
 * One dispute in its REST shape (spec 3 §3.1): the row, its charge, its order, the balance
 * transactions it moved (the debit and, when won, the reversal) and the files its evidence
 * names. A handful of keyed lookups, whatever the dispute.
 */
import type { Dispute } from "@paydesk/contract/disputes";
import { FILE_EVIDENCE_KEYS } from "@paydesk/domain/disputes/evidence-fields";
import type { DisputeStatus } from "@paydesk/domain/disputes/statuses";
import { orderEditUrl } from "@paydesk/domain/refunds";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { disputeEvidenceOf, disputeMetadataOf, issuerEvidenceOf } from "../../ledger/dispute-documents.ts";

export async function loadDispute(
	db: Kysely<Database>,
	accountId: string,
	id: string,
): Promise<Dispute | null> {
	const row = await db
		.selectFrom("disputes")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
	if (!row) return null;

	const charge = await db
		.selectFrom("charges")
		.select(["id", "payment_intent_id", "balance_transaction_id", "amount", "currency", "created"])
		.select(["customer_name", "customer_email"])
		.where("account_id", "=", accountId)
		.where("id", "=", row.charge_id)
		.executeTakeFirst();
	const order =
		row.order_id === null
			? undefined
			: await db
					.selectFrom("orders")
					.select(["id", "number"])
					.where("account_id", "=", accountId)
					.where("id", "=", row.order_id)
					.executeTakeFirst();
	// balance_transactions_charge narrows to the charge's few rows; they are sorted here, because
	// an ORDER BY created lets SQLite walk the whole ledger by its created index instead (346 ms
	// at a million rows, found by bench/src/load.ts).
	const transactions = (
		await db
			.selectFrom("balance_transactions")
			.select(["id", "amount", "fee", "reporting_category", "currency", "created"])
			.where("account_id", "=", accountId)
			.where("charge_id", "=", row.charge_id)
			// A dispute is never its row's charge, so its id is stored (processor/ledger-source.ts).
			.where("source_id", "=", row.id)
			.execute()
	).sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));

	const evidence = disputeEvidenceOf(row);
	const metadata = disputeMetadataOf(row);
	const fileIds = FILE_EVIDENCE_KEYS.map((key) => evidence[key]).filter((value): value is string => !!value);
	const files =
		fileIds.length === 0
			? []
			: await db
					.selectFrom("files")
					.select(["id", "filename", "size"])
					.where("account_id", "=", accountId)
					.where("id", "in", fileIds)
					.execute();
	const evidenceFiles: Dispute["evidence_files"] = {};
	for (const key of FILE_EVIDENCE_KEYS) {
		const file = files.find((candidate) => candidate.id === evidence[key]);
		if (file) evidenceFiles[key] = { id: file.id, filename: file.filename, size: Number(file.size) };
	}

	return {
		id: row.id,
		status: row.status as DisputeStatus,
		reason: row.reason,
		amount: row.amount,
		currency: row.currency,
		created: row.created,
		charge: {
			id: row.charge_id,
			payment_intent: charge?.payment_intent_id ?? row.payment_intent_id,
			balance_transaction: charge?.balance_transaction_id ?? null,
			amount: charge?.amount ?? row.amount,
			currency: charge?.currency ?? row.currency,
			created: charge?.created ?? row.created,
			billing_details: {
				name: charge?.customer_name ?? row.customer_name,
				email: charge?.customer_email ?? row.customer_email,
			},
		},
		order: order ? { id: order.id, number: order.number, url: orderEditUrl(order.id) } : null,
		evidence,
		metadata,
		evidence_details: { due_by: row.due_by, has_evidence: row.has_evidence === 1 },
		issuer_evidence: issuerEvidenceOf(row),
		balance_transactions: transactions.map((transaction) => ({
			id: transaction.id,
			amount: transaction.amount,
			fee: transaction.fee,
			reporting_category: transaction.reporting_category,
			currency: transaction.currency,
		})),
		evidence_files: evidenceFiles,
	};
}
