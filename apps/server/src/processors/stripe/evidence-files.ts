/**
 * Dispute evidence files of a store connected to its own Stripe account. The merchant uploads
 * evidence to Paydesk (payments/files/), so the evidence names Paydesk's files, which Stripe does
 * not know. Each one is uploaded to Stripe's Files API (purpose dispute_evidence) the first time
 * evidence names it, and Stripe's id for it is kept (stripe_files), so a retry or a second save
 * uploads nothing: Stripe is sent its own ids, and the copy keeps naming the merchant's files.
 *
 * An id that is not one of the store's files is sent as it is: evidence copied from Stripe names
 * Stripe's files already, and Stripe refuses an id it does not know.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Database } from "../../db/schema.ts";
import { disputesWithLocalFiles, namedFiles } from "../../payments/stripe-account/import/local-files.ts";
import { DisputeError } from "../processor.ts";
import type { StripeClient } from "./client.ts";

/** Where the files go: the store's account, its database and its Stripe client. */
export interface EvidenceFilesDeps {
	db: Kysely<Database>;
	accountId: string;
	client: StripeClient;
}

const EVIDENCE_PURPOSE = "dispute_evidence";

async function stripeAccountOf(deps: EvidenceFilesDeps): Promise<string> {
	const connection = await deps.db
		.selectFrom("stripe_connections")
		.select("stripe_account_id")
		.where("account_id", "=", deps.accountId)
		.executeTakeFirstOrThrow();
	return connection.stripe_account_id;
}

/** Stripe's ids of the local files already uploaded to the Stripe account, by local id. */
async function uploaded(
	deps: EvidenceFilesDeps,
	stripeAccountId: string,
	fileIds: readonly string[],
): Promise<Map<string, string>> {
	const rows = await deps.db
		.selectFrom("stripe_files")
		.select(["file_id", "stripe_file_id"])
		.where("account_id", "=", deps.accountId)
		.where("stripe_account_id", "=", stripeAccountId)
		.where("file_id", "in", [...new Set(fileIds)])
		.execute();
	return new Map(rows.map((row) => [row.file_id, row.stripe_file_id]));
}

/** The key of a file's upload: one file is one upload at Stripe, however often it is tried. */
const uploadKey = (accountId: string, stripeAccountId: string, fileId: string) =>
	`paydesk-${createHash("sha256")
		.update(`${accountId}|${stripeAccountId}|file|${fileId}`)
		.digest("hex")
		.slice(0, 48)}`;

/**
 * The evidence as Stripe takes it: each field naming one of the store's evidence files names
 * Stripe's copy of it, uploaded now when Stripe does not have it yet. A store file that is not an
 * evidence upload is refused as the sandbox refuses it; a failed upload is the client's
 * StripeError, before the dispute is changed.
 */
export async function evidenceForStripe(
	deps: EvidenceFilesDeps,
	evidence: Readonly<Record<string, string>>,
	/** Server time, seconds. */
	now: number,
): Promise<Record<string, string>> {
	const named = namedFiles(evidence);
	if (named.size === 0) return { ...evidence };
	const stripeAccountId = await stripeAccountOf(deps);
	const ids = [...new Set(named.values())];
	const known = await uploaded(deps, stripeAccountId, ids);
	const missing = ids.filter((id) => !known.has(id));
	const files =
		missing.length === 0
			? []
			: await deps.db
					.selectFrom("files")
					.select(["id", "purpose", "filename", "mime_type", "content"])
					.where("account_id", "=", deps.accountId)
					.where("id", "in", missing)
					.execute();
	for (const [key, id] of named) {
		const file = files.find((candidate) => candidate.id === id);
		if (file && file.purpose !== EVIDENCE_PURPOSE) {
			throw new DisputeError("unknown_file", `${key} is not an uploaded evidence file`, key);
		}
	}
	for (const file of files) {
		const made = await deps.client.uploadFile(
			{
				purpose: EVIDENCE_PURPOSE,
				filename: file.filename,
				mimeType: file.mime_type,
				content: file.content,
			},
			{ idempotencyKey: uploadKey(deps.accountId, stripeAccountId, file.id) },
		);
		// Two saves at once may both have uploaded it: the first kept is the one both send.
		await deps.db
			.insertInto("stripe_files")
			.values({
				account_id: deps.accountId,
				stripe_account_id: stripeAccountId,
				file_id: file.id,
				stripe_file_id: made.id,
				created: now,
			})
			.onConflict((conflict) => conflict.columns(["account_id", "stripe_account_id", "file_id"]).doNothing())
			.execute();
	}
	const stripeIds = files.length === 0 ? known : await uploaded(deps, stripeAccountId, ids);
	const out = { ...evidence };
	for (const [key, id] of named) out[key] = stripeIds.get(id) ?? id;
	return out;
}

/**
 * Stripe's dispute with its evidence naming the store's own files where Stripe's were uploaded
 * from them, as the copy keeps it (the admin shows and serves the merchant's files).
 */
export async function disputeWithLocalFiles(
	deps: EvidenceFilesDeps,
	dispute: Stripe.Dispute,
): Promise<Stripe.Dispute> {
	const [mapped] = await disputesWithLocalFiles(deps.db, deps.accountId, [dispute]);
	return mapped ?? dispute;
}
