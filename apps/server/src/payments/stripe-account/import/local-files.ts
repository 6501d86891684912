/**
 * Evidence files in the copy. The merchant's evidence files are Paydesk's (payments/files/); the
 * ones sent to Stripe were uploaded there (stripe_files keeps Stripe's id for each). A dispute as
 * Stripe answers it names Stripe's copies, so the copy names the merchant's own files again
 * wherever it has them: the admin shows and serves those.
 */
import { FILE_EVIDENCE_KEYS } from "@paydesk/domain/disputes/evidence-fields";
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Database } from "../../../db/schema.ts";

/** The file ids an evidence document names, by field (an expanded file counts by its id). */
export function namedFiles(evidence: Readonly<Record<string, unknown>>): Map<string, string> {
	const named = new Map<string, string>();
	for (const key of FILE_EVIDENCE_KEYS) {
		const value = evidence[key];
		const id = typeof value === "string" ? value : (value as { id?: unknown } | null | undefined)?.id;
		if (typeof id === "string" && id !== "") named.set(key, id);
	}
	return named;
}

/** Disputes with their evidence naming the store's files where Stripe's were uploaded from them. */
export async function disputesWithLocalFiles(
	db: Kysely<Database>,
	accountId: string,
	disputes: readonly Stripe.Dispute[],
): Promise<Stripe.Dispute[]> {
	const named = disputes.map((dispute) => namedFiles(dispute.evidence as unknown as Record<string, unknown>));
	const stripeIds = [...new Set(named.flatMap((files) => [...files.values()]))];
	if (stripeIds.length === 0) return [...disputes];
	const rows = await db
		.selectFrom("stripe_files")
		.select(["file_id", "stripe_file_id"])
		.where("account_id", "=", accountId)
		.where("stripe_file_id", "in", stripeIds)
		.execute();
	const localOf = new Map(rows.map((row) => [row.stripe_file_id, row.file_id]));
	return disputes.map((dispute, index) => {
		const files = named[index];
		if (!files || files.size === 0) return dispute;
		const evidence: Record<string, unknown> = { ...dispute.evidence };
		for (const [key, id] of files) evidence[key] = localOf.get(id) ?? id;
		return { ...dispute, evidence: evidence as unknown as Stripe.Dispute.Evidence };
	});
}
