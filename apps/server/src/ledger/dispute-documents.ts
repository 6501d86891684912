/**
 * A dispute's JSON documents, with the schemas the contract serves them by: its evidence and
 * metadata are text by key, and the issuer's evidence, when there is any, an object.
 */
import { dispute } from "@paydesk/contract/disputes";
import { parseJsonColumn } from "../db/json.ts";
import type { DisputesTable } from "../db/schema.ts";

const storedEvidence = dispute.shape.evidence.describe("disputes.evidence");
const storedMetadata = dispute.shape.metadata.describe("disputes.metadata");
const storedIssuerEvidence = dispute.shape.issuer_evidence.unwrap().describe("disputes.issuer_evidence");

/** The evidence the merchant saved or submitted, by field. */
export const disputeEvidenceOf = (row: Pick<DisputesTable, "evidence">): Record<string, string> =>
	parseJsonColumn(storedEvidence, row.evidence, {});

/** The dispute's metadata: product type, when evidence was submitted, when it closed … */
export const disputeMetadataOf = (row: Pick<DisputesTable, "metadata">): Record<string, string> =>
	parseJsonColumn(storedMetadata, row.metadata, {});

/** The evidence the issuer sent (inquiries), or null. */
export const issuerEvidenceOf = (
	row: Pick<DisputesTable, "issuer_evidence">,
): Record<string, unknown> | null => parseJsonColumn(storedIssuerEvidence, row.issuer_evidence, null);
